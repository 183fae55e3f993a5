/**
 * checkOdooSchema against the XML-RPC Odoo stand-in (test/harness/odooXmlRpc.ts: a stand-in,
 * since no Odoo can run here; it speaks Odoo's real XML-RPC protocol on 127.0.0.1).
 */
import { checkOdooSchema } from '../../../generator/odoo/checkSchema';
import type { OdooRequirements } from '../../../generator/odoo/requirements';
import { OdooConnectionError } from '../../../generator/odoo/xmlRpcClient';
import * as xmlrpc from 'xmlrpc';

import { startOdooStandIn, type OdooStandIn } from '../../harness/odooXmlRpc';

const requirements: OdooRequirements = {
	models: [
		{ tool: 'list_leads', model: 'crm.lead' },
		{ tool: 'log_hours', model: 'account.analytic.line' },
	],
	fields: [
		{ tool: 'list_leads', model: 'crm.lead', field: 'name', types: ['char'] },
		{ tool: 'list_leads', model: 'crm.lead', field: 'stage_id', types: ['many2one'], relation: 'crm.stage' },
		{ tool: 'log_hours', model: 'account.analytic.line', field: 'unit_amount', types: ['float'] },
		{ tool: 'log_hours', model: 'account.analytic.line', field: 'project_id', types: ['many2one'] },
	],
};

let odoo: OdooStandIn;
const login = () => ({ url: odoo.url, db: 'hermes', login: 'admin', secret: 'admin-password' });

beforeEach(async () => {
	odoo = await startOdooStandIn();
});
afterEach(async () => {
	await odoo.stop();
});

test('a complete schema passes and each model is read once with fields_get', async () => {
	const report = await checkOdooSchema(login(), requirements);
	expect(report.ok).toBe(true);
	expect(report.uid).toBe(2);
	expect(report.serverVersion).toBe('17.0');
	expect(report.tools).toEqual([
		{ tool: 'list_leads', ok: true },
		{ tool: 'log_hours', ok: true },
	]);
	const fieldsGets = odoo.calls.filter((c) => c.service === 'object').map((c) => c.params.slice(3, 7));
	expect(fieldsGets).toEqual([
		['crm.lead', 'fields_get', [], { attributes: ['type', 'relation', 'string'] }],
		['account.analytic.line', 'fields_get', [], { attributes: ['type', 'relation', 'string'] }],
	]);
});

test('a missing model is reported for every tool on it, with its module', async () => {
	delete odoo.state.schema['crm.lead'];
	const report = await checkOdooSchema(login(), requirements);
	expect(report.ok).toBe(false);
	expect(report.problems).toEqual([
		expect.objectContaining({ tool: 'list_leads', kind: 'missing-model', model: 'crm.lead', module: 'crm' }),
	]);
	expect(report.missingModules).toEqual(['crm']);
	expect(report.tools).toContainEqual({ tool: 'log_hours', ok: true });
});

test('a field another module adds names that module; a wrong type and relation are reported', async () => {
	delete odoo.state.schema['account.analytic.line'].project_id;
	odoo.state.schema['account.analytic.line'].unit_amount.type = 'char';
	odoo.state.schema['crm.lead'].stage_id.relation = 'crm.team';
	const report = await checkOdooSchema(login(), requirements);
	expect(report.problems.map((p) => [p.tool, p.kind, p.field, p.actual, p.module])).toEqual([
		['list_leads', 'wrong-relation', 'stage_id', 'crm.team', undefined],
		['log_hours', 'wrong-type', 'unit_amount', 'char', undefined],
		['log_hours', 'missing-field', 'project_id', undefined, 'hr_timesheet'],
	]);
	expect(report.missingModules).toEqual(['hr_timesheet']);
});

test('an API key is accepted in place of the password', async () => {
	odoo.state.apiKeys = ['an api key'];
	const report = await checkOdooSchema({ ...login(), secret: 'an api key' }, requirements);
	expect(report.ok).toBe(true);
});

test.each([
	['wrong password', { secret: 'nope' }, 'bad-credentials', /refused the login "admin" on database "hermes"/],
	['wrong login', { login: 'someone' }, 'bad-credentials', /refused the login "someone"/],
	['wrong database', { db: 'hermez' }, 'wrong-db', /Odoo has no database "hermez"/],
	['not a URL', { url: 'odoo.example' }, 'bad-url', /Not a URL/],
	['ftp URL', { url: 'ftp://127.0.0.1/' }, 'bad-url', /Unsupported URL scheme ftp:/],
	['URL under a path that is not Odoo', { url: 'BASE/odoo' }, 'not-odoo', /did not answer as Odoo/],
])('%s stops the check with a connection error', async (_label, change, kind, message) => {
	const options = { ...login(), ...change };
	options.url = options.url.replace('BASE', odoo.url);
	const error = await checkOdooSchema(options, requirements).catch((e: unknown) => e);
	expect(error).toBeInstanceOf(OdooConnectionError);
	expect(error).toMatchObject({ kind });
	expect((error as Error).message).toMatch(message);
	expect((error as OdooConnectionError).hint.length).toBeGreaterThan(10);
});

describe('the stand-in answers as Odoo does on the wire', () => {
	const call = (path: string, method: string, params: unknown[]) =>
		new Promise<{ error: { faultCode?: number; faultString?: string; message?: string } | null; value: unknown }>((resolve) => {
			const client = xmlrpc.createClient({ host: '127.0.0.1', port: odoo.port, path });
			client.methodCall(method, params, (error, value) => resolve({ error: error as never, value }));
		});

	test('authenticate: uid, or false for a bad password', async () => {
		expect((await call('/xmlrpc/2/common', 'authenticate', ['hermes', 'admin', 'admin-password', {}])).value).toBe(2);
		expect((await call('/xmlrpc/2/common', 'authenticate', ['hermes', 'admin', 'nope', {}])).value).toBe(false);
	});

	test('an unknown database is a faultCode 1 Python traceback ending in psycopg2.OperationalError', async () => {
		const { error } = await call('/xmlrpc/2/common', 'authenticate', ['nodb', 'admin', 'admin-password', {}]);
		expect(error?.faultCode).toBe(1);
		expect(error?.faultString).toMatch(/^Traceback \(most recent call last\):\n {2}File "/);
		expect(error?.faultString).toMatch(/psycopg2\.OperationalError: .*FATAL: {2}database "nodb" does not exist\n$/);
	});

	test('execute_kw: Access Denied (3) for a bad password, a UserError (2) for an unknown model', async () => {
		const denied = await call('/xmlrpc/2/object', 'execute_kw', ['hermes', 2, 'nope', 'crm.lead', 'fields_get', [], {}]);
		expect(denied.error).toMatchObject({ faultCode: 3, faultString: 'Access Denied' });
		delete odoo.state.schema['crm.lead'];
		const unknown = await call('/xmlrpc/2/object', 'execute_kw', ['hermes', 2, 'admin-password', 'crm.lead', 'fields_get', [], {}]);
		expect(unknown.error).toMatchObject({ faultCode: 2, faultString: "Object crm.lead doesn't exist" });
	});

	test('fields_get keeps only the requested attributes; relation only on relational fields', async () => {
		const { value } = await call('/xmlrpc/2/object', 'execute_kw', [
			'hermes', 2, 'admin-password', 'project.task', 'fields_get', [['name', 'stage_id']], { attributes: ['type', 'relation'] },
		]);
		expect(value).toEqual({ name: { type: 'char' }, stage_id: { type: 'many2one', relation: 'project.task.type' } });
	});

	test('another path is a 404', async () => {
		const { error } = await call('/xmlrpc/object', 'execute_kw', []);
		expect(error?.message).toBe('Not Found');
	});
});
