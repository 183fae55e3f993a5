/**
 * The exact request the Hermes Odoo node sends for each operation, in both protocols, pinned as
 * Odoo accepts them: over JSON-RPC, `execute_kw` with create's and write's values by position, as
 * Odoo's external API documents them (by name a real Odoo 18 refuses both: IndexError for create,
 * TypeError for the write of project.project and account.analytic.line,
 * test/fixtures/odoo-18/hermes-node-jsonrpc.jsonl); over JSON-2, every argument by name.
 *
 * Real: the node's execute() and its transport. Stand-in: n8n's request helper, replaced by one
 * that records each request and answers as Odoo would (no server is involved).
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { HermesOdoo } from '../../../../nodes/HermesOdoo/HermesOdoo.node';
import { forgetFieldTypes } from '../../../../nodes/HermesOdoo/helpers/fieldTypes';
import { forgetLogins } from '../../../../nodes/HermesOdoo/transport/session';
import { executeNode } from '../../../harness/executeNode';

const node = new HermesOdoo();
const SITE = 'http://odoo.test';
const CREDENTIALS = {
	hermesOdooApi: { url: SITE, db: 'hermes', username: 'admin', password: 'pw' },
	hermesOdooApiKeyApi: { url: SITE, db: 'hermes', apiKey: 'key' },
};
const FIELDS = { name: { type: 'char', string: 'Name' }, probability: { type: 'float', string: 'Probability' } };

interface Sent {
	url: string;
	body: unknown;
	headers: Record<string, unknown>;
}

beforeEach(() => {
	forgetLogins();
	forgetFieldTypes();
});

/** Runs one operation and answers every request as Odoo would: the login, fields_get, then the call. */
async function requestsOf(parameters: IDataObject, authentication: 'odooApi' | 'odooApiKeyApi'): Promise<Sent[]> {
	const sent: Sent[] = [];
	const httpRequest = async (options: IHttpRequestOptions) => {
		sent.push({ url: options.url, body: options.body, headers: (options.headers ?? {}) as Record<string, unknown> });
		const body = options.body as { params?: { service?: string; args?: unknown[] } };
		const method = authentication === 'odooApi' ? String(body.params?.args?.[4] ?? body.params?.service) : options.url.split('/').pop();
		const result = body.params?.service === 'common' ? 2 : method === 'fields_get' ? FIELDS : method === 'create' ? [7] : method === 'read' || method === 'search_read' ? [{ id: 7 }] : true;
		return { statusCode: 200, body: authentication === 'odooApi' ? { jsonrpc: '2.0', id: 1, result } : result };
	};
	const [out] = await executeNode(node, { parameters: { authentication, ...parameters }, items: [{}], credentials: CREDENTIALS, helpers: { httpRequest: httpRequest as never } });
	expect(out[0].json).toMatchObject({ success: true });
	return sent;
}

const WRITE = { fieldsToWrite: { field: [{ name: 'name', value: 'Renamed' }] } };
const OPERATIONS: Array<[string, IDataObject, unknown[], IDataObject, IDataObject]> = [
	// [operation, node parameters, execute_kw args after the method, execute_kw kwargs, JSON-2 body]
	['create', { operation: 'create', model: 'crm.lead', ...WRITE }, [[{ name: 'Renamed' }]], {}, { vals_list: [{ name: 'Renamed' }] }],
	['update', { operation: 'update', model: 'project.project', recordId: 7, allowedFields: 'name', ...WRITE }, [[7], { name: 'Renamed' }], {}, { ids: [7], vals: { name: 'Renamed' } }],
	['get', { operation: 'get', model: 'project.task', recordId: 7, fieldsList: 'id,name' }, [[7]], { fields: ['id', 'name'] }, { ids: [7], fields: ['id', 'name'] }],
	[
		'getAll',
		{ operation: 'getAll', model: 'project.task', filters: { filter: [{ field: 'project_id', operator: 'equal', value: 1 }] }, fieldsList: 'id', limit: 5 },
		[],
		{ domain: [['project_id', '=', 1]], fields: ['id'], limit: 5 },
		{ domain: [['project_id', '=', 1]], fields: ['id'], limit: 5 },
	],
	['delete', { operation: 'delete', model: 'account.analytic.line', recordId: 7 }, [[7]], {}, { ids: [7] }],
];

describe.each(OPERATIONS)('%s', (_operation, parameters, args, kwargs, json2Body) => {
	const model = String(parameters.model);
	const method = { create: 'create', update: 'write', get: 'read', getAll: 'search_read', delete: 'unlink' }[String(parameters.operation)]!;
	const writes = method === 'create' || method === 'write';

	test('JSON-RPC: one login, fields_get before a write, then execute_kw with this args and kwargs', async () => {
		const sent = await requestsOf(parameters, 'odooApi');
		const expected: unknown[] = [{ service: 'common', method: 'login', args: ['hermes', 'admin', 'pw'] }];
		if (writes) expected.push({ service: 'object', method: 'execute_kw', args: ['hermes', 2, 'pw', model, 'fields_get', [], { attributes: ['type', 'string', 'relation'] }] });
		expected.push({ service: 'object', method: 'execute_kw', args: ['hermes', 2, 'pw', model, method, args, kwargs] });
		expect(sent.map((s) => s.url)).toEqual(expected.map(() => `${SITE}/jsonrpc`));
		expect(sent.map((s) => (s.body as { params: unknown }).params)).toEqual(expected);
	});

	test('JSON-2: POST /json/2/<model>/<method>, every argument by name, the key and the database in headers', async () => {
		const sent = await requestsOf(parameters, 'odooApiKeyApi');
		const expected: Array<[string, unknown]> = [];
		if (writes) expected.push([`${SITE}/json/2/${model}/fields_get`, { attributes: ['type', 'string', 'relation'] }]);
		expected.push([`${SITE}/json/2/${model}/${method}`, json2Body]);
		expect(sent.map((s) => [s.url, s.body])).toEqual(expected);
		for (const s of sent) expect(s.headers).toMatchObject({ Authorization: 'bearer key', 'X-Odoo-Database': 'hermes' });
	});
});
