/**
 * The Odoo stand-in answers as a real Odoo 18 does. Every request of a transcript recorded
 * between n8n 2.41.1's Odoo node and a real Odoo 18.0 (test/fixtures/odoo-18) is replayed, in
 * order and byte for byte, over HTTP against the stand-in seeded with the records that database
 * held, and each answer is compared with the recorded one: results in full, errors by code,
 * exception name and message. Every difference is either fixed in the stand-in or listed below
 * with the reason it is allowed, and every listed difference must still occur.
 *
 * Real: the recorded requests and answers of a real Odoo 18.0. Stand-in: the Odoo server
 * (test/harness/odoo), since no Odoo can run here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';
import { OUT_OF_BAND, RECORDED_UID, recordedStore } from '../../../fixtures/odoo-18/seed';

interface RecordedCall {
	seq: number;
	odoo_ms: number;
	request: { jsonrpc: string; method: string; params: { service: string; method: string; args: unknown[] } };
	response: { jsonrpc: string; id?: unknown; result?: unknown; error?: { code: number; message: string; data: Record<string, unknown> } };
}

const TRANSCRIPT: RecordedCall[] = readFileSync(join(__dirname, '../../../fixtures/odoo-18/jsonrpc-transcript.jsonl'), 'utf8')
	.split('\n')
	.filter((line) => line.trim())
	.map((line) => JSON.parse(line) as RecordedCall);

/**
 * Differences allowed between the stand-in's answer and the recorded one. `applies` says whether
 * the difference concerns a call; `normalise` removes it from both answers.
 */
interface AllowedDifference {
	reason: string;
	applies(call: RecordedCall): boolean;
	normalise(answer: RecordedCall['response'], call: RecordedCall): RecordedCall['response'];
}

const withoutKey = <T extends object>(value: T, key: string): T => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)) as T;
const modelMethod = (call: RecordedCall) => `${String(call.request.params.args[3])}.${String(call.request.params.args[4])}`;
const errorMessage = (answer: RecordedCall['response']) => answer.error?.data.message;

const REQUEST_ID = 'the recording kept no request ids, and JSON-RPC answers with the id of the request';

const ALLOWED: AllowedDifference[] = [
	{
		reason: REQUEST_ID,
		applies: () => true,
		normalise: (answer) => withoutKey(answer, 'id'),
	},
	{
		reason: "tracebacks were cut from the recording; the stand-in's error data carries one in `debug` as Odoo does",
		applies: (call) => call.response.error !== undefined,
		normalise: (answer) => {
			if (!answer.error) return answer;
			return { ...answer, error: { ...answer.error, data: withoutKey(answer.error.data, 'debug') } };
		},
	},
	{
		reason:
			"PostgreSQL's message goes on with a `LINE 1:` excerpt of the SQL Odoo built; the stand-in builds no SQL, so the first line (the cast that failed) is compared",
		applies: (call) => String(errorMessage(call.response) ?? '').startsWith('invalid input syntax'),
		normalise: (answer) => {
			if (!answer.error) return answer;
			const firstLine = (text: unknown) => String(text).split('\nLINE ')[0];
			const data = { ...answer.error.data, message: firstLine(answer.error.data.message), arguments: (answer.error.data.arguments as unknown[]).map(firstLine) };
			return { ...answer, error: { ...answer.error, data } };
		},
	},
	{
		reason:
			"a new lead's probability is computed by Odoo's predictive lead scoring from this database's won and lost history (91.67 here); the stand-in gives a fixed default",
		applies: (call) => modelMethod(call) === 'crm.lead.search_read' && Array.isArray(call.response.result),
		normalise: (answer) => {
			if (!Array.isArray(answer.result)) return answer;
			// Only leads made during the run: the seeded lead 1 was read back with its stored value.
			const made = (record: Record<string, unknown>) => typeof record.id === 'number' && record.id >= 4;
			return { ...answer, result: (answer.result as Array<Record<string, unknown>>).map((r) => (made(r) ? { ...r, probability: '<computed>' } : r)) };
		},
	},
];

let odoo: OdooStandIn;
const outcomes: Array<{ seq: number; call: string; equal: boolean; allowed: string[] }> = [];

beforeAll(async () => {
	odoo = await startOdooStandIn({ store: recordedStore(), login: { db: 'hermes', username: 'admin', password: '<password>', uid: RECORDED_UID } });
});
afterAll(async () => {
	await odoo?.stop();
	const equal = outcomes.filter((o) => o.equal).length;
	const lines = [
		`transcript replay: ${outcomes.length} requests, ${equal} equal as recorded (request ids aside), ${outcomes.length - equal} equal once an allowed difference is removed`,
		...ALLOWED.map((difference) => `  ${outcomes.filter((o) => o.allowed.includes(difference.reason)).length} x ${difference.reason}`),
		...OUT_OF_BAND.map((step) => `  added before request ${step.beforeSeq}: ${step.what}`),
	];
	process.stdout.write(`${lines.join('\n')}\n`);
});

async function send(call: RecordedCall): Promise<RecordedCall['response']> {
	const response = await fetch(`${odoo.url}/jsonrpc`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(call.request),
		signal: AbortSignal.timeout(5_000),
	});
	expect(response.status).toBe(200);
	return (await response.json()) as RecordedCall['response'];
}

const label = (call: RecordedCall) =>
	call.request.params.service === 'common' ? `common.${call.request.params.method}` : `${modelMethod(call)} ${JSON.stringify(call.request.params.args.slice(5)).slice(0, 80)}`;

// One test, in order: each request sees the database as the requests before it left it.
it(`answers all ${TRANSCRIPT.length} recorded requests as the real Odoo did`, async () => {
	for (const call of TRANSCRIPT) {
		for (const step of OUT_OF_BAND.filter((s) => s.beforeSeq === call.seq)) step.apply(odoo.store);
		const answer = await send(call);
		const allowed: string[] = [];
		let actual = answer;
		let expected = call.response;
		for (const difference of ALLOWED.filter((d) => d.applies(call))) {
			const before = JSON.stringify([actual, expected]);
			actual = difference.normalise(actual, call);
			expected = difference.normalise(expected, call);
			if (JSON.stringify([actual, expected]) !== before) allowed.push(difference.reason);
		}
		outcomes.push({ seq: call.seq, call: label(call), equal: allowed.every((reason) => reason === REQUEST_ID), allowed });
		expect({ seq: call.seq, call: label(call), answer: actual }).toEqual({ seq: call.seq, call: label(call), answer: expected });
	}
	// A listed difference that no longer occurs is stale: drop it from the list.
	for (const difference of ALLOWED) {
		expect({ difference: difference.reason, used: outcomes.some((o) => o.allowed.includes(difference.reason)) }).toEqual({ difference: difference.reason, used: true });
	}
});

it('replays one login before every execute, as n8n 2.41.1 sends them', () => {
	const services = TRANSCRIPT.map((call) => `${call.request.params.service}.${call.request.params.method}`);
	const logins = services.filter((s) => s === 'common.login').length;
	expect(logins).toBe(services.length / 2);
	expect(services.every((s, i) => s === (i % 2 === 0 ? 'common.login' : 'object.execute'))).toBe(true);
});
