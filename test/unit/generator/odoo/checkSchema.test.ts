/**
 * checkOdooSchema against the Odoo stand-in (test/harness/odoo: a stand-in, since no Odoo can
 * run here; it speaks Odoo's JSON-RPC and JSON-2 on 127.0.0.1), in both protocols.
 */
import { checkOdooSchema, type OdooLogin } from '../../../../generator/odoo/checkSchema';
import type { OdooRequirements } from '../../../../generator/odoo/requirements';
import { OdooConnectionError } from '../../../../generator/odoo/rpcClient';

import { startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';
import { storeWithSchema, type Schema } from '../../../harness/odoo/schemaVariant';

const requirements: OdooRequirements = {
	models: [
		{ tool: 'list_leads', model: 'crm.lead' },
		{ tool: 'log_hours', model: 'account.analytic.line' },
	],
	access: [
		{ tool: 'list_leads', model: 'crm.lead', mode: 'read' },
		{ tool: 'log_hours', model: 'account.analytic.line', mode: 'create' },
	],
	fields: [
		{ tool: 'list_leads', model: 'crm.lead', field: 'name', types: ['char'] },
		{ tool: 'list_leads', model: 'crm.lead', field: 'stage_id', types: ['many2one'], relation: 'crm.stage' },
		{ tool: 'log_hours', model: 'account.analytic.line', field: 'unit_amount', types: ['float'] },
		{ tool: 'log_hours', model: 'account.analytic.line', field: 'project_id', types: ['many2one'] },
	],
};

let odoo: OdooStandIn;
const start = async (edit?: (models: Schema) => void) => {
	odoo = await startOdooStandIn(edit ? { store: storeWithSchema(edit) } : {});
};
afterEach(async () => {
	await odoo.stop();
});

const PROTOCOLS = {
	jsonrpc: (): OdooLogin => ({ url: odoo.url, db: odoo.login.db, protocol: 'jsonrpc', login: odoo.login.username, secret: odoo.login.password }),
	json2: (): OdooLogin => ({ url: odoo.url, db: odoo.login.db, protocol: 'json2', secret: odoo.login.apiKey }),
};

describe.each(Object.entries(PROTOCOLS))('over %s', (protocol, login) => {
	test('a complete schema passes; each model is read once with fields_get; the uid is known', async () => {
		await start();
		const report = await checkOdooSchema(login(), requirements);
		expect(report).toMatchObject({ ok: true, uid: 2, serverVersion: '17.0', protocol, problems: [] });
		expect(report.tools).toEqual([
			{ tool: 'list_leads', ok: true },
			{ tool: 'log_hours', ok: true },
		]);
		const fieldsGets = odoo.calls.filter((c) => c.modelMethod === 'fields_get').map((c) => [c.protocol, c.model, c.params]);
		expect(fieldsGets).toEqual([
			[protocol, 'crm.lead', { attributes: ['type', 'relation', 'string'] }],
			[protocol, 'account.analytic.line', { attributes: ['type', 'relation', 'string'] }],
		]);
	});

	test('a missing model is reported for every tool on it, with its module', async () => {
		await start((models) => {
			delete models['crm.lead'];
		});
		const report = await checkOdooSchema(login(), requirements);
		expect(report.problems).toEqual([expect.objectContaining({ tool: 'list_leads', kind: 'missing-model', model: 'crm.lead', module: 'crm' })]);
		expect(report.missingModules).toEqual(['crm']);
		expect(report.tools).toContainEqual({ tool: 'log_hours', ok: true });
	});

	test('a field another module adds names that module; a wrong type and relation are reported', async () => {
		await start((models) => {
			delete models['account.analytic.line'].fields.project_id;
			models['account.analytic.line'].fields.unit_amount.type = 'char';
			models['crm.lead'].fields.stage_id.relation = 'project.task.type';
		});
		const report = await checkOdooSchema(login(), requirements);
		expect(report.problems.map((p) => [p.tool, p.kind, p.field, p.actual, p.module])).toEqual([
			['list_leads', 'wrong-relation', 'stage_id', 'project.task.type', undefined],
			['log_hours', 'wrong-type', 'unit_amount', 'char', undefined],
			['log_hours', 'missing-field', 'project_id', undefined, 'hr_timesheet'],
		]);
		expect(report.missingModules).toEqual(['hr_timesheet']);
	});

	test("a right the user lacks is named with the model, whatever fields_get answers", async () => {
		await start();
		odoo.store.refuseAccess('crm.lead', ['read', 'write'], ['Sales / User: Own Documents Only']);
		odoo.store.refuseAccess('account.analytic.line', ['create']);
		const report = await checkOdooSchema(login(), requirements);
		expect(report.models.every((m) => m.present)).toBe(true);
		expect(report.problems.map((p) => `${p.tool}: ${p.message}`)).toEqual([
			'list_leads: the user lacks the right read on model crm.lead',
			'log_hours: the user lacks the right create on model account.analytic.line',
		]);
		expect(report.problems.map((p) => [p.kind, p.right])).toEqual([
			['no-access', 'read'],
			['no-access', 'create'],
		]);
		const method = protocol === 'json2' ? 'has_access' : 'check_access_rights';
		expect(odoo.calls.filter((c) => c.modelMethod === method).map((c) => `${c.model} ${String(c.params?.operation)}`)).toEqual([
			'crm.lead read',
			'account.analytic.line create',
		]);
	});

	test('an AccessError on a record the config names: the right, not a missing record', async () => {
		await start();
		odoo.store.refuseAccess('hr.employee', ['read']);
		const report = await checkOdooSchema(login(), { ...requirements, records: [{ tool: 'log_hours', model: 'hr.employee', id: 1, source: 'config employeeId' }] });
		expect(report.problems).toEqual([
			expect.objectContaining({
				kind: 'no-access',
				right: 'read',
				message: "the user lacks the right read on model hr.employee (Odoo: You are not allowed to access 'Employee' (hr.employee) records.)",
			}),
		]);
	});

	test.each([
		['wrong secret', { secret: 'nope' }, 'bad-credentials'],
		['wrong database', { db: 'hermez' }, 'wrong-db'],
		['not a URL', { url: 'odoo.example' }, 'bad-url'],
		['ftp URL', { url: 'ftp://127.0.0.1/' }, 'bad-url'],
		['URL under a path that is not Odoo', { url: 'BASE/odoo' }, protocol === 'json2' ? 'no-json2' : 'not-odoo'],
	])('%s stops the check with a connection error', async (_label, change, kind) => {
		await start();
		const options = { ...login(), ...change };
		options.url = options.url.replace('BASE', odoo.url);
		const error = await checkOdooSchema(options, requirements).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(OdooConnectionError);
		expect(error).toMatchObject({ kind });
		expect((error as OdooConnectionError).hint.length).toBeGreaterThan(10);
	});
});

test('JSON-RPC: a refused login names the login and the database', async () => {
	await start();
	const error = await checkOdooSchema({ ...PROTOCOLS.jsonrpc(), login: 'someone' }, requirements).catch((e: unknown) => e);
	expect((error as Error).message).toBe(`Odoo refused the login "someone" on database "${odoo.login.db}"`);
});

test('JSON-2: a refused key is access denied, the login is not tried', async () => {
	await start();
	const error = await checkOdooSchema({ ...PROTOCOLS.json2(), secret: 'nope' }, requirements).catch((e: unknown) => e);
	expect(error).toMatchObject({ kind: 'bad-credentials', message: 'Odoo denied access: AccessDenied: Invalid apikey' });
	expect(odoo.calls.some((c) => c.method === 'login')).toBe(false);
});
