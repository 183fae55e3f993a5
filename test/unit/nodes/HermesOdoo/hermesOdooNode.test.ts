/**
 * The Hermes Odoo node's execute() against the Odoo stand-in over HTTP, as the catalogue's tools
 * use it: every answer an item paired with its input, one login for every call of the process,
 * values typed from fields_get (read once per model), refusals before anything reaches Odoo, and
 * Odoo's own refusals as markers with retry.
 *
 * Real: the node, the transport, HTTP on 127.0.0.1. Stand-in: the Odoo server (test/harness/odoo,
 * checked against a recorded Odoo 18); n8n's request helper is replaced by fetch.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { HermesOdoo } from '../../../../nodes/HermesOdoo/HermesOdoo.node';
import { forgetFieldTypes } from '../../../../nodes/HermesOdoo/helpers/fieldTypes';
import { forgetLogins } from '../../../../nodes/HermesOdoo/transport/session';
import { executeNode, type ExecuteNodeOptions } from '../../../harness/executeNode';
import { startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';
import { fetchHttpRequest } from '../../../helpers/fetchPost';

const node = new HermesOdoo();
let odoo: OdooStandIn;

beforeEach(async () => {
	forgetLogins();
	forgetFieldTypes();
	odoo = await startOdooStandIn();
});
afterEach(async () => {
	await odoo.stop();
});

type Parameters = ExecuteNodeOptions['parameters'];

async function run(parameters: Parameters, items: IDataObject[] = [{}], credential: 'odooApi' | 'odooApiKeyApi' = 'odooApi'): Promise<IDataObject[]> {
	const [out] = await executeNode(node, {
		parameters: { authentication: credential, ...parameters },
		items,
		credentials: { hermesOdooApi: odoo.odooApiCredential, hermesOdooApiKeyApi: odoo.odooApiKeyCredential },
		helpers: { httpRequest: fetchHttpRequest as never },
	});
	out.forEach((o, item) => expect(o.pairedItem).toEqual({ item }));
	return out.map((o) => o.json);
}

const logins = () => odoo.calls.filter((c) => c.service === 'common' && c.method === 'login').length;
const objectCalls = () => odoo.calls.filter((c) => c.service === 'object').map((c) => `${c.model}.${c.modelMethod}`);
const writes = (field: unknown, value: unknown) => ({ field: [{ name: field, value }] });

const GET_TASK = { operation: 'get', model: 'project.task', recordId: (i: IDataObject) => i.id, fieldsList: 'id,name' };
const UPDATE_TASK = {
	operation: 'update',
	model: 'project.task',
	recordId: 1,
	allowedFields: 'name,date_deadline',
	fieldsToWrite: (i: IDataObject) => writes(i.field, i.value),
};

describe('operations', () => {
	test('getAll: the records matching the filters, capped at the limit', async () => {
		const [answer] = await run({
			operation: 'getAll',
			model: 'project.task',
			filters: { filter: [{ field: 'project_id', operator: 'equal', value: 1 }] },
			fieldsList: 'id,name',
			limit: 10,
		});
		expect(answer).toEqual({ success: true, model: 'project.task', count: 2, records: [expect.objectContaining({ name: 'Pick a CMS' }), expect.objectContaining({ name: 'Draft the sitemap' })] });
		expect(odoo.calls.at(-1)?.params).toMatchObject({ domain: [['project_id', '=', 1]], fields: ['id', 'name'], limit: 10 });
	});

	test('get: one record; an unknown id is __NOT_FOUND__, never []', async () => {
		const answers = await run(GET_TASK, [{ id: 1 }, { id: '999999' }]);
		expect(answers).toEqual([
			{ success: true, model: 'project.task', record: { id: 1, name: 'Draft the sitemap' } },
			{ success: false, error: '__NOT_FOUND__', retry: 'change_arguments', hint: expect.stringMatching(/^No project\.task record has the id 999999/) },
		]);
	});

	test('create: values typed for their fields, answered with the new id', async () => {
		const [answer] = await run({
			operation: 'create',
			model: 'res.partner',
			fieldsToWrite: { field: [{ name: 'name', value: 'Node Contact' }, { name: 'is_company', value: 'true' }, { name: 'city', value: 'Ghent' }] },
		});
		expect(answer).toEqual({ success: true, model: 'res.partner', id: expect.any(Number) });
		expect(odoo.store.get('res.partner', answer.id as number)).toMatchObject({ name: 'Node Contact', is_company: true, city: 'Ghent' });
	});

	test('update: text typed for a number field reaches Odoo as a number (crm.lead refuses text there)', async () => {
		const [answer] = await run({ operation: 'update', model: 'crm.lead', recordId: '2', allowedFields: 'probability', fieldsToWrite: writes('probability', '60') });
		expect(answer).toEqual({ success: true, model: 'crm.lead', id: 2 });
		expect(odoo.store.get('crm.lead', 2)?.probability).toBe(60);
	});

	test('delete: the record is gone; deleting it again is __NOT_FOUND__', async () => {
		expect(await run({ operation: 'delete', model: 'crm.lead', recordId: 1 }, [{}, {}])).toEqual([
			{ success: true, model: 'crm.lead', id: 1, deleted: true },
			expect.objectContaining({ success: false, error: '__NOT_FOUND__', retry: 'change_arguments' }),
		]);
		expect(odoo.store.get('crm.lead', 1)).toBeUndefined();
	});

	test('JSON-2 with the API key credential: the same answers, no login', async () => {
		expect(await run(GET_TASK, [{ id: 1 }], 'odooApiKeyApi')).toEqual([{ success: true, model: 'project.task', record: { id: 1, name: 'Draft the sitemap' } }]);
		expect(logins()).toBe(0);
		expect(odoo.calls.map((c) => c.protocol)).toEqual(['json2']);
	});
});

describe('one login per credential per process', () => {
	test('many items and many executions log in once; fields_get is read once per model', async () => {
		await run(GET_TASK, [{ id: 1 }, { id: 2 }, { id: 3 }]);
		await run(UPDATE_TASK, [{ field: 'name', value: 'a' }, { field: 'name', value: 'b' }]);
		await run(UPDATE_TASK, [{ field: 'name', value: 'c' }]);
		expect(logins()).toBe(1);
		expect(objectCalls().filter((c) => c.endsWith('.fields_get'))).toEqual(['project.task.fields_get']);
		expect(odoo.store.get('project.task', 1)?.name).toBe('c');
	});
});

describe('refused before anything reaches Odoo', () => {
	test.each([
		['a field off the allowed list, naming the allowed ones', { field: 'user_id', value: '2' }, /^The field "user_id" is not one this tool writes\. Allowed here: name, date_deadline\.$/],
		['a date Odoo cannot take', { field: 'date_deadline', value: '31/12/2026' }, /"31\/12\/2026" is not a value for date_deadline \(datetime\)/],
		['a day the month lacks', { field: 'date_deadline', value: '2026-02-30' }, /is not a value for date_deadline/],
	])('%s: __BAD_ARGUMENT__ with retry, nothing written', async (_label, item, hint) => {
		const before = odoo.store.get('project.task', 1);
		const [answer] = await run(UPDATE_TASK, [item]);
		expect(answer).toEqual({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.stringMatching(hint) });
		expect(objectCalls().filter((c) => !c.endsWith('.fields_get'))).toEqual([]);
		expect(odoo.store.get('project.task', 1)).toEqual(before);
	});

	test('a field off the list never needs Odoo at all: no login, no fields_get', async () => {
		await run(UPDATE_TASK, [{ field: 'user_id', value: '2' }]);
		expect(odoo.calls).toEqual([]);
	});

	test('text for a number field is __BAD_ARGUMENT__ naming the field', async () => {
		const [answer] = await run({ operation: 'update', model: 'crm.lead', recordId: 2, fieldsToWrite: writes('probability', 'lots') });
		expect(answer).toMatchObject({ error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.stringContaining('is not a value for probability (float)') });
		expect(objectCalls()).toEqual(['crm.lead.fields_get']);
	});

	test('a bad record id, limit or operation is __BAD_ARGUMENT__; a bad model setting is misconfigured', async () => {
		const answers = await run({ operation: (i: IDataObject) => i.op, model: (i: IDataObject) => i.model ?? 'project.task', recordId: 'abc', limit: 0 }, [
			{ op: 'get' },
			{ op: 'getAll' },
			{ op: 'purge' },
			{ op: 'get', model: 'Project Task' },
		]);
		expect(answers.map((a) => [a.error, a.retry, a.state])).toEqual([
			['__BAD_ARGUMENT__', 'change_arguments', undefined],
			['__BAD_ARGUMENT__', 'change_arguments', undefined],
			['__BAD_ARGUMENT__', 'change_arguments', undefined],
			['__UNAVAILABLE__', 'never_here', 'misconfigured'],
		]);
		expect(odoo.calls).toEqual([]);
	});
});

describe('Check Only: every check of the write, and reads only (what an approval gate runs before it asks)', () => {
	const CHECK_UPDATE = { ...UPDATE_TASK, checkOnly: true, fieldsList: 'name,date_deadline', recordId: (i: IDataObject) => i.id ?? 1 };
	const noWrites = () => expect(objectCalls().filter((c) => !/\.(fields_get|read)$/.test(c))).toEqual([]);

	test.each<[string, IDataObject, IDataObject]>([
		['an allowed field, a value of its type, a record that exists: checked, with the record as it is now and the change', { field: 'name', value: 'Renamed' }, { success: true, checked: true, model: 'project.task', record: { id: 1, name: 'Draft the sitemap', date_deadline: false }, changes: [{ field: 'name', current: 'Draft the sitemap', new: 'Renamed' }] }],
		['a date field set where it was empty: its change from false', { field: 'date_deadline', value: '2026-12-31' }, { success: true, checked: true, model: 'project.task', record: { id: 1, name: 'Draft the sitemap', date_deadline: false }, changes: [{ field: 'date_deadline', current: false, new: '2026-12-31' }] }],
		['a field off the allowed list', { field: 'user_id', value: '2' }, { success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.stringContaining('is not one this tool writes') }],
		['a value its field cannot take', { field: 'date_deadline', value: '31/12/2026' }, { success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.stringContaining('is not a value for date_deadline') }],
		['a record that does not exist', { id: 999999, field: 'name', value: 'x' }, { success: false, error: '__NOT_FOUND__', retry: 'change_arguments', hint: expect.stringMatching(/^No project\.task record has the id 999999/) }],
		['a record id that is none', { id: 'abc', field: 'name', value: 'x' }, { success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.any(String) }],
	])('update, %s; nothing written', async (_what, item, expected) => {
		const before = odoo.store.get('project.task', 1);
		expect(await run(CHECK_UPDATE, [item])).toEqual([expected]);
		noWrites();
		expect(odoo.store.get('project.task', 1)).toEqual(before);
	});

	test('delete: the record as it is now, or __NOT_FOUND__; nothing deleted', async () => {
		expect(await run({ operation: 'delete', model: 'crm.lead', recordId: (i: IDataObject) => i.id, fieldsList: 'name', checkOnly: true }, [{ id: 1 }, { id: 999999 }])).toEqual([
			{ success: true, checked: true, model: 'crm.lead', record: { id: 1, name: expect.any(String) } },
			expect.objectContaining({ success: false, error: '__NOT_FOUND__' }),
		]);
		noWrites();
		expect(odoo.store.get('crm.lead', 1)).toBeDefined();
	});

	test('create: the values checked as they would be written; nothing created', async () => {
		const create = { operation: 'create', model: 'res.partner', allowedFields: 'name,is_company', checkOnly: true, fieldsToWrite: (i: IDataObject) => writes(i.field, i.value) };
		const count = odoo.store.all('res.partner').length;
		expect(await run(create, [{ field: 'is_company', value: 'true' }, { field: 'city', value: 'Ghent' }, { field: 'is_company', value: 'maybe' }])).toEqual([
			{ success: true, checked: true, model: 'res.partner' },
			expect.objectContaining({ success: false, error: '__BAD_ARGUMENT__', hint: expect.stringContaining('"city" is not one this tool writes') }),
			expect.objectContaining({ success: false, error: '__BAD_ARGUMENT__', hint: expect.stringContaining('is not a value for is_company') }),
		]);
		noWrites();
		expect(odoo.store.all('res.partner').length).toBe(count);
	});

	test('Check Only off: the same update writes', async () => {
		expect(await run({ ...CHECK_UPDATE, checkOnly: false }, [{ field: 'name', value: 'Renamed' }])).toEqual([{ success: true, model: 'project.task', id: 1 }]);
		expect(odoo.store.get('project.task', 1)?.name).toBe('Renamed');
	});
});

describe("Odoo's refusals and faults", () => {
	test('an unknown id on update is __NOT_FOUND__; an unknown related id names its model', async () => {
		const answers = await run({ operation: 'update', model: 'project.task', recordId: (i: IDataObject) => i.id, fieldsToWrite: (i: IDataObject) => writes(i.field, i.value) }, [
			{ id: 999999, field: 'name', value: 'ghost' },
			{ id: 1, field: 'stage_id', value: '999999' },
		]);
		expect(answers).toEqual([
			expect.objectContaining({ error: '__NOT_FOUND__', retry: 'change_arguments', hint: expect.stringContaining('project.task 999999') }),
			expect.objectContaining({ error: '__NOT_FOUND__', retry: 'change_arguments', hint: expect.stringContaining('project.task.type 999999') }),
		]);
	});

	test('a wrong password is __UNAVAILABLE__ auth_failed for every item', async () => {
		odoo.login.password = 'changed';
		expect((await run(GET_TASK, [{ id: 1 }, { id: 2 }])).map((a) => [a.error, a.state, a.retry])).toEqual([
			['__UNAVAILABLE__', 'auth_failed', 'never_here'],
			['__UNAVAILABLE__', 'auth_failed', 'never_here'],
		]);
	});

	test('Odoo down: unreachable, retry later', async () => {
		await odoo.stop();
		const [answer] = await run(GET_TASK, [{ id: 1 }]);
		expect(answer).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' });
		odoo = await startOdooStandIn();
	});

	test('a credential without a usable Site URL is misconfigured, and nothing is sent', async () => {
		const [out] = await executeNode(node, {
			parameters: GET_TASK,
			items: [{ id: 1 }],
			credentials: { hermesOdooApi: { ...odoo.odooApiCredential, url: 'odoo.example.com' } },
			helpers: { httpRequest: fetchHttpRequest as never },
		});
		expect(out[0].json).toMatchObject({ error: '__UNAVAILABLE__', state: 'misconfigured', hint: expect.stringContaining('The credential setting') });
		expect(odoo.calls).toEqual([]);
	});

	test("a credential n8n cannot give (deleted, or not usable by this workflow) is misconfigured, never n8n's error, and nothing is sent", async () => {
		const [out] = await executeNode(node, { parameters: GET_TASK, items: [{ id: 1 }], helpers: { httpRequest: fetchHttpRequest as never } });
		expect(out).toEqual([
			{
				json: expect.objectContaining({ success: false, error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here', hint: expect.stringContaining('n8n could not give this node its hermesOdooApi credential (Node does not have credentials of type "hermesOdooApi")') }),
				pairedItem: { item: 0 },
			},
		]);
		expect(odoo.calls).toEqual([]);
	});

	test('a fault that is not Odoo (a parameter n8n cannot resolve) honours continueOnFail, else throws a NodeOperationError', async () => {
		const unresolved = () => {
			throw new TypeError('expression could not be resolved');
		};
		const options = { parameters: { ...GET_TASK, model: unresolved }, items: [{ id: 1 }], credentials: { hermesOdooApi: odoo.odooApiCredential }, helpers: { httpRequest: fetchHttpRequest as never } };
		const [out] = await executeNode(node, { ...options, continueOnFail: true });
		expect(out).toEqual([{ json: { error: expect.stringContaining('expression could not be resolved') }, pairedItem: { item: 0 } }]);
		await expect(executeNode(node, options)).rejects.toBeInstanceOf(NodeOperationError);
	});
});
