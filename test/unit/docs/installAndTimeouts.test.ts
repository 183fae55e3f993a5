/**
 * Two promises of the docs held to what is true: docs/agent.md's timeouts of the default config
 * (odooMode 'hermes' is the default) are those agent-config writes, and docs/installing.md says
 * that npm 11's install-scripts warning for ssh2 and cpu-features needs no approval.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { mcpEndpoints } from '../../../generator/agentConfig';
import { loadConfig } from '../../../generator/config';
import { CATALOGUE } from '../../helpers/defaultCatalogue';

const doc = (page: string) => readFileSync(join(__dirname, '..', '..', '..', 'docs', page), 'utf8').replace(/\s+/g, ' ');

/** Seconds agent-config gives the tool workflow and the split's reads and changes servers. */
function timeouts(odooMode: 'hermes' | 'native') {
	const config = { ...loadConfig(), odooMode };
	const split = { ...config, toolsets: [{ name: 'reads', path: 'hermes-reads', tools: 'readOnly' as const }, { name: 'changes', path: 'hermes-changes', tools: 'changing' as const }] };
	const seconds = (c: typeof config, server: string) => mcpEndpoints(CATALOGUE, c, 'http://127.0.0.1:5678').find((e) => e.server === server)!.timeoutSeconds;
	return { tools: seconds(config, config.mcpPath), reads: seconds(split, 'hermes-reads'), changes: seconds(split, 'hermes-changes') };
}

it("docs/agent.md gives the default config's timeouts, and says the default is odooMode 'hermes'", () => {
	expect(loadConfig().odooMode).toBe('hermes');
	const { tools, reads, changes } = timeouts('hermes');
	expect(doc('agent.md')).toContain(`Default config (\`odooMode: 'hermes'\`): the tool workflow ${tools} s; split, reads ${reads} s and changes ${changes} s.`);
});

it("docs/agent.md gives the reads server's timeout with odooMode 'native'", () => {
	expect(doc('agent.md')).toContain(`With \`odooMode: 'native'\` the reads server has n8n's Odoo node and gets ${timeouts('native').reads} s.`);
});

it("docs/installing.md says npm 11's install-scripts warning for ssh2 and cpu-features is expected and needs no approval", () => {
	const page = doc('installing.md');
	expect(page).toContain('npm warn install-scripts 2 packages have install scripts not yet covered by allowScripts:');
	const { dependencies } = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
	expect(page).toContain(`ssh2@${dependencies.ssh2} (install: node install.js)`);
	expect(page).toMatch(/expected and needs no approval/);
	expect(page).toMatch(/ssh2 works without either/);
});
