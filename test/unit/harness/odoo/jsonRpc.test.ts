/**
 * The Odoo stand-in over HTTP, with the exact request bodies n8n 2.41's Odoo node (v2
 * transport, credential `odooApi`) sends: `common.login`, then `object.execute` with
 * positional args built by its bodyToRpcArgs. Errors must have Odoo's JSON-RPC shape, because
 * n8n reads `response.error.data.message`.
 */
import { startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';

let odoo: OdooStandIn;

beforeAll(async () => {
	odoo = await startOdooStandIn();
});
afterAll(async () => {
	await odoo.stop();
});

interface RpcAnswer {
	jsonrpc: string;
	id: unknown;
	result?: unknown;
	error?: { code: number; message: string; data: { name: string; message: string } };
}

async function rpc(service: string, method: string, args: unknown[]): Promise<RpcAnswer> {
	const response = await fetch(`${odoo.url}/jsonrpc`, {
		method: 'POST',
		headers: { Connection: 'keep-alive', Accept: '*/*', 'Content-Type': 'application/json' },
		body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 42, params: { service, method, args } }),
	});
	expect(response.status).toBe(200);
	return (await response.json()) as RpcAnswer;
}

const execute = (model: string, method: string, ...args: unknown[]) =>
	rpc('object', 'execute', [odoo.login.db, odoo.login.uid, odoo.login.password, model, method, ...args]);

describe('common service', () => {
	it('login answers the uid for the right credentials and false (not an error) for wrong ones', async () => {
		const { db, username, password } = odoo.login;
		expect(await rpc('common', 'login', [db, username, password])).toEqual({ jsonrpc: '2.0', id: 42, result: 2 });
		expect((await rpc('common', 'login', [db, username, 'nope'])).result).toBe(false);
	});

	it('login on an unknown database is a server error', async () => {
		const answer = await rpc('common', 'login', ['other', odoo.login.username, odoo.login.password]);
		expect(answer.error?.data.name).toBe('psycopg2.OperationalError');
	});

	it('version answers the server version', async () => {
		expect((await rpc('common', 'version', [])).result).toMatchObject({ server_serie: '17.0', protocol_version: 1 });
	});
});

describe('object.execute as n8n sends it', () => {
	it('create [vals] answers the new id, read [[id], fields] returns it with many2one as [id, name]', async () => {
		const created = await execute('project.task', 'create', { name: 'Write tests', project_id: 1, stage_id: 2 });
		expect(typeof created.result).toBe('number');
		const read = await execute('project.task', 'read', [created.result], ['name', 'project_id', 'stage_id', 'date_deadline']);
		expect(read.result).toEqual([
			{ id: created.result, name: 'Write tests', project_id: [1, 'Website Redesign'], stage_id: [2, 'In Progress'], date_deadline: false },
		]);
	});

	it('read with an empty field list returns every field and display_name', async () => {
		const read = (await execute('res.partner', 'read', [2], [])).result as Array<Record<string, unknown>>;
		expect(read[0]).toMatchObject({ id: 2, name: 'Azure Interior', display_name: 'Azure Interior', country_id: [1, 'France'], active: true });
	});

	it('search_read [domain, fields, offset, limit] filters, pages and limits', async () => {
		const all = await execute('project.task', 'search_read', [['project_id', '=', 1]], ['name'], 0);
		const names = (all.result as Array<{ name: string }>).map((r) => r.name);
		expect(names).toEqual(expect.arrayContaining(['Draft the sitemap', 'Pick a CMS']));
		expect(names).not.toContain('Backup script');
		const page = await execute('project.task', 'search_read', [['project_id', '=', 1]], ['name'], 1, 1);
		expect(page.result).toEqual([{ id: 2, name: 'Pick a CMS' }]);
	});

	it('write [[id], vals] changes only the given fields and answers true', async () => {
		const before = odoo.store.get('crm.lead', 1)!;
		expect((await execute('crm.lead', 'write', [1], { stage_id: 2 })).result).toBe(true);
		const after = odoo.store.get('crm.lead', 1)!;
		expect(after).toEqual({ ...before, stage_id: 2 });
	});

	// A real Odoo 18 read `write crm.lead user_id "2"` back as false (test/fixtures/odoo-18/probes-jsonrpc.jsonl):
	// a write converts for the cache, where only an int is an id; a create hands the value to PostgreSQL.
	it('a write unsets a many2one given as text or 0; a create casts a numeric string, as PostgreSQL does', async () => {
		expect((await execute('project.task', 'write', [3], { stage_id: '2' })).result).toBe(true);
		expect(odoo.store.get('project.task', 3)!.stage_id).toBe(false);
		await execute('account.analytic.line', 'write', [2], { task_id: 0 });
		expect(odoo.store.get('account.analytic.line', 2)!.task_id).toBe(false);
		const id = (await execute('project.task', 'create', { name: 'Cast', project_id: '1' })).result as number;
		expect(odoo.store.get('project.task', id)!.project_id).toBe(1);
	});

	it('unlink [[id]] deletes the record', async () => {
		const id = (await execute('account.analytic.line', 'create', { name: 'Temp', unit_amount: 1, project_id: 1 })).result as number;
		expect((await execute('account.analytic.line', 'unlink', [id])).result).toBe(true);
		expect(odoo.store.get('account.analytic.line', id)).toBeUndefined();
	});

	it('fields_get [[], attributes] describes the model for the resource mapper', async () => {
		const fields = (await execute('crm.lead', 'fields_get', [], ['string', 'type', 'required', 'readonly', 'selection']))
			.result as Record<string, Record<string, unknown>>;
		expect(fields.name).toEqual({ string: 'Opportunity', type: 'char', required: true, readonly: false });
		expect(fields.type.selection).toEqual([
			['lead', 'Lead'],
			['opportunity', 'Opportunity'],
		]);
		expect(fields.stage_id).not.toHaveProperty('relation');
	});

	it('execute_kw binds args and kwargs', async () => {
		const answer = await rpc('object', 'execute_kw', [
			odoo.login.db, odoo.login.uid, odoo.login.password, 'crm.stage', 'search_read', [[['is_won', '=', true]]], { fields: ['name'] },
		]);
		expect(answer.result).toEqual([{ id: 3, name: 'Won' }]);
	});
});

describe('errors have the shape of an Odoo server error', () => {
	const cases: Array<[string, () => Promise<RpcAnswer>, string, RegExp]> = [
		['wrong password', () => rpc('object', 'execute', [odoo.login.db, odoo.login.uid, 'bad', 'res.partner', 'read', [1], []]), 'odoo.exceptions.AccessDenied', /Access Denied/],
		['uid false after a failed login', () => rpc('object', 'execute', [odoo.login.db, false, odoo.login.password, 'res.partner', 'read', [1], []]), 'odoo.exceptions.AccessDenied', /Access Denied/],
		['missing record', () => execute('project.task', 'write', [999], { name: 'x' }), 'odoo.exceptions.MissingError', /^Record does not exist or has been deleted\.\n\(Record: project\.task\(999,\), User: 2\)$/],
		['unknown model', () => execute('no.such.model', 'search_read', [], []), 'odoo.exceptions.UserError', /^Object no\.such\.model doesn't exist$/],
		['unknown method', () => execute('project.task', 'action_explode', []), 'builtins.AttributeError', /^The method 'project\.task\.action_explode' does not exist$/],
		['private method', () => execute('project.task', '_compute_display_name', []), 'odoo.exceptions.AccessError', /^Private methods \(such as 'project\.task\._compute_display_name'\) cannot be called remotely\.$/],
		['unknown field on write', () => execute('project.task', 'write', [1], { colour: 'red' }), 'builtins.ValueError', /Invalid field 'colour'/],
		['text for a many2one on create', () => execute('project.task', 'create', { name: 'x', stage_id: 'In Progress' }), 'psycopg2.errors.InvalidTextRepresentation', /invalid input syntax for type integer/],
		['unknown id for a many2one', () => execute('project.task', 'write', [1], { stage_id: 99 }), 'odoo.exceptions.MissingError', /\(Record: project\.task\.type\(99,\), User: 2\)/],
		['text for a number', () => execute('account.analytic.line', 'write', [1], { unit_amount: 'two' }), 'builtins.ValueError', /^could not convert string to float: 'two'$/],
		['text for an integer', () => execute('project.project', 'write', [1], { sequence: '3.5' }), 'builtins.ValueError', /^invalid literal for int\(\) with base 10: '3\.5'$/],
		['malformed date', () => execute('account.analytic.line', 'write', [1], { date: '05/01/2026' }), 'builtins.ValueError', /^time data '05\/01\/2026' does not match format '%Y-%m-%d'$/],
		['a day the month does not have', () => execute('account.analytic.line', 'write', [1], { date: '2026-02-30' }), 'builtins.ValueError', /^day is out of range for month$/],
		['a date with a time on a date field', () => execute('crm.lead', 'write', [1], { date_deadline: 'next friday' }), 'builtins.ValueError', /^time data 'next frida' does not match format '%Y-%m-%d'$/],
		['a datetime with a bad time', () => execute('project.task', 'write', [1], { date_deadline: '2026-12-31 25:00:00' }), 'builtins.ValueError', /^time data '2026-12-31 25:00:00' does not match format '%Y-%m-%d %H:%M:%S'$/],
		['text for the lead probability', () => execute('crm.lead', 'write', [1], { probability: '55.5' }), 'builtins.TypeError', /^'>=' not supported between instances of 'str' and 'int'$/],
		['a domain date PostgreSQL cannot cast', () => execute('account.analytic.line', 'search_read', [['date', '>=', 'last monday']], ['id']), 'psycopg2.errors.InvalidDatetimeFormat', /^invalid input syntax for type date: "last monday"$/],
		['missing mandatory field', () => execute('project.project', 'create', { description: 'x' }), 'odoo.exceptions.ValidationError', /mandatory field/],
		['bad selection value', () => execute('crm.lead', 'create', { name: 'x', type: 'deal' }), 'builtins.ValueError', /crm.lead.type/],
		['bad domain operator', () => execute('res.partner', 'search_read', [['name', 'sounds like', 'x']], []), 'builtins.ValueError', /Invalid domain/],
		['unknown service', () => rpc('nope', 'x', []), 'werkzeug.exceptions.NotFound', /No such service/],
		['too many positional arguments', () => execute('res.partner', 'unlink', [1], 'extra'), 'builtins.TypeError', /takes 0 positional arguments but 1 were given/],
		['ids that are not a list of ids', () => execute('res.partner', 'read', ['one'], []), 'builtins.TypeError', /list of record ids/],
		['unknown keyword in execute_kw', () => rpc('object', 'execute_kw', [odoo.login.db, odoo.login.uid, odoo.login.password, 'res.partner', 'search_read', [[]], { colour: 'red' }]), 'builtins.TypeError', /unexpected keyword argument 'colour'/],
	];
	it.each(cases)('%s', async (_label, call, name, message) => {
		const answer = await call();
		expect(answer.result).toBeUndefined();
		expect(answer.error).toMatchObject({ code: 200, message: 'Odoo Server Error', data: { name } });
		expect(answer.error!.data.message).toMatch(message);
	});

	it('a failed call changes nothing', async () => {
		const before = odoo.store.all('project.task');
		await execute('project.task', 'write', [1, 999], { name: 'renamed' });
		await execute('project.task', 'write', [1], { name: 'renamed', colour: 'red' });
		expect(odoo.store.all('project.task')).toEqual(before);
	});
});

it('logs every call with model, method, ids and bound parameters', async () => {
	const mark = odoo.calls.length;
	await execute('project.task', 'write', [3], { name: 'Backup script v2' });
	await execute('project.task', 'unlink', [999]);
	expect(odoo.objectCallsSince(mark)).toEqual([
		expect.objectContaining({ protocol: 'jsonrpc', model: 'project.task', modelMethod: 'write', ids: [3], params: { vals: { name: 'Backup script v2' } } }),
		expect.objectContaining({ model: 'project.task', modelMethod: 'unlink', ids: [999], error: 'odoo.exceptions.MissingError' }),
	]);
});

it('answers invalid JSON with 400 and other verbs with 405', async () => {
	expect((await fetch(`${odoo.url}/jsonrpc`, { method: 'POST', body: '{oops' })).status).toBe(400);
	expect((await fetch(`${odoo.url}/jsonrpc`)).status).toBe(405);
});
