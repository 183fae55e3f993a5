/**
 * docs/environment.md is the one table of the environment variables `hermes-workflows` and
 * `npm run demo` read: every variable their source reads has a row (or is one of the system
 * variables the page names after it), and every row is read somewhere. The sources: the CLI
 * (generator/, without its build), every TypeScript file the demo compiles (what
 * test/e2e/tsconfig.demo.json reaches from demo.ts), demo.sh and the setup scripts it runs.
 * A read is `process.env.NAME`, `env.NAME` (a command's io.env), `env[tokenVariable(...)]` (the
 * `MCP_<PATH>_API_KEY` row), or in bash `${NAME:-default}` (the scripts' other upper-case names
 * are their own variables).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

import { tokenVariable } from '../../../generator/agentConfig/endpoints';
import { defaultConfig } from '../../../generator/config';
import { quickStart } from '../../helpers/docCommands';

const ROOT = join(__dirname, '..', '..', '..');
const PAGE = readFileSync(join(ROOT, 'docs', 'environment.md'), 'utf8');

function typeScriptFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return ['dist', 'node_modules', 'templates'].includes(entry.name) ? [] : typeScriptFiles(path);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
	});
}

/** The repository's own files the demo's compile reaches. */
function demoFiles(): string[] {
	const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'test', 'e2e', 'tsconfig.demo.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
	if (!config) throw new Error('test/e2e/tsconfig.demo.json does not parse');
	return ts
		.createProgram(config.fileNames, config.options)
		.getSourceFiles()
		.map((file) => file.fileName)
		.filter((file) => !file.includes('/node_modules/') && !file.endsWith('.d.ts'));
}

function scripts(): string[] {
	const demo = join(ROOT, 'test', 'e2e', 'demo.sh');
	const run = [...readFileSync(demo, 'utf8').matchAll(/\b(test\/setup\/[\w-]+\.sh)\b/g)].map((m) => join(ROOT, m[1]));
	return [demo, ...new Set(run)];
}

/** Variable name -> the files that read it. */
function reads(): Map<string, Set<string>> {
	const found = new Map<string, Set<string>>();
	const add = (name: string, file: string) => found.set(name, (found.get(name) ?? new Set()).add(relative(ROOT, file)));
	for (const file of new Set([...typeScriptFiles(join(ROOT, 'generator')), ...demoFiles()])) {
		const text = readFileSync(file, 'utf8');
		for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) add(m[1], file);
		if (/\benv\[tokenVariable\(/.test(text)) add('MCP_<PATH>_API_KEY', file);
	}
	for (const file of scripts()) for (const m of readFileSync(file, 'utf8').matchAll(/\$\{([A-Z][A-Z0-9_]*):-/g)) add(m[1], file);
	return found;
}

/** The first column of the table: each row's variables. */
function rows(): string[] {
	return PAGE.split('\n')
		.filter((line) => line.startsWith('| `'))
		.flatMap((line) => [...line.split(' | ')[0].matchAll(/`([A-Z][A-Z0-9_<>]*)`/g)].map((m) => m[1]));
}

const SYSTEM = PAGE.slice(PAGE.lastIndexOf('\n|'));
const READ = reads();

test('every variable the CLI and the demo read has a row, or is a system variable the page names', () => {
	expect(READ.get('MCP_<PATH>_API_KEY')).toEqual(new Set(['generator/cli/commands/doctor.ts']));
	expect(READ.get('HERMES_N8N_CACHE')).toEqual(new Set(['test/harness/n8n/cache.ts', 'test/setup/install-n8n.sh']));
	const missing = [...READ].filter(([name]) => !rows().includes(name) && !SYSTEM.includes(`\`${name}\``));
	expect(missing).toEqual([]);
});

test('every row is a variable something reads', () => {
	// Rows give an example of the pattern next to it (`MCP_HERMES_TOOLS_API_KEY`).
	expect(rows().filter((name) => !READ.has(name) && name !== 'MCP_HERMES_TOOLS_API_KEY')).toEqual([]);
});

test("the quick start's doctor line takes the token from the variable agent-config names, the table's example", () => {
	const named = tokenVariable(defaultConfig().mcpPath);
	const doctor = quickStart('README.md').find((line) => line.startsWith('npx hermes-workflows doctor')) ?? '';
	expect(/--token "\$(\w+)"/.exec(doctor)?.[1]).toBe(named);
	expect(rows()).toContain(named);
});
