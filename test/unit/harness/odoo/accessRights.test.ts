/**
 * The stand-in refuses a user the rights it was told to, as Odoo 18's ir.model.access does: an
 * AccessError (`odoo.exceptions.AccessError`, the message `_make_access_error` builds) on the
 * methods that need the right, over JSON-RPC (HTTP 200) and JSON-2 (HTTP 403); `fields_get`
 * answers whatever the rights; `check_access_rights` and `has_access` tell.
 */
import { startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';

let odoo: OdooStandIn;
beforeEach(async () => {
	odoo = await startOdooStandIn();
	odoo.store.refuseAccess('crm.lead', ['read', 'unlink'], ['Sales / User: All Documents']);
	odoo.store.refuseAccess('project.task', ['write']);
});
afterEach(async () => {
	await odoo.stop();
});

async function jsonRpc(model: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}) {
	const { db, uid, password } = odoo.login;
	const response = await fetch(`${odoo.url}/jsonrpc`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { service: 'object', method: 'execute_kw', args: [db, uid, password, model, method, args, kwargs] } }),
	});
	return (await response.json()) as { result?: unknown; error?: { data: { name: string; message: string } } };
}

async function json2(model: string, method: string, body: Record<string, unknown>) {
	const response = await fetch(`${odoo.url}/json/2/${model}/${method}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `bearer ${odoo.login.apiKey}`, 'X-Odoo-Database': odoo.login.db },
		body: JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as { name?: string; message?: string } };
}

const READ_REFUSED =
	"You are not allowed to access 'Lead/Opportunity' (crm.lead) records.\n\n" +
	'This operation is allowed for the following groups:\n\t- Sales / User: All Documents\n\n' +
	'Contact your administrator to request access if necessary.';

test.each([
	['search_read', [[]], { fields: ['name'] }],
	['search_count', [[]], {}],
	['read', [[1]], { fields: ['name'] }],
])('JSON-RPC %s without the read right: AccessError with the groups that have it', async (method, args, kwargs) => {
	expect((await jsonRpc('crm.lead', method, args, kwargs)).error?.data).toMatchObject({ name: 'odoo.exceptions.AccessError', message: READ_REFUSED });
});

test('a right taken away leaves the others: create works, unlink and write are refused with their verb', async () => {
	expect((await jsonRpc('crm.lead', 'create', [{ name: 'Chairs' }])).result).toEqual(expect.any(Number));
	expect((await jsonRpc('crm.lead', 'unlink', [[1]])).error?.data.message).toMatch(/^You are not allowed to delete 'Lead\/Opportunity' \(crm\.lead\) records\./);
	expect((await jsonRpc('project.task', 'write', [[1], { name: 'x' }])).error?.data.message).toBe(
		"You are not allowed to modify 'Task' (project.task) records.\n\nNo group currently allows this operation.\n\nContact your administrator to request access if necessary.",
	);
	expect((await jsonRpc('project.task', 'search_count', [[]])).result).toEqual(expect.any(Number));
});

test('fields_get answers whatever the rights', async () => {
	expect((await jsonRpc('crm.lead', 'fields_get', [], { attributes: ['type'] })).result).toMatchObject({ name: { type: 'char' } });
});

test.each([
	['read', false],
	['unlink', false],
	['create', true],
	['write', true],
])('check_access_rights(%s, raise_exception=False) and has_access(%s) answer %s', async (operation, allowed) => {
	expect((await jsonRpc('crm.lead', 'check_access_rights', [operation], { raise_exception: false })).result).toBe(allowed);
	expect(await json2('crm.lead', 'has_access', { ids: [], operation })).toEqual({ status: 200, body: allowed });
});

test('check_access_rights raises by default', async () => {
	expect((await jsonRpc('crm.lead', 'check_access_rights', ['read'])).error?.data).toMatchObject({ name: 'odoo.exceptions.AccessError', message: READ_REFUSED });
	expect((await jsonRpc('crm.lead', 'check_access_rights', ['create'])).result).toBe(true);
});

test('JSON-2: the AccessError is a 403 with its name and message', async () => {
	expect(await json2('crm.lead', 'search_read', { domain: [], fields: ['name'] })).toEqual({
		status: 403,
		body: expect.objectContaining({ name: 'odoo.exceptions.AccessError', message: READ_REFUSED }),
	});
});

test('JSON-2 clients learn the uid from context_get and the version without a login', async () => {
	expect((await json2('res.users', 'context_get', {})).body).toMatchObject({ uid: odoo.login.uid });
	const version = (await (await fetch(`${odoo.url}/web/version`)).json()) as { version: string };
	expect(version.version).toMatch(/^\d+\.0$/);
});
