/**
 * `check-odoo` end to end in-process, with the real catalogue, against the XML-RPC Odoo stand-in
 * (test/harness/odooXmlRpc.ts: a stand-in, no Odoo can run here; it speaks Odoo's XML-RPC on
 * 127.0.0.1). Unreachable and silent servers are real sockets on 127.0.0.1.
 */
import { Command } from 'commander';
import { writeFileSync } from 'fs';
import * as http from 'http';
import * as net from 'net';
import { join } from 'path';

import { register, runCheckOdoo, type CheckOdooOptions } from '../../../generator/cli/commands/checkOdoo';
import type { CommandIo } from '../../../generator/cli/io';
import { CATALOGUE, ODOO_TOOLS } from '../../helpers/defaultCatalogue';
import { startOdooStandIn, type OdooStandIn } from '../../harness/odooXmlRpc';
import { scratchSpace } from '../../harness/scratch';

const scratch = scratchSpace('hermes-check-odoo-');
let odoo: OdooStandIn;
beforeEach(async () => {
	odoo = await startOdooStandIn({ db: 'prod', login: 'bot@example.com', password: 'pw-1' });
});
afterEach(async () => {
	await odoo.stop();
});

function capture(env: NodeJS.ProcessEnv = {}) {
	const out = { stdout: '', stderr: '' };
	const io: CommandIo = { stdout: (t) => (out.stdout += t), stderr: (t) => (out.stderr += t), env };
	return { out, io };
}

async function run(change: Partial<CheckOdooOptions> = {}, env: NodeJS.ProcessEnv = {}) {
	const { out, io } = capture(env);
	const options: CheckOdooOptions = { url: odoo.url, db: 'prod', user: 'bot@example.com', password: 'pw-1', ...change };
	const code = await runCheckOdoo(options, io);
	return { code, ...out };
}

const odooTools = CATALOGUE.filter((t) => t.target.kind === 'odoo').map((t) => t.name);

test('the catalogue has 23 Odoo tools over 6 models', () => {
	expect(odooTools).toEqual(ODOO_TOOLS.map((t) => t.name));
});

test('a complete Odoo passes: exit 0, every Odoo tool checked', async () => {
	const result = await run();
	expect(result.stderr).toBe('');
	expect(result.stdout).toContain('Odoo 17.0 at http://127.0.0.1:');
	expect(result.stdout).toContain('OK: all 23 Odoo tools find their models and fields');
	expect(result.code).toBe(0);
	const models = odoo.calls.filter((c) => c.params[4] === 'fields_get').map((c) => c.params[3]);
	expect(new Set(models)).toEqual(
		new Set(['project.project', 'project.task.type', 'project.task', 'res.partner', 'crm.stage', 'crm.lead', 'account.analytic.line']),
	);
	expect(models).toHaveLength(7);
});

test('JSON output of a complete Odoo lists every tool as ok', async () => {
	const result = await run({ format: 'json' });
	const report = JSON.parse(result.stdout);
	expect(report.ok).toBe(true);
	expect(report.tools.map((t: { tool: string }) => t.tool).sort()).toEqual([...odooTools].sort());
	expect(report.problems).toEqual([]);
});

test('CRM not installed: the 6 CRM tools fail, module crm is named, exit 1', async () => {
	delete odoo.state.schema['crm.lead'];
	delete odoo.state.schema['crm.stage'];
	const result = await run({ format: 'json' });
	expect(result.code).toBe(1);
	const report = JSON.parse(result.stdout);
	expect(report.missingModules).toEqual(['crm']);
	expect(report.tools.filter((t: { ok: boolean }) => !t.ok).map((t: { tool: string }) => t.tool)).toEqual([
		'crm_list_stages',
		'crm_list_leads',
		'crm_create_lead',
		'crm_update_lead',
		'crm_move_stage',
		'crm_delete_lead',
	]);
});

test('a missing field is reported with the tools that use it, and hr_timesheet as the module', async () => {
	delete odoo.state.schema['account.analytic.line'].project_id;
	const result = await run();
	expect(result.code).toBe(1);
	expect(result.stdout).toContain(
		'FAIL timesheet_report: field account.analytic.line.project_id does not exist (module hr_timesheet)',
	);
	expect(result.stdout).toContain('FAIL timesheet_log_hours: field account.analytic.line.project_id does not exist');
	expect(result.stdout).toContain('Missing Odoo modules: hr_timesheet (Timesheets)');
	expect(result.stdout).toContain('2 of 23 Odoo tools do not match this Odoo');
});

test('a field of another type is reported with the expected and actual types', async () => {
	odoo.state.schema['project.project'].active.type = 'char';
	const result = await run();
	expect(result.code).toBe(1);
	expect(result.stdout).toContain('FAIL odoo_archive_project: field project.project.active is char, expected boolean');
	expect(result.stdout).toContain('1 of 23 Odoo tools do not match this Odoo');
	expect(result.stdout).not.toContain('Missing Odoo modules');
});

test('a missing access right fails the tools that need it', async () => {
	odoo.state.denied = { 'crm.lead': ['unlink'], 'account.analytic.line': ['write', 'unlink'] };
	const result = await run({ format: 'json' });
	expect(result.code).toBe(1);
	const report = JSON.parse(result.stdout);
	expect(report.problems.map((p: { tool: string; message: string }) => `${p.tool}: ${p.message}`)).toEqual([
		'crm_delete_lead: the user has no unlink right on crm.lead',
		'timesheet_update: the user has no write right on account.analytic.line',
		'timesheet_delete: the user has no unlink right on account.analytic.line',
	]);
	const checks = odoo.calls.filter((c) => c.params[4] === 'check_access_rights').map((c) => `${c.params[3]} ${(c.params[5] as string[])[0]}`);
	expect(checks).toHaveLength(new Set(checks).size);
	expect(checks).toContain('crm.lead unlink');
});

test('an Odoo without check_access_rights: a note, the rest is still checked', async () => {
	odoo.state.checkAccessRights = false;
	const result = await run();
	expect(result.code).toBe(0);
	expect(result.stdout).toMatch(/Note: access rights not checked: AttributeError: The method 'project\.project\.check_access_rights' does not exist/);
});

test('the default employee from the config must exist', async () => {
	const dir = scratch();
	writeFileSync(join(dir, 'config.json'), JSON.stringify({ employeeId: 7 }));
	const result = await run({ config: join(dir, 'config.json') });
	expect(result.code).toBe(1);
	expect(result.stdout).toContain('FAIL timesheet_log_hours: no hr.employee record with id 7 (config employeeId)');
	odoo.state.records['hr.employee'] = [1, 7];
	expect((await run({ config: join(dir, 'config.json') })).code).toBe(0);
});

test('an API key works in place of the password, also from ODOO_API_KEY', async () => {
	odoo.state.apiKeys = ['an api key'];
	expect((await run({ password: undefined, apiKey: 'an api key' })).code).toBe(0);
	expect((await run({ password: undefined }, { ODOO_API_KEY: 'an api key' })).code).toBe(0);
});

async function closedPort(): Promise<number> {
	const server = net.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as net.AddressInfo).port;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

test.each([
	['wrong password', { password: 'wrong' }, /Odoo refused the login "bot@example.com" on database "prod"/, /API Keys/],
	['wrong database', { db: 'prod2' }, /Odoo has no database "prod2"/, /--db/],
	['no secret at all', { password: undefined }, /No password or API key/, /ODOO_API_KEY/],
	['password and API key', { apiKey: 'k' }, /either --password or --api-key/, /replaces the password/],
	['bad timeout', { timeout: 'soon' }, /Bad --timeout soon/, /seconds/],
	['not a URL', { url: 'odoo' }, /Not a URL/, /base URL/],
])('%s: exit 2 with what to do', async (_label, change, message, hint) => {
	const result = await run(change as Partial<CheckOdooOptions>);
	expect(result.code).toBe(2);
	expect(result.stderr).toMatch(message);
	expect(result.stderr).toMatch(/\nhint: /);
	expect(result.stderr).toMatch(hint);
	expect(result.stdout).toBe('');
});

test('a broken config file: exit 2 before any call to Odoo', async () => {
	const dir = scratch();
	writeFileSync(join(dir, 'config.json'), '{"employeeId": -1}');
	const result = await run({ config: join(dir, 'config.json') });
	expect(result.code).toBe(2);
	expect(result.stderr).toMatch(/employeeId/);
	expect(odoo.calls).toEqual([]);
});

test('unreachable port: exit 2, ECONNREFUSED named, JSON error on stdout', async () => {
	const port = await closedPort();
	const result = await run({ url: `http://127.0.0.1:${port}`, format: 'json' });
	expect(result.code).toBe(2);
	expect(JSON.parse(result.stdout)).toEqual({
		ok: false,
		error: expect.objectContaining({ kind: 'unreachable', message: expect.stringContaining('ECONNREFUSED') }),
	});
});

test.each([
	['a web page', 200, 'text/html', '<!doctype html><html><body>Login</body></html>', /\(HTTP 200\): Unknown XML-RPC tag 'BODY'/],
	['a proxy error', 502, 'text/plain', 'Bad Gateway', /\(HTTP 502\): Invalid XML-RPC message/],
])('a server that answers %s: exit 2, not Odoo', async (_label, status, type, body, message) => {
	const other = http.createServer((_request, response) => {
		response.writeHead(status, { 'Content-Type': type });
		response.end(body);
	});
	await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
	try {
		const result = await run({ url: `http://127.0.0.1:${(other.address() as net.AddressInfo).port}` });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/did not answer as Odoo's XML-RPC API/);
		expect(result.stderr).toMatch(message);
		expect(result.stderr).toMatch(/hint: Pass the base URL of the Odoo server/);
	} finally {
		await new Promise<void>((resolve) => other.close(() => resolve()));
	}
});

test('a server that never answers: exit 2 after --timeout', async () => {
	const sockets: net.Socket[] = [];
	const silent = net.createServer((socket) => sockets.push(socket));
	await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
	const port = (silent.address() as net.AddressInfo).port;
	try {
		const result = await run({ url: `http://127.0.0.1:${port}`, timeout: '0.3' });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/No answer from http:\/\/127\.0\.0\.1:\d+\/xmlrpc\/2\/common within 0\.3 s/);
	} finally {
		sockets.forEach((s) => s.destroy());
		await new Promise<void>((resolve) => silent.close(() => resolve()));
	}
});

test('the commander wiring passes the options through and sets the exit code', async () => {
	const program = new Command().exitOverride();
	register(program);
	const written: string[] = [];
	const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
		written.push(String(chunk));
		return true;
	});
	try {
		delete odoo.state.schema['res.partner'];
		await program.parseAsync(
			['check-odoo', '--url', odoo.url, '--db', 'prod', '--user', 'bot@example.com', '--password', 'pw-1', '--format', 'json'],
			{ from: 'user' },
		);
	} finally {
		spy.mockRestore();
	}
	expect(process.exitCode).toBe(1);
	process.exitCode = 0;
	expect(JSON.parse(written.join('')).missingModules).toEqual(['base']);
});
