/**
 * Promises of the docs held to what is true: docs/agent.md's timeouts of the default config are
 * those agent-config writes; docs/installing.md says that npm 11's install-scripts warning for
 * ssh2 and cpu-features needs no approval, and quotes the refusal of each removed config key as
 * the config loader words it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { mcpEndpoints } from '../../../generator/agentConfig';
import { ConfigError, defaultConfig, loadConfig, parseConfig } from '../../../generator/config';
import { CATALOGUE } from '../../helpers/defaultCatalogue';

const doc = (page: string) => readFileSync(join(__dirname, '..', '..', '..', 'docs', page), 'utf8').replace(/\s+/g, ' ');

/** Seconds agent-config gives the tool workflow and the split's reads and changes servers. */
function timeouts() {
	const config = loadConfig();
	const split = { ...config, toolsets: [{ name: 'reads', path: 'hermes-reads', tools: 'readOnly' as const }, { name: 'changes', path: 'hermes-changes', tools: 'changing' as const }] };
	const seconds = (c: typeof config, server: string) => mcpEndpoints(CATALOGUE, c, 'http://127.0.0.1:5678').find((e) => e.server === server)!.timeoutSeconds;
	return { tools: seconds(config, config.mcpPath), reads: seconds(split, 'hermes-reads'), changes: seconds(split, 'hermes-changes') };
}

it("docs/agent.md gives the default config's timeouts", () => {
	const { tools, reads, changes } = timeouts();
	expect(doc('agent.md')).toContain(`Default config: the tool workflow ${tools} s; split, reads ${reads} s and changes ${changes} s.`);
});

it("docs/installing.md says npm 11's install-scripts warning for ssh2 and cpu-features is expected and needs no approval", () => {
	const page = doc('installing.md');
	expect(page).toContain('npm warn install-scripts 2 packages have install scripts not yet covered by allowScripts:');
	const { dependencies } = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
	expect(page).toContain(`ssh2@${dependencies.ssh2} (install: node install.js)`);
	expect(page).toMatch(/expected and needs no approval/);
	expect(page).toMatch(/ssh2 works without either/);
});

/** The default config with `key` (`section.key` for a key of a section) set to `value`. */
function withKey(key: string, value: string): Record<string, unknown> {
	const config: Record<string, unknown> = { ...defaultConfig() };
	const [section, inner] = key.split('.');
	if (inner === undefined) return { ...config, [key]: value };
	return { ...config, [section]: { ...(config[section] as object | undefined), [inner]: value } };
}

/** The loader's refusal of `key: value`, without the key, up to its first parenthesis or sentence end. */
function refusalOpening(key: string, value: string): string {
	let issues: string[] = [];
	try {
		parseConfig(withKey(key, value));
	} catch (error) {
		if (error instanceof ConfigError) issues = error.issues;
		else throw error;
	}
	const issue = issues.find((line) => line.startsWith(`${key}: `));
	if (!issue) throw new Error(`the config loader does not refuse ${key}: ${value}`);
	const text = issue.slice(key.length + 2);
	const ends = [text.indexOf(' ('), text.indexOf('. ')].filter((at) => at > 0);
	return ends.length > 0 ? text.slice(0, Math.min(...ends)) : text;
}

it.each([
	['odooMode', 'native'],
	['n8nVersion', '1.x'],
	['n8nVersion', '2.x'],
	['approvals.lockTable', 'hermes_approval_locks'],
	['creates.lockTable', 'hermes_create_locks'],
])("docs/installing.md's note on removed keys quotes the refusal of %s: '%s'", (key, value) => {
	const page = doc('installing.md');
	const section = page.slice(page.indexOf('## Removed config keys'));
	expect(section).toContain(refusalOpening(key, value));
});
