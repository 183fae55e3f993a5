/**
 * Every way a command can fail answers the same: exit code 2 (1 for findings), one `error:` line
 * and one `hint:` line on stderr, and with `--format json` one document on stdout. The whole CLI
 * runs from its sources as the installed command runs it (`runCli` on an argv), in a folder of its
 * own, against folders and HTTP servers this test makes on 127.0.0.1.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { buildProgram, COMMANDS, runCli } from '../../../../generator/cli/main';
import { scratchSpace } from '../../../harness/scratch';
import { closedPort } from '../../../helpers/closedPort';

const scratch = scratchSpace('hermes-cli-');

let html404: Server;
let htmlUrl: string;
beforeAll(async () => {
	// What a reverse proxy or n8n's editor answers for a path that is not the API.
	html404 = createServer((_req, res) => {
		res.writeHead(404, { 'content-type': 'text/html' });
		res.end('<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>404</h1><script>x()</script></body></html>');
	});
	await new Promise<void>((done) => html404.listen(0, '127.0.0.1', done));
	htmlUrl = `http://127.0.0.1:${(html404.address() as AddressInfo).port}`;
	closedUrl = `http://127.0.0.1:${await closedPort()}`;
});
afterAll(() => new Promise<void>((done) => html404.close(() => done())));

/** Runs the CLI in an empty folder of its own, with no n8n or Odoo settings in its environment. */
async function cli(args: string[], cwd = scratch()): Promise<{ code: number; stdout: string; stderr: string }> {
	const out = { stdout: '', stderr: '' };
	const env = { ...process.env, N8N_API_URL: '', N8N_API_KEY: '', ODOO_API_KEY: '', ODOO_PASSWORD: '' };
	const io = { stdout: (text: string) => (out.stdout += text), stderr: (text: string) => (out.stderr += text), env };
	const previous = process.cwd();
	process.chdir(cwd);
	try {
		return { code: await runCli(['node', 'hermes-workflows', ...args], io), ...out };
	} finally {
		process.chdir(previous);
	}
}

let closedUrl: string;

/** A folder holding a file, to make a path below it that cannot be a folder. */
function fileInTheWay(): string {
	const dir = scratch();
	writeFileSync(join(dir, 'taken'), 'a file\n');
	return join(dir, 'taken');
}

function badConfig(text: string): string {
	const dir = scratch();
	writeFileSync(join(dir, 'hermes.config.json'), text);
	return join(dir, 'hermes.config.json');
}

/** Every command, as `hermes-workflows --help` lists it. */
const NAMES = buildProgram().commands.map((command) => command.name());

type Case = [label: string, args: () => string[], error: RegExp, hint: RegExp];

const CASES: Case[] = [
	['generate into a path below a file', () => ['generate', '-o', join(fileInTheWay(), 'out')], /^cannot mkdir .*taken\/out \(ENOTDIR\)$/, /a part of that path is a file/],
	['generate into a path that is a file', () => ['generate', '-o', fileInTheWay()], /^cannot mkdir .*taken \(EEXIST\)$/, /something is already there/],
	['a config key with a typo', () => ['generate', '-c', badConfig('{"mcpPth": "x"}')], /^Invalid config file .*: mcpPth: unknown key \(did you mean "mcpPath"\?\)$/, /fix the config file named above/],
	['a config that is not JSON', () => ['generate', '-c', badConfig('{ nope')], /^Config file .* is not valid JSON: /, /fix the config file/],
	['a missing config file', () => ['generate', '-c', join(scratch(), 'none.ts')], /^Cannot read config file .*none\.ts: it does not exist$/, /fix the config file/],
	['push without a URL', () => ['push'], /^no n8n URL$/, /pass --url http:\/\/<host>:5678 or set N8N_API_URL/],
	['push without an API key', () => ['push', '--url', closedUrl], /^no n8n API key$/, /pass --api-key or set N8N_API_KEY/],
	['push to a closed port', () => ['push', '--url', closedUrl, '--api-key', 'k'], /^cannot reach n8n at http:\/\/127\.0\.0\.1:\d+\/api\/v1\/.* \(connection refused\)$/, /is n8n running/],
	['push to a server answering an HTML 404', () => ['push', '--url', htmlUrl, '--api-key', 'k'], /^not found \(GET .* answered 404: an HTML page titled "Page not found", not the n8n API\)$/, /public API is enabled/],
	['diff to a server answering an HTML 404', () => ['diff', '--url', htmlUrl, '--api-key', 'k'], /answered 404: an HTML page titled "Page not found"/, /check --url or N8N_API_URL/],
	['pull to a closed port', () => ['pull', '--url', closedUrl, '--api-key', 'k'], /^cannot reach n8n at /, /is n8n running/],
	['doctor without a URL', () => ['doctor'], /^no n8n URL$/, /pass --url http:\/\/<host>:5678 or set N8N_API_URL/],
	['doctor to a closed port', () => ['doctor', '--url', closedUrl, '--api-key', 'k'], /^cannot reach n8n at /, /is n8n running/],
	['doctor with a timeout that is no number', () => ['doctor', '--url', closedUrl, '--api-key', 'k', '--timeout', 'soon'], /^--timeout soon is not a positive number of seconds$/, /--timeout 30/],
	['doctor in an unknown mode', () => ['doctor', '--mode', 'cluster'], /argument 'cluster' is invalid/, /hermes-workflows doctor --help/],
	['import of a file that does not exist', () => ['import', join(scratch(), 'none.json')], /none\.json does not exist$/, /Give the path of a workflow JSON file/],
	['import of a file that is not JSON', () => ['import', badConfig('{ nope')], /hermes\.config\.json is not JSON: /, /.+/],
	['init where a project is', () => ['init', join(badConfig('{}'), '..')], /hermes\.config\.json already exists$/, /this folder is already a project/],
	['check-odoo without a secret', () => ['check-odoo', '--url', closedUrl, '--db', 'd', '--user', 'u'], /^No password or API key$/, /ODOO_API_KEY/],
	['check-odoo to a closed port', () => ['check-odoo', '--url', closedUrl, '--db', 'd', '--api-key', 'k'], /ECONNREFUSED/, /.+/],
	['lint without a file', () => ['lint'], /^give at least one workflow JSON file or folder$/, /hermes-workflows lint workflows/],
	['lint of a folder without workflows', () => ['lint', scratch()], /^no \.json file under /, /give the folder that holds/],
	['lint --live with a file', () => ['lint', '--live', 'x.json'], /^--live lints the workflows deployed in n8n, not files$/, /give no FILE with --live/],
	['lint --live without a URL', () => ['lint', '--live'], /^no n8n URL$/, /set N8N_API_URL/],
	['an unknown option', () => ['push', '--frobnicate'], /^unknown option '--frobnicate'$/, /hermes-workflows push --help/],
	['an unknown command', () => ['frobnicate'], /^unknown command 'frobnicate'$/, /^see `hermes-workflows --help`$/],
	['an unknown format', () => ['diff', '--format', 'yaml'], /argument 'yaml' is invalid/, /hermes-workflows diff --help/],
];

describe.each(CASES)('%s', (_label, args, error, hint) => {
	it('exits 2 with one error line and one hint line', async () => {
		const result = await cli(args());
		expect(result.code).toBe(2);
		const lines = result.stderr.trimEnd().split('\n');
		expect(lines).toHaveLength(2);
		expect(lines[0]).toMatch(/^error: /);
		expect(lines[0].slice('error: '.length)).toMatch(error);
		expect(lines[1]).toMatch(/^hint: /);
		expect(lines[1].slice('hint: '.length)).toMatch(hint);
		expect(result.stderr).not.toMatch(/<(html|!doctype|head|body|title|script|h1)\b/i);
	});
});

describe.each(CASES.filter(([label]) => /^(generate|push|pull|diff|import|init|check-odoo|lint|an unknown option)/.test(label)))('%s, --format json', (_label, args, error) => {
	it('prints one JSON document with the same error on stdout', async () => {
		const result = await cli([...args(), '--format', 'json']);
		expect(result.code).toBe(2);
		const body = JSON.parse(result.stdout) as { ok: boolean; error: { kind: string; message: string; hint: string } };
		expect(body.ok).toBe(false);
		expect(body.error.message).toMatch(error);
		expect(body.error.hint.length).toBeGreaterThan(0);
	});
});

describe('lint --format json of inputs it cannot read', () => {
	it('a path that does not exist is a usage error in the one JSON document, exit 2', async () => {
		const result = await cli(['lint', join(scratch(), 'missing'), '--format', 'json']);
		expect(result.code).toBe(2);
		const body = JSON.parse(result.stdout) as { ok: boolean; error: { kind: string; message: string; hint: string } };
		expect(body).toEqual({ ok: false, error: { kind: 'usage', message: expect.stringMatching(/^no such file or folder: .*missing$/), hint: expect.stringMatching(/^check the path/) } });
	});
});

describe('conventions of every command', () => {
	it('--version prints the package version', async () => {
		expect((await cli(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
	});

	it('the program has a command for each file of generator/cli/commands/, in COMMANDS', () => {
		const files = readdirSync(join(__dirname, '../../../../generator/cli/commands')).map((file) => file.replace(/\.ts$/, ''));
		expect([...COMMANDS].sort()).toEqual(files.sort());
		expect(NAMES).toHaveLength(COMMANDS.length);
	});

	// init makes the config, so it is the one command that reads none.
	it.each(NAMES.filter((name) => name !== 'init'))('%s takes -c/--config and --format', async (command) => {
		const help = (await cli([command, '--help'])).stdout;
		expect(help).toMatch(/-c, --config <file>/);
		expect(help).toMatch(/--format <format>/);
	});

	it('init takes --format', async () => {
		expect((await cli(['init', '--help'])).stdout).toMatch(/--format <format>/);
	});

	it.each(['generate', 'pull', 'import'])('%s takes -o/--out', async (command) => {
		expect((await cli([command, '--help'])).stdout).toMatch(/-o, --out <dir>/);
	});

	it('no command: the help on stderr, exit 2', async () => {
		const result = await cli([]);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/^Usage: hermes-workflows /);
	});
});
