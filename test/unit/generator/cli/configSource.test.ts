/**
 * Every command that reads a config says first which one: the file named or found, or that none
 * was found in the folder and the built-in default is used. Text output puts the line first on
 * stdout; every other format (json, jsonl, csv, github) and agent-config (whose stdout is the artifact) put it on stderr; a command
 * that reads no config prints none.
 *
 * Real: the CLI program as the installed command runs it (`runCli`), config files on disk.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { runCli } from '../../../../generator/cli/main';
import { configSourceLine } from '../../../../generator/cli/configSource';
import { CONFIG_FILE_NAMES } from '../../../../generator/config/fileNames';

let dir: string;
let cwd: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hermes-config-source-'));
	cwd = process.cwd();
	process.chdir(dir);
});
afterEach(() => {
	process.chdir(cwd);
	rmSync(dir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
	const out = { stdout: '', stderr: '' };
	const io = { stdout: (t: string) => (out.stdout += t), stderr: (t: string) => (out.stderr += t), env: {} };
	return { code: await runCli(['node', 'hermes-workflows', ...args], io), ...out };
}

const BUILT_IN = /^config: the built-in default \(no hermes\.config\.ts, .*hermes\.config\.json in \/.*; -c names another\)$/;

describe.each<[string, string[], 'stdout' | 'stderr']>([
	['push (no n8n given: it stops after saying which config)', ['push'], 'stdout'],
	['push --format json', ['push', '--format', 'json'], 'stderr'],
	['calls (text)', ['calls'], 'stdout'],
	['calls --format csv (stdout is the CSV)', ['calls', '--format', 'csv'], 'stderr'],
	['calls --format jsonl (stdout is the JSON lines)', ['calls', '--format', 'jsonl'], 'stderr'],
	['calls --format json', ['calls', '--format', 'json'], 'stderr'],
	['lint --live --format github', ['lint', '--live', '--format', 'github'], 'stderr'],
	['doctor', ['doctor'], 'stdout'],
	['agent-config (its stdout is the config an agent reads)', ['agent-config', '--url', 'http://127.0.0.1:5678'], 'stderr'],
])('%s', (_label, args, stream) => {
	it('names the file given with -c', async () => {
		const file = join(dir, 'ops.json');
		writeFileSync(file, JSON.stringify({ mcpPath: 'ops' }));
		const result = await cli(...args, '-c', file);
		expect(result[stream].split('\n')[0]).toBe(`config: ${file}`);
	});

	it('names the file found in the folder', async () => {
		writeFileSync(join(dir, 'hermes.config.json'), '{}');
		expect((await cli(...args))[stream].split('\n')[0]).toBe(`config: ${join(dir, 'hermes.config.json')}`);
	});

	it('says when none is found and the built-in default is used', async () => {
		expect((await cli(...args))[stream].split('\n')[0]).toMatch(BUILT_IN);
	});
});

it('a command that reads no config says nothing of one (lint of files, init)', async () => {
	writeFileSync(join(dir, 'w.json'), JSON.stringify({ name: 'w', nodes: [], connections: {} }));
	const lint = await cli('lint', join(dir, 'w.json'));
	expect(lint.stdout + lint.stderr).not.toMatch(/config:/);
});

it('the line lists every file name it looks for', () => {
	expect(configSourceLine(undefined, dir)).toBe(`config: the built-in default (no ${CONFIG_FILE_NAMES.join(', ')} in ${dir}; -c names another)`);
});

it.each(['csv', 'jsonl', 'json'])('calls --format %s prints nothing on stdout before its output (here: none, no n8n given)', async (format) => {
	const result = await cli('calls', '--format', format);
	expect(result.stdout).not.toMatch(/config:/);
	expect(result.stderr).toMatch(/^config: /);
});
