/** doctor's admin-scopes check: the verdict on what n8n's /discover tells of a key (true and false cases), and the check against a local stand-in of /discover. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ADMIN_READ_SCOPES } from '../../../../../generator/admin/tools';
import { judgeScopes, readKeyScopes } from '../../../../../generator/doctor/checks/adminScopes';

const CREDENTIAL = 'Hermes n8n API (read-only)';

describe('judgeScopes', () => {
	it.each([
		['exactly the read scopes the tools need', [...ADMIN_READ_SCOPES]],
		['more read scopes', [...ADMIN_READ_SCOPES, 'dataTable:read', 'tag:list']],
	])('ok: %s', (_, scopes) => expect(judgeScopes({ scopes }, CREDENTIAL).status).toBe('ok'));

	it.each([
		['a write scope', [...ADMIN_READ_SCOPES, 'workflow:activate'], /holds 1 scope that is not read-only: workflow:activate/],
		['many write scopes, the first named', [...ADMIN_READ_SCOPES, ...Array.from({ length: 9 }, (_, i) => `thing${i}:delete`)], /holds 9 scopes that are not read-only: thing0:delete.* and 3 more/],
		['a missing read scope', ['workflow:list', 'workflow:read', 'execution:list'], /lacks execution:read/],
		['both', ['workflow:list', 'workflow:update'], /not read-only: workflow:update.*; the key lacks workflow:read, execution:list, execution:read/],
		['no scope at all', [], /lacks workflow:list/],
	])('fail: %s', (_, scopes, message) => {
		const outcome = judgeScopes({ scopes }, CREDENTIAL);
		expect(outcome.status).toBe('fail');
		expect(outcome.message).toMatch(message);
		expect(outcome.fix).toContain(CREDENTIAL);
	});

	it.each([401, 403])('fail: n8n refuses the key (%i)', (status) => expect(judgeScopes({ status }, CREDENTIAL)).toMatchObject({ status: 'fail', message: `n8n refuses the admin key (${status})` }));
	it.each([404, 500])('warn: n8n tells no scopes (%i, an n8n without /discover)', (status) => expect(judgeScopes({ status }, CREDENTIAL).status).toBe('warn'));
});

describe('readKeyScopes against a stand-in of /discover', () => {
	let server: Server;
	let root: string;
	beforeAll(async () => {
		server = createServer((request, response) => {
			const key = request.headers['x-n8n-api-key'];
			if (request.url !== '/api/v1/discover') return void response.writeHead(404).end();
			if (key === 'read') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { scopes: ADMIN_READ_SCOPES, resources: {} } }));
			if (key === 'odd') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: {} }));
			response.writeHead(401).end('{"message":"unauthorized"}');
		});
		await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
		root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
	});
	afterAll(() => new Promise<void>((done) => server.close(() => done())));

	it.each([
		['read', { scopes: [...ADMIN_READ_SCOPES] }],
		['wrong', { status: 401 }],
		['odd', { status: 200 }],
	])('key %s -> %j', async (key, found) => expect(await readKeyScopes(root, key, 5000)).toEqual(found));
	it('an n8n without /discover answers 404', async () => expect(await readKeyScopes(`${root}/older`, 'read', 5000)).toEqual({ status: 404 }));
});
