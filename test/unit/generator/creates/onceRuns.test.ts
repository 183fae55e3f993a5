/**
 * The create-once workflows as generated, run (runOnce.ts: each expression evaluated as n8n would,
 * the store, Odoo and the gateway answered here, in the shapes the nodes answer; races between
 * identical calls are run over a model of the store in dataTables/claim.test.ts):
 * - a replay answers only a record that still exists: an Odoo create's earlier record is read
 *   with the Hermes Odoo node's own `get`; a record deleted since makes the call create again,
 *   once, and say so; anything else replays; a hand-off, whose answer names no record, replays;
 * - a create still `running` past its tool's time cap is taken as stopped: the identical call
 *   answers that the outcome is unknown (read first), not "send again in a few seconds".
 */
import { HERMES_ODOO, recordNotFoundHint } from '../../../../core';
import { errorAnswer, MARKER_RETRY, STATE_RETRY, unavailableAnswer } from '../../../../core/markers';

import type { Workflow } from '../../../../generator/builders';
import { defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { EARLIER_DELETED, IN_PROGRESS, OUTCOME_UNKNOWN } from '../../../../generator/creates/answers';
import { ONCE_NODES } from '../../../../generator/creates/onceWorkflow';
import { UNFINISHED_AFTER_MS, UNFINISHED_MARGIN_MS, unfinishedAfterMs } from '../../../../generator/creates/store';
import { CLAIM_NODES, CLAIM_WAIT_MAX_MS, CLAIMED, DECIDING } from '../../../../generator/dataTables/claim';
import { toolSeconds } from '../../../../generator/plan';
import type { OdooTarget } from '../../../../generator/toolSpec/schema';
import { CATALOGUE, DEFAULT_ODOO_CREATE_TOOLS } from '../../../helpers/defaultCatalogue';
import { withN8nStringHash } from '../../../helpers/n8nStringHash';
import { EXECUTION_ID, NOW, onceCases, runOnce, type OnceCase, type OnceRun, type OutsideCall } from './runOnce';

withN8nStringHash();

const config = (overrides: Record<string, unknown> = {}): HermesConfig => parseConfig({ ...defaultConfig(), ...overrides }, 'test config');
const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };
const CONFIGS: Array<[string, HermesConfig]> = [
	['default', config()],
	// Another credential type and store, beside approvals: the read follows the create's node.
	['JSON-2, other names, with approvals', config({ odooCredentialType: 'odooApiKeyApi', creates: { table: 'ops_creates', workflowPrefix: 'Ops Create - ' }, approvals: { channel: EMAIL, publicUrl: 'https://n8n.example.com' } })],
];

type Case = OnceCase;
/** Every create-once workflow generate writes under each config, as written (the file generate writes). */
const CASES: Case[] = onceCases(CONFIGS);
const ODOO = CASES.filter((c) => c.tool.target.kind === 'odoo');
const HANDOFF = CASES.filter((c) => c.tool.name === 'content_generate');
const ALL = CASES.map((c) => [c.label, c] as const);

it('runs every Odoo create tool and the hand-off, under each config', () => {
	expect(ODOO.map((c) => c.tool.name)).toEqual([...DEFAULT_ODOO_CREATE_TOOLS, ...DEFAULT_ODOO_CREATE_TOOLS]);
	expect(HANDOFF).toHaveLength(2);
});

// ---- a call, and what answers it outside the workflow ----

/** A row of the store, as the Data table node outputs it. */
type Row = Record<string, unknown>;

interface World {
	/** What "Find identical create" finds, each time it runs (none: nothing). */
	found?: Row[];
	/** A create an identical call started meanwhile: the claim finds it beside this call's own row. */
	meanwhile?: Row;
	/** Another call's claim, lower than this call's own, that never settles. */
	lowerClaim?: boolean;
	/** Each wait of the claim, in seconds. */
	onWait?: (seconds: number) => void;
	/** The Hermes Odoo node's answer to the read of the earlier record. */
	earlierRead?: Record<string, unknown>;
	/** The create's own answer. */
	created?: Record<string, unknown>;
}

/** Trigger inputs: a string per input, `duplicate` false. */
function inputsOf(workflow: Workflow): Record<string, unknown> {
	const declared = (workflow.nodes.find((n) => n.name === ONCE_NODES.trigger)!.parameters.workflowInputs as { values: Array<{ name: string; type: string }> }).values;
	return Object.fromEntries(declared.map(({ name, type }) => [name, type === 'boolean' ? false : type === 'number' ? 3 : `${name} value`]));
}

function call(c: Case, world: World): OnceRun {
	return runOnce(c.workflow, inputsOf(c.workflow), ({ node, parameters, runIndex }: OutsideCall) => {
		if (node === ONCE_NODES.find) return world.found?.[runIndex];
		// This call's own row through the claim, beside what identical calls left.
		const mine = (status: string) => ({ id: 9, tool: c.workflow.name, args_hash: 'this hash', status, holder: EXECUTION_ID, started_at: NOW });
		const others = [...(world.meanwhile ? [world.meanwhile] : []), ...(world.lowerClaim ? [{ ...mine(CLAIMED), id: 8, holder: '40' }] : [])];
		if (node === CLAIM_NODES.readClaims) return [...others, mine(CLAIMED)];
		if (node === CLAIM_NODES.decide) return mine(DECIDING);
		if (node === CLAIM_NODES.readDecided) return [...others, mine(DECIDING)];
		if (node === ONCE_NODES.start) return mine('running');
		if (node === CLAIM_NODES.lookAgain) return world.meanwhile ? [world.meanwhile] : undefined;
		if (node === CLAIM_NODES.wait) world.onWait?.(Number(parameters.amount));
		if (node === ONCE_NODES.readEarlier) {
			if (!world.earlierRead) throw new Error('the earlier record was read, and the test gave no answer');
			return world.earlierRead;
		}
		if (node === c.tool.name) return world.created ?? { success: true, model: modelOf(c), id: 77 };
		return undefined;
	});
}

const modelOf = (c: Case): string => (c.tool.target as OdooTarget).model;
const ranTimes = (run: OnceRun, node: string) => run.ran.filter((n) => n === node).length;
const callOf = (run: OnceRun, node: string) => run.calls.find((c) => c.node === node);
/** A filter's conditions as evaluated: column -> [condition, value]. */
const conditionsOf = (c: OutsideCall | undefined) =>
	Object.fromEntries(((c?.parameters.filters as { conditions: Array<{ keyName: string; condition: string; keyValue: unknown }> } | undefined)?.conditions ?? []).map((x) => [x.keyName, [x.condition, x.keyValue]]));

/** The row an identical create left that succeeded, `ago` ms before this call. */
const doneRow = (c: Case, answer: Record<string, unknown>, ago = 60_000): Row => ({
	id: 5,
	tool: c.workflow.name,
	args_hash: 'earlier hash',
	status: 'done',
	holder: '17',
	started_at: NOW - ago,
	answer_json: JSON.stringify(answer),
});
const runningRow = (c: Case, ago: number): Row => ({ ...doneRow(c, {}, ago), status: 'running', answer_json: '' });

/** What the Hermes Odoo node answers a `get` of an id Odoo has no record for (get.operation.ts). */
const notFound = (c: Case, id: number): Record<string, unknown> => ({ ...errorAnswer('__NOT_FOUND__', recordNotFoundHint(modelOf(c), id)) });

// ---- (a) a replay answers only a record that still exists ----

describe('an Odoo create sent again: the earlier record is read before it is replayed', () => {
	it.each(ODOO.map((c) => [c.label, c] as const))('%s: still there: the first answer, replayed; the read is the node\'s own get of that record, as the create node is set up', (_label, c) => {
		const earlier = { success: true, model: modelOf(c), id: 41 };
		const run = call(c, { found: [doneRow(c, earlier)], earlierRead: { success: true, model: modelOf(c), record: { id: 41 } } });
		expect(run.answer).toMatchObject({ ...earlier, replayed: true });
		expect(run.answer.hint).toContain('nothing new was created');
		expect(run.answer[EARLIER_DELETED]).toBeUndefined();
		expect(ranTimes(run, c.tool.name)).toBe(0);
		expect(ranTimes(run, ONCE_NODES.claim)).toBe(0);
		// The read: get, on the tool's model and the id the first answer gave, the id alone.
		const read = callOf(run, ONCE_NODES.readEarlier)!;
		const { params } = HERMES_ODOO;
		expect(read.parameters).toMatchObject({ [params.operation]: 'get', [params.model]: modelOf(c), [params.recordId]: 41, [params.fieldsList]: 'id' });
		// The same node, credential and authentication as the create.
		const readNode = c.workflow.nodes.find((n) => n.name === ONCE_NODES.readEarlier)!;
		const createNode = c.workflow.nodes.find((n) => n.name === c.tool.name)!;
		expect([readNode.type, readNode.typeVersion, readNode.credentials]).toEqual([createNode.type, createNode.typeVersion, createNode.credentials]);
		expect(readNode.parameters[params.authentication]).toBe(createNode.parameters[params.authentication]);
		expect(readNode.parameters[params.authentication]).toBe(c.config.odooCredentialType);
		// A read that throws still answers (its error item), so the replay is not lost with it.
		expect(readNode).toMatchObject({ executeOnce: true, onError: 'continueRegularOutput' });
	});

	it.each(ODOO.map((c) => [c.label, c] as const))('%s: deleted since: the create runs again, once, claimed, and its answer says the earlier record was deleted', (_label, c) => {
		const earlier = { success: true, model: modelOf(c), id: 41 };
		const created = { success: true, model: modelOf(c), id: 77 };
		const run = call(c, { found: [doneRow(c, earlier, 120_000)], earlierRead: notFound(c, 41), created });
		expect(ranTimes(run, c.tool.name)).toBe(1);
		// As a call that found nothing: this call's row, the claim, the row final, the create.
		const order = [ONCE_NODES.forgetDeleted, ONCE_NODES.claim, CLAIM_NODES.readClaims, CLAIM_NODES.alone, ONCE_NODES.start, c.tool.name].map((n) => run.ran.indexOf(n));
		expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]))).toBe(true);
		// Only the deleted record's row is forgotten: this tool's, these arguments', its holder's.
		const hash = (callOf(run, ONCE_NODES.claim)!.parameters.columns as { value: Row }).value.args_hash;
		expect(hash).toMatch(/^[0-9a-f]{64}$/);
		expect(conditionsOf(callOf(run, ONCE_NODES.forgetDeleted))).toEqual({ tool: ['eq', c.workflow.name], args_hash: ['eq', hash], holder: ['eq', '17'] });
		// The new record's answer, marked, with a hint naming the deleted one and when it was made.
		expect(run.answer).toMatchObject({ ...created, [EARLIER_DELETED]: true });
		expect(run.answer.replayed).toBeUndefined();
		expect(run.answer.hint).toContain(`${modelOf(c)} 41 at ${new Date(NOW - 120_000).toISOString()}`);
		expect(run.answer.hint).toMatch(/deleted since.*new record/);
		// The row records the create's own answer: sent again later, it replays without the note.
		const recorded = (callOf(run, ONCE_NODES.record)!.parameters.columns as { value: Row }).value;
		expect(recorded).toMatchObject({ status: 'done', answer_json: JSON.stringify(created) });
	});

	it.each(ODOO.map((c) => [c.label, c] as const))('%s: deleted since, and the new create refused: its refusal as the node gave it, no note', (_label, c) => {
		const refused = errorAnswer('__BAD_ARGUMENT__', 'no such project');
		const run = call(c, { found: [doneRow(c, { success: true, model: modelOf(c), id: 41 })], earlierRead: notFound(c, 41), created: { ...refused } });
		expect(run.answer).toEqual(refused);
		expect(ranTimes(run, ONCE_NODES.forgetFailed)).toBe(1);
	});

	it.each(ODOO.map((c) => [c.label, c] as const))('%s: deleted since, and an identical call created meanwhile: its answer, nothing created', (_label, c) => {
		const other = { success: true, model: modelOf(c), id: 78 };
		const run = call(c, { found: [doneRow(c, { success: true, model: modelOf(c), id: 41 })], earlierRead: notFound(c, 41), meanwhile: doneRow(c, other, 1_000) });
		expect(ranTimes(run, c.tool.name)).toBe(0);
		expect(run.answer).toMatchObject({ ...other, replayed: true });
		expect(ranTimes(run, CLAIM_NODES.withdraw)).toBe(1);
		// A row the claim found was made after this call looked: not read again.
		expect(ranTimes(run, ONCE_NODES.readEarlier)).toBe(1);
	});

	const unsure: Array<[string, (c: Case) => Record<string, unknown>]> = [
		['Odoo unreachable', () => unavailableAnswer('unreachable', 'Odoo could not be reached')],
		['Odoo refusing the read (access)', () => errorAnswer('__BAD_ARGUMENT__', 'access denied')],
		['the node failing outright (its error item)', () => ({ error: 'Credentials not found' })],
	];
	it.each(ODOO.slice(0, 1).flatMap((c) => unsure.map(([what, answer]) => [`${c.label}, ${what}`, c, answer] as const)))('%s: only a record known gone makes a second one: replayed', (_label, c, answer) => {
		const earlier = { success: true, model: modelOf(c), id: 41 };
		const run = call(c, { found: [doneRow(c, earlier)], earlierRead: answer(c) });
		expect(run.answer).toMatchObject({ ...earlier, replayed: true });
		expect(ranTimes(run, c.tool.name)).toBe(0);
		expect(ranTimes(run, ONCE_NODES.forgetDeleted)).toBe(0);
	});

	it.each(ODOO.slice(0, 1).map((c) => [c.label, c] as const))('%s: a row still running, or one whose answer names no record of the model: not read', (_label, c) => {
		expect(call(c, { found: [runningRow(c, 1_000)] }).ran).not.toContain(ONCE_NODES.readEarlier);
		for (const answer of [{ success: true }, { success: true, model: 'res.partner', id: 41 }, { success: true, model: modelOf(c), id: '41' }]) {
			const run = call(c, { found: [doneRow(c, answer)] });
			expect(run.ran).not.toContain(ONCE_NODES.readEarlier);
			expect(run.answer).toMatchObject({ ...answer, replayed: true });
		}
	});

	it.each(HANDOFF.map((c) => [c.label, c] as const))('%s: a hand-off\'s answer names no record: replayed as found, nothing read', (_label, c) => {
		const earlier = { success: true, contentType: 'note', handedOff: true };
		const run = call(c, { found: [doneRow(c, earlier)] });
		expect(run.answer).toMatchObject({ ...earlier, replayed: true });
		expect(c.workflow.nodes.map((n) => n.name)).not.toContain(ONCE_NODES.readEarlier);
		expect(ranTimes(run, c.tool.name)).toBe(0);
	});

	it.each(ALL)('%s: nothing found: the create\'s own answer, as it gave it', (_label, c) => {
		const created = c.tool.target.kind === 'odoo' ? { success: true, model: modelOf(c), id: 77 } : { success: true, handedOff: true };
		const run = call(c, { created });
		expect(run.answer).toEqual(created);
		expect(run.ran).not.toContain(ONCE_NODES.readEarlier);
	});
});

// ---- (b) a create running past its time cap is taken as stopped ----

describe('a create still running past its time cap: its outcome is unknown', () => {
	it('the bound: an Odoo create\'s own cap, the claim\'s longest wait and n8n\'s work; the hand-off, which nothing bounds, keeps 5 minutes', () => {
		const odoo = CATALOGUE.find((t) => t.name === 'crm_create_lead')!;
		expect(unfinishedAfterMs(toolSeconds(odoo.target))).toBe(HERMES_ODOO.operationSeconds.create! * 1000 + CLAIM_WAIT_MAX_MS + UNFINISHED_MARGIN_MS);
		expect(unfinishedAfterMs(toolSeconds(odoo.target))).toBeLessThan(UNFINISHED_AFTER_MS);
		expect(unfinishedAfterMs(toolSeconds(CATALOGUE.find((t) => t.name === 'content_generate')!.target))).toBe(UNFINISHED_AFTER_MS);
	});

	it.each(ALL)('%s: just within the bound: still running, send again later; just past it: stopped, read before creating again', (_label, c) => {
		const bound = unfinishedAfterMs(c.plan.seconds);
		const within = call(c, { found: [runningRow(c, bound - 1_000)] }).answer;
		expect(within).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'timeout', retry: STATE_RETRY.timeout });
		expect(within.hint).toContain(IN_PROGRESS.hint);
		const past = call(c, { found: [runningRow(c, bound + 1_000)] });
		expect(past.answer).toMatchObject({ success: false, error: OUTCOME_UNKNOWN.error, retry: 'after_read' });
		expect(past.answer.hint).toContain(OUTCOME_UNKNOWN.hint);
		expect(ranTimes(past, c.tool.name)).toBe(0);
		// The same found by the claim.
		expect(call(c, { meanwhile: runningRow(c, bound + 1_000) }).answer).toMatchObject({ error: OUTCOME_UNKNOWN.error, retry: 'after_read' });
		expect(call(c, { meanwhile: runningRow(c, bound - 1_000) }).answer).toMatchObject({ error: '__UNAVAILABLE__', state: 'timeout' });
	});

	it.each(ODOO.map((c) => [c.label, c] as const))('%s: a worker killed mid-create 3 minutes ago: stopped, not "send again in a few seconds"', (_label, c) => {
		expect(call(c, { found: [runningRow(c, 180_000)] }).answer).toMatchObject({ error: OUTCOME_UNKNOWN.error, retry: MARKER_RETRY[OUTCOME_UNKNOWN.error] });
	});

	it('the stopped answer keeps the answer contract: __EXISTS__ asks for a read first', () => {
		expect(OUTCOME_UNKNOWN).toMatchObject({ error: '__EXISTS__', retry: MARKER_RETRY.__EXISTS__ });
		expect(MARKER_RETRY.__EXISTS__).toBe('after_read');
	});

	it.each(ALL)('%s: CLAIM_WAIT_MAX_MS is the longest the claim waits, every try behind a claim that never settles', (_label, c) => {
		const random = jest.spyOn(Math, 'random').mockReturnValue(1 - Number.EPSILON);
		try {
			const waits: number[] = [];
			const run = call(c, { lowerClaim: true, onWait: (amount) => waits.push(amount) });
			expect(run.answer).toMatchObject({ error: '__UNAVAILABLE__', state: 'timeout', retry: 'later' });
			expect(ranTimes(run, c.tool.name)).toBe(0);
			const total = waits.reduce((a, b) => a + b, 0) * 1000;
			expect(total).toBeLessThanOrEqual(CLAIM_WAIT_MAX_MS);
			expect(total).toBeGreaterThan(CLAIM_WAIT_MAX_MS - 10);
		} finally {
			random.mockRestore();
		}
	});

	it.each(ALL)('%s: rows are forgotten only past the window and the bound, so a running one is never forgotten while it may answer', (_label, c) => {
		const forget = conditionsOf(call(c, {}).calls.find((x) => x.node === ONCE_NODES.forget));
		expect(forget).toEqual({ tool: ['eq', c.workflow.name], started_at: ['lt', NOW - c.config.creates.windowMinutes * 60_000 - unfinishedAfterMs(c.plan.seconds)] });
	});
});
