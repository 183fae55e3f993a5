/**
 * The Odoo stand-in refuses what a real Odoo 18 refused the Hermes Odoo node. Every request the
 * node sent to a real Odoo 18.0 during 96 tool calls (test/fixtures/odoo-18/hermes-node-jsonrpc.jsonl,
 * recorded with the node before creates and writes passed their values by position) is replayed
 * byte for byte and in order against the stand-in, seeded as that database was, and each answer is
 * compared with the recorded one. That run's creates all failed (IndexError: Odoo reads create's
 * list back by position) and so did the writes of project.project and account.analytic.line
 * (TypeError: their `write` names its values `values`); the stand-in must fail them the same way.
 *
 * Real: the recorded requests and answers of a real Odoo 18.0. Stand-in: the Odoo server (test/harness/odoo).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';
import { HERMES_NODE_OUT_OF_BAND, hermesNodeStore } from '../../../fixtures/odoo-18/hermesNodeSeed';
import { replaySummary, withoutAllowed, type AllowedDifference, type ProbeOutcome } from './recordedProbes';

interface Recorded {
	seq: number;
	label: string;
	odooMethod?: string;
	req: string;
	res: string;
	/** The recorder cut this answer at 4,000 characters. */
	cut?: boolean;
}

const RECORDING: Recorded[] = readFileSync(join(__dirname, '../../../fixtures/odoo-18/hermes-node-jsonrpc.jsonl'), 'utf8')
	.split('\n')
	.filter((line) => line.trim())
	.map((line, i) => ({ seq: i + 1, ...(JSON.parse(line) as Omit<Recorded, 'seq'>) }));

/**
 * A recorded answer as JSON. A cut one is read as far as it goes: a fields_get result up to its last
 * whole field, an error by its exception name (the cut fell inside the traceback, before the message).
 * The tracebacks name the recording server's files relative to its Odoo folder.
 */
function parseRecorded(recorded: Recorded): Record<string, unknown> {
	const text = recorded.res;
	if (!recorded.cut) return JSON.parse(text) as Record<string, unknown>;
	if (text.includes('"result": {')) return JSON.parse(`${text.slice(0, text.lastIndexOf('}, "') + 1)}}}`) as Record<string, unknown>;
	const name = /"data": \{"name": "([^"]+)"/.exec(text)?.[1];
	return { cut: true, error: { data: { name } } };
}

type Answer = Record<string, unknown> & { result?: unknown; error?: { data: Record<string, unknown> } };
const errorData = (answer: Answer) => answer.error?.data;
const method = (seq: number) => RECORDING[seq - 1].odooMethod;

const ALLOWED: AllowedDifference[] = [
	{
		reason: "a traceback names the files of the server that raised it; the stand-in's is one line",
		applies: () => true,
		normalise: (answer: Answer) => {
			const data = errorData(answer);
			if (data) delete data.debug;
			return answer;
		},
	},
	{
		reason: "PostgreSQL's message goes on with a `LINE 1:` excerpt of the SQL Odoo built; the stand-in builds no SQL, so the first line (the cast that failed) is compared",
		applies: () => true,
		normalise: (answer: Answer) => {
			const data = errorData(answer);
			if (!data || !String(data.message).includes('\nLINE ')) return answer;
			const firstLine = (text: unknown) => String(text).split('\nLINE ')[0];
			data.message = firstLine(data.message);
			data.arguments = (data.arguments as unknown[]).map(firstLine);
			return answer;
		},
	},
	{
		reason: 'an answer cut at 4,000 characters inside the traceback: its exception name is compared',
		applies: () => true,
		normalise: (answer, other) => {
			if (!answer.cut && !other.cut) return answer;
			return { error: { data: { name: errorData(answer as Answer)?.name } } };
		},
	},
	{
		reason:
			'fields_get lists every field of the model (over 100 on most), the stand-in those the catalogue uses (held to their real definitions by fieldsGet.test.ts), and four answers were cut at 4,000 characters: compared on the fields both list, in the order of the answer',
		applies: (label) => label === 'fields_get',
		normalise: (answer, other) => {
			const mine = answer.result as Record<string, unknown> | undefined;
			const theirs = other.result as Record<string, unknown> | undefined;
			if (!mine || !theirs) return answer;
			return { ...answer, result: Object.fromEntries(Object.entries(mine).filter(([field]) => field in theirs)) };
		},
	},
];

let odoo: OdooStandIn;
const outcomes: ProbeOutcome[] = [];

beforeAll(async () => {
	odoo = await startOdooStandIn({ store: hermesNodeStore(), login: { db: 'hermes', username: 'admin', password: '<password>', uid: 2 } });
});
afterAll(async () => {
	await odoo?.stop();
	process.stdout.write(
		`${[replaySummary("Hermes Odoo node's recording", outcomes, ALLOWED, 'requests'), ...HERMES_NODE_OUT_OF_BAND.map((step) => `  done before request ${step.beforeSeq}: ${step.what}`)].join('\n')}\n`,
	);
});

async function send(body: string): Promise<Answer> {
	const response = await fetch(`${odoo.url}/jsonrpc`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(5_000) });
	expect(response.status).toBe(200);
	return (await response.json()) as Answer;
}

it('holds the requests of the node before the fix: creates by keyword, writes with vals by keyword', () => {
	const args = (r: Recorded) => (JSON.parse(r.req) as { params: { args: unknown[] } }).params.args;
	const creates = RECORDING.filter((r) => method(r.seq) === 'create').map(args);
	const writes = RECORDING.filter((r) => method(r.seq) === 'write').map(args);
	expect(creates.length).toBe(23);
	expect(creates.every((a) => JSON.stringify(a[5]) === '[]' && 'vals_list' in (a[6] as object))).toBe(true);
	expect(writes.every((a) => 'vals' in (a[6] as object))).toBe(true);
});

// One test, in order: each request sees the database as the requests before it left it.
it(`answers all ${RECORDING.length} recorded requests as the real Odoo 18 did`, async () => {
	for (const recorded of RECORDING) {
		for (const step of HERMES_NODE_OUT_OF_BAND.filter((s) => s.beforeSeq === recorded.seq)) step.apply(odoo);
		const label = recorded.odooMethod ?? 'login';
		const compared = withoutAllowed(label, parseRecorded(recorded), await send(recorded.req), ALLOWED);
		outcomes.push({ label: `${recorded.seq}`, allowed: compared.used });
		expect({ seq: recorded.seq, answer: compared.stand }).toEqual({ seq: recorded.seq, answer: compared.real });
	}
	for (const difference of ALLOWED) {
		expect({ difference: difference.reason, used: outcomes.some((o) => o.allowed.includes(difference.reason)) }).toEqual({ difference: difference.reason, used: true });
	}
});
