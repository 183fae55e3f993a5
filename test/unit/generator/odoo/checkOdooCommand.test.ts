/**
 * `check-odoo` end to end in-process, with the real catalogue and config loading, against the Odoo
 * stand-in (test/harness/odoo: a stand-in, no Odoo can run here; it speaks Odoo's JSON-RPC and
 * JSON-2 on 127.0.0.1), in both protocols. Unreachable and silent servers are real sockets on 127.0.0.1.
 */
import { Command } from 'commander';
import { writeFileSync } from 'fs';
import * as http from 'http';
import * as net from 'net';
import { join } from 'path';

import { register, runCheckOdoo, type CheckOdooOptions } from '../../../../generator/cli/commands/checkOdoo';
import type { CommandIo } from '../../../../generator/cli/io';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE, ODOO_TOOLS } from '../../../helpers/defaultCatalogue';
import { startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';
import { storeWithSchema, type Schema } from '../../../harness/odoo/schemaVariant';
import { scratchSpace } from '../../../harness/scratch';

const scratch = scratchSpace('hermes-check-odoo-');
let odoo: OdooStandIn | undefined;
const start = async (edit?: (models: Schema) => void, seed: ReadonlyArray<[string, Record<string, unknown>]> = []) => {
	odoo = await startOdooStandIn({ login: { db: 'prod', username: 'bot@example.com', password: 'pw-1', apiKey: 'key-1' }, ...(edit || seed.length ? { store: storeWithSchema(edit ?? (() => undefined), seed) } : {}) });
	return odoo;
};
afterEach(async () => {
	await odoo?.stop();
	odoo = undefined;
});

function capture(env: NodeJS.ProcessEnv = {}) {
	const out = { stdout: '', stderr: '' };
	const io: CommandIo = { stdout: (t) => (out.stdout += t), stderr: (t) => (out.stderr += t), env };
	return { out, io };
}

/** The options of each protocol, as the two Hermes Odoo credentials hold them. */
const PROTOCOLS: Record<'jsonrpc' | 'json2', Partial<CheckOdooOptions>> = {
	jsonrpc: { user: 'bot@example.com', password: 'pw-1' },
	json2: { apiKey: 'key-1' },
};

async function run(protocol: keyof typeof PROTOCOLS, change: Partial<CheckOdooOptions> = {}, env: NodeJS.ProcessEnv = {}, tools?: readonly ToolSpec[]) {
	const { out, io } = capture(env);
	const options: CheckOdooOptions = { url: odoo?.url ?? 'http://127.0.0.1:9', db: 'prod', ...PROTOCOLS[protocol], ...change };
	const code = await runCheckOdoo(options, io, tools);
	return { code, ...out };
}

const odooTools = CATALOGUE.filter((t) => t.target.kind === 'odoo').map((t) => t.name);

test('the catalogue has 23 Odoo tools over 6 models', () => {
	expect(odooTools).toEqual(ODOO_TOOLS.map((t) => t.name));
});

describe.each(['jsonrpc', 'json2'] as const)('over %s', (protocol) => {
	const label = protocol === 'json2' ? 'JSON-2' : 'JSON-RPC';

	test('a complete Odoo passes: exit 0, every Odoo tool checked, each model read once', async () => {
		const stand = await start();
		const result = await run(protocol);
		expect(result.stderr).toBe('');
		expect(result.stdout).toContain(`Odoo 17.0 at http://127.0.0.1:${stand.port} (${label}), database "prod", `);
		expect(result.stdout).toContain(protocol === 'json2' ? "the API key's user (uid 2)" : 'user "bot@example.com" (uid 2)');
		expect(result.stdout).toContain(`OK: all ${odooTools.length} Odoo tools find their models and fields`);
		expect(result.code).toBe(0);
		const models = stand.calls.filter((c) => c.modelMethod === 'fields_get').map((c) => c.model);
		expect(new Set(stand.calls.filter((c) => c.service === 'object').map((c) => c.protocol))).toEqual(new Set([protocol]));
		expect(new Set(models)).toEqual(new Set(['project.project', 'project.task.type', 'project.task', 'res.partner', 'crm.stage', 'crm.lead', 'account.analytic.line']));
		expect(models).toHaveLength(new Set(models).size);
	});

	test('JSON output of a complete Odoo lists every tool as ok', async () => {
		await start();
		const report = JSON.parse((await run(protocol, { format: 'json' })).stdout);
		expect(report).toMatchObject({ ok: true, protocol, problems: [] });
		expect(report.tools.map((t: { tool: string }) => t.tool).sort()).toEqual([...odooTools].sort());
	});

	test('CRM not installed: the CRM tools fail, module crm is named, exit 1', async () => {
		await start((models) => {
			delete models['crm.lead'];
			delete models['crm.stage'];
		});
		const result = await run(protocol, { format: 'json' });
		expect(result.code).toBe(1);
		const report = JSON.parse(result.stdout);
		expect(report.missingModules).toEqual(['crm']);
		const crmTools = CATALOGUE.filter((t) => t.target.kind === 'odoo' && t.target.model.startsWith('crm.')).map((t) => t.name);
		expect(report.tools.filter((t: { ok: boolean }) => !t.ok).map((t: { tool: string }) => t.tool)).toEqual(crmTools);
	});

	test('a missing field is reported with the tools that use it, and hr_timesheet as the module', async () => {
		await start((models) => {
			delete models['account.analytic.line'].fields.project_id;
		});
		const result = await run(protocol);
		expect(result.code).toBe(1);
		expect(result.stdout).toContain('FAIL timesheet_report: field account.analytic.line.project_id does not exist (module hr_timesheet)');
		expect(result.stdout).toContain('FAIL timesheet_log_hours: field account.analytic.line.project_id does not exist');
		expect(result.stdout).toContain('Missing Odoo modules: hr_timesheet (Timesheets)');
		expect(result.stdout).toMatch(new RegExp(`\\n\\d+ of ${odooTools.length} Odoo tools do not match this Odoo\\n$`));
	});

	test('a field of another type is reported with the expected and actual types', async () => {
		await start((models) => {
			models['project.project'].fields.active.type = 'char';
		});
		const result = await run(protocol);
		expect(result.code).toBe(1);
		expect(result.stdout).toContain('FAIL odoo_archive_project: field project.project.active is char, expected boolean');
		expect(result.stdout).toContain(`1 of ${odooTools.length} Odoo tools do not match this Odoo`);
		expect(result.stdout).not.toContain('Missing Odoo modules');
	});

	test('rights the user lacks: each tool names the right and the model, not a mismatch', async () => {
		const stand = await start();
		stand.store.refuseAccess('crm.lead', ['unlink']);
		stand.store.refuseAccess('account.analytic.line', ['write', 'unlink']);
		const result = await run(protocol);
		expect(result.code).toBe(1);
		expect(result.stdout.split('\n').filter((l) => l.startsWith('FAIL'))).toEqual([
			expect.stringMatching(/^FAIL crm_delete_lead: the user lacks the right unlink on model crm\.lead; fix: give the user a group/),
			expect.stringMatching(/^FAIL timesheet_update: the user lacks the right write on model account\.analytic\.line; fix: /),
			expect.stringMatching(/^FAIL timesheet_delete: the user lacks the right unlink on model account\.analytic\.line; fix: /),
		]);
		expect(result.stdout).toContain(`3 of ${odooTools.length} Odoo tools lack a right the user does not have`);
		expect(result.stdout).not.toContain('do not match this Odoo');
	});

	test("values of another type than the field's: no finding, the Hermes Odoo node types each value from Odoo's field types", async () => {
		// An Odoo where crm.lead.phone, which the agent may choose, was customised into a number.
		await start((models) => {
			models['crm.lead'].fields.phone.type = 'integer';
		});
		// A catalogue whose create tool takes the expected revenue (monetary) as text.
		const tools = CATALOGUE.map((t) =>
			t.name === 'crm_create_lead' ? { ...t, parameters: t.parameters.map((p) => (p.key === 'expected_revenue' ? { ...p, type: 'string' as const, default: '' } : p)) } : t,
		);
		const result = await run(protocol, { format: 'json' }, {}, tools);
		expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, problems: [] });
		expect(result.code).toBe(0);
	});

	test('the default employee from the config must exist', async () => {
		const dir = scratch();
		writeFileSync(join(dir, 'config.json'), JSON.stringify({ employeeId: 7 }));
		await start();
		const result = await run(protocol, { config: join(dir, 'config.json') });
		expect(result.code).toBe(1);
		expect(result.stdout).toContain('FAIL timesheet_log_hours: no hr.employee record with id 7 (config employeeId)');
		await odoo?.stop();
		await start(undefined, [['hr.employee', { id: 7, name: 'Jane' }]]);
		expect((await run(protocol, { config: join(dir, 'config.json') })).code).toBe(0);
	});

	test('a broken config file: exit 2 before any call to Odoo', async () => {
		const stand = await start();
		const dir = scratch();
		writeFileSync(join(dir, 'config.json'), '{"employeeId": -1}');
		const result = await run(protocol, { config: join(dir, 'config.json') });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/employeeId/);
		expect(stand.calls.filter((c) => c.service === 'object')).toEqual([]);
	});

	test('unreachable port: exit 2, ECONNREFUSED named, JSON error on stdout', async () => {
		const result = await run(protocol, { url: `http://127.0.0.1:${await closedPort()}`, format: 'json' });
		expect(result.code).toBe(2);
		expect(JSON.parse(result.stdout)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'unreachable', message: expect.stringContaining('ECONNREFUSED') }) });
	});

	test('a server that never answers: exit 2 after --timeout', async () => {
		const sockets: net.Socket[] = [];
		const silent = net.createServer((socket) => sockets.push(socket));
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
		try {
			const result = await run(protocol, { url: `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, timeout: '0.3' });
			expect(result.code).toBe(2);
			expect(result.stderr).toMatch(new RegExp(`No answer from http://127\\.0\\.0\\.1:\\d+/${protocol === 'json2' ? 'web/version' : 'jsonrpc'} within 0\\.3 s`));
		} finally {
			sockets.forEach((s) => s.destroy());
			await new Promise<void>((resolve) => silent.close(() => resolve()));
		}
	});
});

async function closedPort(): Promise<number> {
	const server = net.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as net.AddressInfo).port;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

test.each([
	['wrong password', 'jsonrpc', { password: 'wrong' }, /Odoo refused the login "bot@example.com" on database "prod"/, /API Keys/],
	['wrong API key', 'json2', { apiKey: 'wrong' }, /Odoo denied access: AccessDenied/, /--api-key/],
	['wrong database', 'jsonrpc', { db: 'prod2' }, /Odoo has no database "prod2"/, /--db/],
	['wrong database over JSON-2', 'json2', { db: 'prod2' }, /Odoo has no database "prod2"/, /--db/],
	['no secret at all', 'jsonrpc', { password: undefined }, /No password or API key/, /ODOO_API_KEY/],
	['password and API key', 'jsonrpc', { apiKey: 'k' }, /either --password or --api-key/, /JSON-2/],
	['an API key with a login', 'json2', { user: 'bot@example.com' }, /--api-key takes no --user/, /as --password with --user/],
	['a password without a login', 'jsonrpc', { user: undefined }, /--password needs --user/, /--user/],
	['bad timeout', 'jsonrpc', { timeout: 'soon' }, /Bad --timeout soon/, /seconds/],
	['not a URL', 'json2', { url: 'odoo' }, /Not a URL/, /base URL/],
] as const)('%s: exit 2 with what to do', async (_label, protocol, change, message, hint) => {
	await start();
	const result = await run(protocol, change as Partial<CheckOdooOptions>);
	expect(result.code).toBe(2);
	expect(result.stderr).toMatch(message);
	expect(result.stderr).toMatch(/\nhint: /);
	expect(result.stderr).toMatch(hint);
	expect(result.stdout).toBe('');
});

test.each([
	['an API key from ODOO_API_KEY: JSON-2', {}, { ODOO_API_KEY: 'key-1' }, 'json2'],
	['a login with ODOO_PASSWORD: JSON-RPC', { user: 'bot@example.com' }, { ODOO_PASSWORD: 'pw-1' }, 'jsonrpc'],
	['a login with an API key used as the password: JSON-RPC', { user: 'bot@example.com' }, { ODOO_API_KEY: 'pw-1' }, 'jsonrpc'],
] as const)('%s', async (_label, change, env, protocol) => {
	const stand = await start();
	const { out, io } = capture(env);
	expect(await runCheckOdoo({ url: stand.url, db: 'prod', ...change }, io)).toBe(0);
	expect(out.stdout).toContain(`(${protocol === 'json2' ? 'JSON-2' : 'JSON-RPC'})`);
});

test('without --db the database is the first label of the host name, as the credentials derive it', async () => {
	const stand = await start();
	const result = await run('jsonrpc', { db: undefined, url: stand.url.replace('127.0.0.1', 'localhost') });
	expect(result.stderr).toMatch(/Odoo has no database "localhost"/);
});

test.each([
	['a web page', 'jsonrpc', 200, 'text/html', '<!doctype html><html><body>Login</body></html>', /did not answer as Odoo's JSON-RPC API \(HTTP 200\)/, /forward \/jsonrpc/],
	['a proxy error', 'jsonrpc', 502, 'text/plain', 'Bad Gateway', /did not answer as Odoo's JSON-RPC API \(HTTP 502\): Bad Gateway/, /base URL/],
	['an Odoo before 19 to an API key', 'json2', 404, 'text/html', '<html><body>404: Not Found</body></html>', /has no JSON-2 API/, /Odoo 19 or later\. On Odoo 14-18 use JSON-RPC/],
	['a proxy error to an API key', 'json2', 502, 'text/plain', 'Bad Gateway', /did not answer as Odoo's JSON-2 API \(HTTP 502\)/, /forward \/json\/2\//],
] as const)('a server that answers %s: exit 2, with the reason', async (_label, protocol, status, type, body, message, hint) => {
	const other = http.createServer((_request, response) => {
		response.writeHead(status, { 'Content-Type': type });
		response.end(body);
	});
	await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
	try {
		const result = await run(protocol, { url: `http://127.0.0.1:${(other.address() as net.AddressInfo).port}` });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(message);
		expect(result.stderr).toMatch(hint);
	} finally {
		await new Promise<void>((resolve) => other.close(() => resolve()));
	}
});

test('the commander wiring passes the options through and sets the exit code', async () => {
	await start((models) => {
		delete models['res.partner'];
	});
	const program = new Command().exitOverride();
	register(program);
	const written: string[] = [];
	const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
		written.push(String(chunk));
		return true;
	});
	try {
		await program.parseAsync(['check-odoo', '--url', odoo!.url, '--db', 'prod', '--api-key', 'key-1', '--format', 'json'], { from: 'user' });
	} finally {
		spy.mockRestore();
	}
	expect(process.exitCode).toBe(1);
	process.exitCode = 0;
	const report = JSON.parse(written.join(''));
	expect(report.protocol).toBe('json2');
	expect(report.missingModules).toEqual(['base']);
});
