/**
 * What init's CI template and next steps tell a new project about its first lint: the warnings
 * it will see are the default catalogue's sensitive tools without approvals (HMT017). The next
 * steps are the README's quick start after init, and the config it writes names `--help` right.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { projectId, runInit } from '../../../../../generator/cli/commands/init';
import { CATALOGUE } from '../../../../helpers/defaultCatalogue';
import { quickStart } from '../../../../helpers/docCommands';
import { scratchSpace } from '../../../../harness/scratch';

const template = readFileSync(join(__dirname, '../../../../../generator/templates/project/ci.yml'), 'utf8');
const sensitive = CATALOGUE.filter((tool) => tool.sensitive).map((tool) => tool.name);
const scratch = scratchSpace('hermes-init-');

it('the CI template names every sensitive tool and their count as the warnings to expect', () => {
	expect(template).toContain(`${sensitive.length} warnings (HMT017)`);
	for (const tool of sensitive) expect(template).toContain(tool);
});

it('the CI template installs without a lockfile and with one', () => {
	expect(template).toMatch(/if \[ -f package-lock\.json \]; then npm ci; else npm install/);
	expect(template).not.toMatch(/Copy to/);
});

it("init's next steps say to commit the lockfile and what the first lint reports", () => {
	let out = '';
	const dir = scratch();
	expect(runInit(dir, {}, { stdout: (t) => (out += t), stderr: () => undefined, env: {} })).toBe(0);
	expect(out).toContain('commit package-lock.json');
	expect(out).toContain(`${sensitive.length} warnings (HMT017)`);
});

/** The subcommand each `npx hermes-workflows <command>` line runs, in order. */
const commandsOf = (lines: readonly string[]) => lines.map((line) => /^\s*npx hermes-workflows ([a-z-]+)/.exec(line)?.[1]).filter((c): c is string => c !== undefined);

it("init's next steps run the quick start's commands after init, from generate through push to agent-config and doctor", () => {
	let out = '';
	expect(runInit(scratch(), {}, { stdout: (t) => (out += t), stderr: () => undefined, env: {} })).toBe(0);
	const next = out.slice(out.indexOf('Next:')).split('\n');
	expect(next[1]).toMatch(/^\s*npm install\b/);
	const readme = commandsOf(quickStart('README.md'));
	expect(commandsOf(next)).toEqual(readme.slice(readme.indexOf('init') + 1));
	expect(commandsOf(next).slice(-3)).toEqual(['push', 'agent-config', 'doctor']);
	// The token variable doctor reads for the config init writes (its mcpPath), as agent-config names it.
	expect(out).toContain('--token "$MCP_HERMES_TOOLS_API_KEY"');
});

it('the config init writes points at the command that lists the commands', () => {
	const dir = scratch();
	expect(runInit(dir, {}, { stdout: () => undefined, stderr: () => undefined, env: {} })).toBe(0);
	const config = readFileSync(join(dir, 'hermes.config.ts'), 'utf8');
	expect(config).toContain('`hermes-workflows --help` lists the commands');
	expect(config).not.toContain('generate --help');
});

it('the config init writes names the project: its folder and a random part, so two folders of one name are two projects', () => {
	const configOf = (dir: string) => {
		expect(runInit(dir, {}, { stdout: () => undefined, stderr: () => undefined, env: {} })).toBe(0);
		return /project: '([^']+)'/.exec(readFileSync(join(dir, 'hermes.config.ts'), 'utf8'))?.[1];
	};
	const first = configOf(scratch());
	const second = configOf(scratch());
	expect(first).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*-[0-9a-f]{6}$/);
	expect(second).not.toBe(first);
	expect(projectId(join(scratch(), 'my agent tools!'))).toMatch(/^my-agent-tools--[0-9a-f]{6}$/);
	expect(projectId(join(scratch(), '...'))).toMatch(/^project-[0-9a-f]{6}$/);
});
