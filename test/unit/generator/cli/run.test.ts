/**
 * The one error path: every error class a part throws for an expected failure, and a Node.js
 * file-system error, is printed by runCommand as one `error:` and one `hint:` line (and in json
 * format one document on stdout) with its exit code; anything else is thrown, not printed.
 */
import { ConfigError } from '../../../../generator/config/loadConfig';
import { DataTableError } from '../../../../generator/deploy/dataTables';
import { DependencyCycleError } from '../../../../generator/deploy/desired';
import { PushError } from '../../../../generator/deploy/push';
import { UnresolvedError } from '../../../../generator/deploy/resolve';
import { EXIT, HermesError, UsageError } from '../../../../generator/errors';
import { runCommand } from '../../../../generator/cli/run';
import { ImportInputError } from '../../../../generator/importer/readWorkflow';
import { BodyError } from '../../../../generator/n8nClient/body';
import { httpError, networkError } from '../../../../generator/n8nClient/errors';
import { AmbiguousNameError } from '../../../../generator/n8nClient/exactName';
import { OdooConnectionError } from '../../../../generator/odoo/rpcClient';
import { ModuleLoadError } from '../../../../generator/runtime/loadModule';
import { CatalogueError } from '../../../../generator/toolSpec/schema';

function fsError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
	return Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path });
}

type Case = [label: string, error: () => unknown, kind: string, message: RegExp, hint: RegExp, exitCode: number];

const CASES: Case[] = [
	['ConfigError', () => new ConfigError('Invalid config file c.json:', ['mcpPth: unknown key', 'employeeId: too small']), 'config', /^Invalid config file c\.json: mcpPth: unknown key; employeeId: too small$/, /fix the config file/, 2],
	['CatalogueError', () => new CatalogueError(['a.ts: tool "x": name: bad']), 'catalogue', /^Invalid catalogue: a\.ts: tool "x": name: bad$/, /docs\/catalogue\.md/, 2],
	['ModuleLoadError', () => new ModuleLoadError('a.ts', 'cannot be loaded: boom'), 'catalogue', /^a\.ts: cannot be loaded: boom$/, /valid TypeScript or JavaScript/, 2],
	['ImportInputError', () => new ImportInputError('w.json does not exist', 'Give the path of a workflow JSON file'), 'input', /^w\.json does not exist$/, /^Give the path/, 2],
	['N8nApiError (HTTP)', () => httpError('GET', 'http://h/api/v1/workflows', 401, '{"message":"unauthorized"}'), 'n8n', /^n8n refused the API key \(GET .* answered 401: unauthorized\)$/, /check --api-key/, 2],
	['N8nApiError (network)', () => networkError('GET', 'http://h/api/v1/workflows', Object.assign(new Error('x'), { cause: { code: 'ECONNREFUSED' } }), 1000), 'n8n', /\(connection refused\)$/, /is n8n running/, 2],
	['AmbiguousNameError', () => new AmbiguousNameError('W', ['a', 'b']), 'n8n', /^2 workflows in n8n are named exactly "W" \(ids a, b\)/, /^rename or archive/, 2],
	['UnresolvedError', () => new UnresolvedError(['credential "Odoo" is not in n8n']), 'n8n', /nothing was changed\): credential "Odoo" is not in n8n$/, /create the credentials/, 2],
	['BodyError', () => new BodyError(['name: a non-empty string is required']), 'input', /^not a workflow the n8n API can take: name: a non-empty/, /regenerate the workflows/, 2],
	['DependencyCycleError', () => new DependencyCycleError(['A', 'B']), 'input', /^workflows call each other in a cycle: A, B/, /regenerate the workflows/, 2],
	['PushError', () => new PushError('"W" (id 1) was saved but not published', 'create the credentials'), 'n8n', /^"W" \(id 1\) was saved but not published$/, /^create the credentials$/, 2],
	['DataTableError', () => new DataTableError('the key may not read the data table "t"', 'give the key the scopes'), 'n8n', /data table "t"$/, /^give the key the scopes$/, 2],
	['UsageError', () => new UsageError('no n8n URL', 'pass --url'), 'usage', /^no n8n URL$/, /^pass --url$/, 2],
	['OdooConnectionError', () => new OdooConnectionError('unreachable', 'cannot reach Odoo (ECONNREFUSED)', 'is Odoo running?'), 'unreachable', /^cannot reach Odoo \(ECONNREFUSED\)$/, /^is Odoo running\?$/, 2],
	['a HermesError with its own exit code', () => new HermesError('3 files differ', 'run generate', 'input', EXIT.findings), 'input', /^3 files differ$/, /^run generate$/, 1],
	['EACCES', () => fsError('EACCES', 'open', '/x/y.json'), 'filesystem', /^cannot open \/x\/y\.json \(EACCES\)$/, /check the permissions/, 2],
	['ENOTDIR', () => fsError('ENOTDIR', 'mkdir', '/x/file/out'), 'filesystem', /^cannot mkdir \/x\/file\/out \(ENOTDIR\)$/, /a part of that path is a file/, 2],
	['ENOSPC', () => fsError('ENOSPC', 'write', '/x'), 'filesystem', /\(ENOSPC\)$/, /the disk is full/, 2],
];

function captured() {
	const out = { stdout: '', stderr: '' };
	return { out, io: { stdout: (text: string) => (out.stdout += text), stderr: (text: string) => (out.stderr += text), env: {} } };
}

describe.each(CASES)('%s', (_label, error, kind, message, hint, exitCode) => {
	it('text: one error line and one hint line on stderr, nothing on stdout, its exit code', () => {
		const { out, io } = captured();
		const code = runCommand(io, 'text', () => {
			throw error();
		});
		expect(code).toBe(exitCode);
		expect(out.stdout).toBe('');
		const lines = out.stderr.split('\n');
		expect(lines).toHaveLength(3);
		expect(lines[0]).toMatch(/^error: /);
		expect(lines[0].slice('error: '.length)).toMatch(message);
		expect(lines[1]).toMatch(/^hint: /);
		expect(lines[1].slice('hint: '.length)).toMatch(hint);
		expect(lines[2]).toBe('');
	});

	it('json: one document on stdout with kind, message and hint, the same lines on stderr', async () => {
		const { out, io } = captured();
		const code = await runCommand(io, 'json', () => Promise.reject(error()));
		expect(code).toBe(exitCode);
		const body = JSON.parse(out.stdout) as { ok: boolean; error: { kind: string; message: string; hint: string } };
		expect(body).toEqual({ ok: false, error: { kind, message: expect.stringMatching(message), hint: expect.stringMatching(hint) } });
		expect(out.stderr).toBe(`error: ${body.error.message}\nhint: ${body.error.hint}\n`);
	});
});

describe('what is not an expected failure', () => {
	it.each([
		['a plain Error (a bug)', () => new Error('undefined is not a function')],
		['an errno the CLI has no hint for', () => fsError('EMFILE', 'open', '/x')],
		['a thrown string', () => 'boom'],
	])('%s is thrown, nothing printed', (_label, error) => {
		const { out, io } = captured();
		expect(() =>
			runCommand(io, 'json', () => {
				throw error();
			}),
		).toThrow();
		expect(out).toEqual({ stdout: '', stderr: '' });
	});

	it('a command that succeeds prints nothing of its own and gives its code', async () => {
		const { out, io } = captured();
		expect(runCommand(io, 'json', () => 1)).toBe(1);
		expect(await runCommand(io, 'json', () => Promise.resolve(0))).toBe(0);
		expect(out).toEqual({ stdout: '', stderr: '' });
	});
});
