/**
 * The stand-in's other two front ends: JSON-2 (`odooApiKeyApi`, keyword bodies exactly as
 * n8n's v2 transport and credential test send them) and XML-RPC (Odoo's third front end, which Odoo removes in 22),
 * plus the domain evaluator the search methods share.
 */
import { createClient } from 'xmlrpc';
import { startOdooStandIn, OdooStore, type OdooStandIn } from '../../../harness/odoo';
import { compileDomain } from '../../../harness/odoo/domain';
import { MODELS } from '../../../harness/odoo/models';

let odoo: OdooStandIn;

beforeAll(async () => {
	odoo = await startOdooStandIn();
});
afterAll(async () => {
	await odoo.stop();
});

async function json2(model: string, method: string, body: unknown, key = odoo.login.apiKey) {
	const response = await fetch(`${odoo.url}/json/2/${model}/${method}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `bearer ${key}`, 'X-Odoo-Database': odoo.login.db },
		body: JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as unknown };
}

describe('JSON-2', () => {
	it("answers n8n's credential test request", async () => {
		const answer = await json2('res.partner', 'search_read', { domain: [], fields: ['id'], limit: 1 });
		expect(answer).toEqual({ status: 200, body: [{ id: 1 }] });
	});

	it('create {vals_list} answers the id list; read {ids, fields}; write {ids, vals}; unlink {ids}', async () => {
		const created = await json2('res.partner', 'create', { vals_list: [{ name: 'Jane Roe', email: 'jane@example.com' }] });
		expect(created.status).toBe(200);
		const [id] = created.body as number[];
		expect((await json2('res.partner', 'write', { ids: [id], vals: { phone: '+32 2 000 00 00' } })).body).toBe(true);
		expect((await json2('res.partner', 'read', { ids: [id], fields: ['name', 'phone'] })).body).toEqual([
			{ id, name: 'Jane Roe', phone: '+32 2 000 00 00' },
		]);
		expect((await json2('res.partner', 'unlink', { ids: [id] })).body).toBe(true);
		expect(odoo.store.get('res.partner', id)).toBeUndefined();
	});

	const failures: Array<[string, () => ReturnType<typeof json2>, number, string]> = [
		['wrong key', () => json2('res.partner', 'search_read', { domain: [] }, 'wrong'), 401, 'werkzeug.exceptions.Unauthorized'],
		['missing record', () => json2('crm.lead', 'write', { ids: [404], vals: { name: 'x' } }), 404, 'odoo.exceptions.MissingError'],
		['a keyword search_read passes on to read', () => json2('crm.lead', 'search_read', { domain: [], colour: 1 }), 500, 'builtins.TypeError'],
		['a keyword no parameter takes', () => json2('crm.lead', 'unlink', { colour: 1 }), 422, 'werkzeug.exceptions.UnprocessableEntity'],
		['a missing argument', () => json2('crm.lead', 'write', { ids: [1], values: { name: 'x' } }), 422, 'werkzeug.exceptions.UnprocessableEntity'],
		['a value Python refuses', () => json2('crm.lead', 'write', { ids: [1], vals: { expected_revenue: 'lots' } }), 500, 'builtins.ValueError'],
		['a constraint', () => json2('crm.lead', 'write', { ids: [1], vals: { probability: 150 } }), 422, 'odoo.exceptions.ValidationError'],
		['unknown model', () => json2('no.model', 'search_read', {}), 404, 'werkzeug.exceptions.NotFound'],
		['unknown method', () => json2('crm.lead', 'explode', {}), 404, 'werkzeug.exceptions.NotFound'],
	];
	it.each(failures)('%s -> HTTP error with Odoo exception name', async (_label, call, status, name) => {
		const answer = await call();
		expect(answer.status).toBe(status);
		expect(answer.body).toMatchObject({ name, message: expect.any(String) });
	});

	it('logs JSON-2 calls with their model method', async () => {
		const mark = odoo.calls.length;
		await json2('crm.stage', 'search_read', { domain: [], fields: ['name'] });
		expect(odoo.objectCallsSince(mark)).toEqual([
			expect.objectContaining({ protocol: 'json2', model: 'crm.stage', modelMethod: 'search_read' }),
		]);
	});
});

describe('XML-RPC', () => {
	const call = (path: string, method: string, params: unknown[]) =>
		new Promise<unknown>((resolve, reject) => {
			createClient({ host: '127.0.0.1', port: odoo.port, path }).methodCall(method, params, (error, value) =>
				error ? reject(error as Error) : resolve(value),
			);
		});

	it('authenticate then execute_kw fields_get', async () => {
		const { db, username, password } = odoo.login;
		const uid = await call('/xmlrpc/2/common', 'authenticate', [db, username, password, {}]);
		expect(uid).toBe(2);
		const fields = (await call('/xmlrpc/2/object', 'execute_kw', [db, uid, password, 'project.task', 'fields_get', [], { attributes: ['type', 'relation'] }])) as Record<string, unknown>;
		expect(fields.stage_id).toEqual({ type: 'many2one', relation: 'project.task.type' });
	});

	it('answers a fault for a wrong password', async () => {
		await expect(call('/xmlrpc/2/object', 'execute_kw', [odoo.login.db, 2, 'bad', 'res.partner', 'search', [[]]])).rejects.toMatchObject({
			faultCode: 3,
		});
	});
});

describe('domains', () => {
	const store = new OdooStore();
	const ids = (model: string, domain: unknown) => {
		const predicate = compileDomain(model, MODELS[model], domain, (m, id) => String(store.get(m, id)?.name ?? ''));
		return store.all(model).filter(predicate).map((r) => r.id);
	};
	const cases: Array<[string, string, unknown, number[]]> = [
		['empty domain', 'crm.stage', [], [1, 2, 3]],
		['equality', 'project.task', [['project_id', '=', 2]], [3]],
		['implicit and', 'project.task', [['project_id', '=', 1], ['stage_id', '=', 2]], [2]],
		['or', 'project.task', ['|', ['stage_id', '=', 2], ['project_id', '=', 2]], [2, 3]],
		['not', 'project.task', ['!', ['project_id', '=', 1]], [3]],
		['ilike', 'res.partner', [['name', 'ilike', 'AZURE']], [2]],
		['many2one by name', 'crm.lead', [['partner_id', 'ilike', 'azure']], [1]],
		['in', 'crm.stage', [['id', 'in', [1, 3]]], [1, 3]],
		['not in', 'crm.stage', [['id', 'not in', [1, 3]]], [2]],
		['greater or equal', 'account.analytic.line', [['date', '>=', '2026-01-06']], [2]],
		['unset many2one', 'project.project', [['partner_id', '=', false]], [1]],
		['many2many membership', 'project.task.type', [['project_ids', 'in', [2]]], [1, 2, 3]],
		['=ilike pattern', 'res.partner', [['email', '=ilike', '%@EXAMPLE.com']], [1, 2, 3]],
	];
	it.each(cases)('%s', (_label, model, domain, expected) => {
		expect(ids(model, domain)).toEqual(expected);
	});

	it('hides archived records unless the domain mentions active', () => {
		const local = new OdooStore();
		local.execute({ model: 'project.project', method: 'write', ids: [2], params: { vals: { active: false } } });
		const search = (domain: unknown) => local.execute({ model: 'project.project', method: 'search', params: { domain } });
		expect(search([])).toEqual([1]);
		expect(search([['active', '=', false]])).toEqual([2]);
		// In the model's order (sequence, name, id): "Internal Tools" before "Website Redesign".
		expect(search([['active', 'in', [true, false]]])).toEqual([2, 1]);
	});

	const bad: Array<[string, unknown]> = [
		['not a list', 'name = x'],
		['short term', [['name', '=']]],
		['unknown field', [['colour', '=', 'red']]],
		['dangling operator', ['|', ['name', '=', 'x']]],
		['in without a list', [['id', 'not in', 3]]],
	];
	it.each(bad)('refuses %s', (_label, domain) => {
		expect(() => ids('res.partner', domain)).toThrow(/Invalid domain/);
	});
});
