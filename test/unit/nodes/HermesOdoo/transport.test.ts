/**
 * The Hermes Odoo transport against the Odoo stand-in over HTTP: one login per credential for
 * the life of the process, a fresh login and one retry for a read when Odoo refuses the cached
 * one (never for a write), JSON-2 with the API key, and Odoo's failures as answers with a marker
 * and `retry`, Odoo's message kept without SQL.
 *
 * Real: HTTP on 127.0.0.1, fetch. Stand-in: the Odoo server (test/harness/odoo), checked against a
 * recorded real Odoo 18 by test/unit/harness/odoo/transcriptReplay.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { odooFaultAnswer, odooTransportAnswer } from '../../../../nodes/HermesOdoo/helpers/answers';
import { OdooFault, OdooTransportError } from '../../../../core/odoo/faults';
import { callOdoo, forgetLogins } from '../../../../nodes/HermesOdoo/transport/session';
import type { HttpPost, OdooCall, OdooConnection } from '../../../../core/odoo/types';
import { startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';
import { fetchPost } from '../../../helpers/fetchPost';

let odoo: OdooStandIn;
let jsonRpc: OdooConnection;
let json2: OdooConnection;

beforeEach(async () => {
	forgetLogins();
	odoo = await startOdooStandIn();
	jsonRpc = { protocol: 'jsonrpc', url: odoo.url, db: odoo.login.db, username: odoo.login.username, password: odoo.login.password };
	json2 = { protocol: 'json2', url: odoo.url, db: odoo.login.db, apiKey: odoo.login.apiKey };
});
afterEach(async () => {
	await odoo.stop();
});

const read = (ids: number[]): OdooCall => ({ model: 'project.task', method: 'read', ids, kwargs: { fields: ['name'] }, readOnly: true });
const write = (ids: number[], vals: Record<string, unknown>): OdooCall => ({ model: 'project.task', method: 'write', ids, kwargs: { vals }, readOnly: false });
const logins = () => odoo.calls.filter((c) => c.service === 'common' && c.method === 'login').length;
const executes = () => odoo.calls.filter((c) => c.service === 'object').length;

async function value(connection: OdooConnection, call: OdooCall): Promise<unknown> {
	const outcome = await callOdoo(fetchPost, connection, call);
	if (!outcome.ok) throw outcome.failure;
	return outcome.value;
}

async function failure(connection: OdooConnection, call: OdooCall): Promise<unknown> {
	const outcome = await callOdoo(fetchPost, connection, call);
	if (outcome.ok) throw new Error(`the call succeeded: ${JSON.stringify(outcome.value)}`);
	return outcome.failure instanceof OdooFault ? odooFaultAnswer(outcome.failure) : odooTransportAnswer(outcome.failure, call.readOnly);
}

describe('JSON-RPC logins', () => {
	it('logs in once for many calls of one credential, also when they start together', async () => {
		await Promise.all([1, 2, 3].map((id) => value(jsonRpc, read([id]))));
		for (let i = 0; i < 5; i++) await value(jsonRpc, read([1]));
		expect(logins()).toBe(1);
		expect(executes()).toBe(8);
	});

	it('logs in once per credential: another user is another login', async () => {
		await value(jsonRpc, read([1]));
		expect(await failure({ ...jsonRpc, username: 'someone-else' }, read([1]))).toMatchObject({ error: '__UNAVAILABLE__', state: 'auth_failed' });
		// A refused login is not tried twice, and it leaves the other credential's login cached.
		expect(logins()).toBe(2);
		await value(jsonRpc, read([1]));
		expect(logins()).toBe(2);
	});

	it('a read refused for its cached login logs in once more and is retried once', async () => {
		await value(jsonRpc, read([1]));
		odoo.login.uid = 7; // the database now knows the user under another uid
		await expect(value(jsonRpc, read([1]))).resolves.toEqual([{ id: 1, name: 'Draft the sitemap' }]);
		expect(logins()).toBe(2);
		expect(executes()).toBe(3);
	});

	it('a write refused for its cached login is not sent again; the next call logs in afresh', async () => {
		await value(jsonRpc, read([1]));
		odoo.login.uid = 7;
		expect(await failure(jsonRpc, write([1], { name: 'x' }))).toMatchObject({ error: '__UNAVAILABLE__', state: 'auth_failed', retry: 'never_here' });
		expect(odoo.store.get('project.task', 1)?.name).toBe('Draft the sitemap');
		expect(executes()).toBe(2);
		await value(jsonRpc, write([1], { name: 'x' }));
		expect(logins()).toBe(2);
		expect(odoo.store.get('project.task', 1)?.name).toBe('x');
	});

	it('a password Odoo no longer takes is auth_failed after exactly one fresh login', async () => {
		await value(jsonRpc, read([1]));
		odoo.login.password = 'changed';
		expect(await failure(jsonRpc, read([1]))).toMatchObject({ error: '__UNAVAILABLE__', state: 'auth_failed', retry: 'never_here' });
		expect(logins()).toBe(2);
	});
});

describe('JSON-2', () => {
	it('sends the key with each call and never logs in', async () => {
		await value(json2, read([1]));
		await value(json2, write([1], { name: 'over JSON-2' }));
		expect(logins()).toBe(0);
		expect(odoo.calls.map((c) => c.protocol)).toEqual(['json2', 'json2']);
		expect(odoo.store.get('project.task', 1)?.name).toBe('over JSON-2');
	});

	it('a wrong key is auth_failed', async () => {
		expect(await failure({ ...json2, apiKey: 'wrong' }, read([1]))).toMatchObject({ error: '__UNAVAILABLE__', state: 'auth_failed', retry: 'never_here' });
	});
});

describe("Odoo's refusals as answers", () => {
	const cases: Array<[string, OdooCall, Record<string, unknown>, RegExp]> = [
		['an unknown id on write', write([999999], { name: 'ghost' }), { error: '__NOT_FOUND__', retry: 'change_arguments' }, /No such record: project\.task 999999/],
		['an unknown related id', write([1], { stage_id: 999999 }), { error: '__NOT_FOUND__', retry: 'change_arguments' }, /project\.task\.type 999999/],
		['a date Odoo cannot parse', write([1], { date_deadline: '31/12/2026' }), { error: '__BAD_ARGUMENT__', retry: 'change_arguments' }, /time data '31\/12\/2026' does not match format '%Y-%m-%d'/],
		['a day the month lacks', write([1], { date_deadline: '2026-02-30' }), { error: '__BAD_ARGUMENT__' }, /day is out of range for month/],
		['text for a number', { model: 'crm.lead', method: 'write', ids: [1], kwargs: { vals: { expected_revenue: 'lots' } }, readOnly: false }, { error: '__BAD_ARGUMENT__' }, /could not convert string to float: 'lots'/],
		['a field the model lacks', write([1], { colour: 'red' }), { error: '__BAD_ARGUMENT__' }, /Invalid field 'colour' on model 'project\.task'/],
		[
			'a domain date PostgreSQL cannot cast',
			{ model: 'account.analytic.line', method: 'search_read', kwargs: { domain: [['date', '>=', 'last monday']], fields: ['id'] }, readOnly: true },
			{ error: '__BAD_ARGUMENT__' },
			/invalid input syntax for type date: "last monday"/,
		],
		['a model this Odoo lacks', { model: 'no.such.model', method: 'search_read', kwargs: {}, readOnly: true }, { error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' }, /has no such model/],
		[
			"a model's constraint: Odoo's sentence, another value may pass",
			{ model: 'crm.lead', method: 'write', ids: [1], kwargs: { vals: { probability: 150 } }, readOnly: false },
			{ error: '__BAD_ARGUMENT__', retry: 'change_arguments' },
			/^Odoo refused the change: The operation cannot be completed: The probability of closing the deal should be between 0% and 100%!/,
		],
		[
			'a request whose shape Odoo refuses is ours to fix, never the arguments',
			{ model: 'project.task', method: 'read', ids: [1], kwargs: { fields: ['name'], colour: 'red' }, readOnly: true },
			{ error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' },
			/^Odoo refused the request the node built \(builtins\.TypeError: read\(\) got an unexpected keyword argument 'colour'\)\. No argument can fix it/,
		],
	];
	it.each(cases)('%s', async (_label, call, shape, hint) => {
		const answer = (await failure(jsonRpc, call)) as { hint: string };
		expect(answer).toMatchObject({ success: false, ...shape });
		expect(answer.hint).toMatch(hint);
		expect(answer.hint).not.toMatch(/Traceback|LINE \d|SELECT|User: 2/);
	});

	it('a PostgreSQL message is cut before its SQL excerpt', () => {
		const fault = new OdooFault('psycopg2.errors.InvalidDatetimeFormat', 'invalid input syntax for type date: "x"\nLINE 1: ...SELECT "a"."date" >= \'x\'...\n   ^\n');
		expect(odooFaultAnswer(fault).hint).toBe('Odoo refused the value: invalid input syntax for type date: "x". Send another value (dates as YYYY-MM-DD, numbers as digits).');
	});
});

describe('no answer from Odoo', () => {
	it('a closed port: unreachable, retry later, for a read and for a write that never left', async () => {
		const port = odoo.port;
		await odoo.stop();
		const closed = { ...jsonRpc, url: `http://127.0.0.1:${port}` };
		expect(await failure(closed, read([1]))).toMatchObject({ error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' });
		expect(await failure(closed, write([1], { name: 'x' }))).toMatchObject({ error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' });
		odoo = await startOdooStandIn();
	});

	describe('a server that is not Odoo, or answers too late', () => {
		let server: Server;
		let url: string;
		beforeEach(async () => {
			server = createServer((req, res) => {
				if (req.url === '/jsonrpc' && req.headers['x-slow']) return; // never answers
				res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>');
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		});
		afterEach(async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		});

		it('an HTML 404 is misconfigured (the URL is not Odoo), never a success', async () => {
			expect(await failure({ ...jsonRpc, url }, read([1]))).toMatchObject({ error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' });
			expect(await failure({ ...json2, url }, read([1]))).toMatchObject({ error: '__UNAVAILABLE__', state: 'misconfigured' });
		});

		it('a write whose answer never came: timeout, read the record before retrying', async () => {
			const slow: HttpPost = (u, body, headers) => fetchPost(u, body, { ...headers, 'x-slow': '1' }, 300);
			const outcome = await callOdoo(slow, { ...jsonRpc, url }, write([1], { name: 'x' }));
			const error = outcome.ok ? undefined : outcome.failure;
			expect(error).toBeInstanceOf(OdooTransportError);
			expect(odooTransportAnswer(error as OdooTransportError, false)).toMatchObject({ error: '__UNAVAILABLE__', state: 'timeout', retry: 'after_read' });
			expect(odooTransportAnswer(error as OdooTransportError, true)).toMatchObject({ state: 'timeout', retry: 'later' });
		});
	});
});
