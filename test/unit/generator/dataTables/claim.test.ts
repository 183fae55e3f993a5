/**
 * The claim (dataTables/claim.ts) as generated into an approval gate and a create-once workflow,
 * run over a model of n8n's Data Tables (test/helpers/workflowRunner.ts), several identical calls
 * at once, one node of one call at a time in many orders:
 * - in seeded random orders, and with one call paused at each of its stops (before a read or a
 *   write, between an insert's numbering and its commit) while the other runs to each of its
 *   own, as a worker stopped mid-call would be;
 * - exactly one request is stored and notified, or one create runs, and every other call answers
 *   from it or, when the one that went on sat paused, that it could not settle (retry later).
 * The gate's check, the notification and the create are answered here; nothing runs in n8n.
 */
import type { Workflow } from '../../../../generator/builders';
import { defaultConfig, parseConfig } from '../../../../generator/config';
import { GATE_NODES } from '../../../../generator/approvals/gate';
import { ONCE_NODES } from '../../../../generator/creates/onceWorkflow';
import { onceWorkflowFileName } from '../../../../generator/creates/createTools';
import { CLAIM_NODES, CLAIMED } from '../../../../generator/dataTables/claim';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { withN8nStringHash } from '../../../helpers/n8nStringHash';
import { interleave, runWorkflow, seeded, TableModel, type Finished, type Json, type OutsideCall } from '../../../helpers/workflowRunner';
import { generated } from '../fixtures';

withN8nStringHash();

const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };
const config = parseConfig({ ...defaultConfig(), approvals: { channel: EMAIL, publicUrl: 'https://n8n.example.com' } });
const files = generated(CATALOGUE, config);
const gate = files.byName('hermes-approval-crm-delete-lead.json').workflow as Workflow;
const create = files.byName(onceWorkflowFileName('crm_create_lead')).workflow as Workflow;

/** The trigger's declared inputs: a value per input, the given ones over them. */
function inputsOf(workflow: Workflow, given: Json): Json {
	const declared = (workflow.nodes.find((n) => n.name === GATE_NODES.trigger)!.parameters.workflowInputs as { values: Array<{ name: string; type: string }> }).values;
	return { ...Object.fromEntries(declared.map(({ name, type }) => [name, type === 'boolean' ? false : type === 'number' ? 3 : ''])), ...given };
}

interface World {
	tables: TableModel;
	/** What reached the outside, by kind. */
	effects: string[];
}

/** A call to the gate or the create, as execution `id`, answering its outside nodes. */
function callOf(workflow: Workflow, given: Json, world: World, id: string) {
	let uuid = 0;
	return runWorkflow(workflow, inputsOf(workflow, given), world.tables, {
		executionId: id,
		outside: ({ node, json, parameters }: OutsideCall) => {
			if (node.name === GATE_NODES.check) return { success: true, checked: true, record: { id: 7, name: 'Big Deal', partner_id: [2, 'ACME'], stage_id: [1, 'New'], expected_revenue: 1 } };
			if (node.name === GATE_NODES.newId) return { ...json, approval_id: `approval-${id}-${++uuid}` };
			if (node.name === GATE_NODES.newSecret) return { ...json, secret: 'f'.repeat(64) };
			if (node.name === GATE_NODES.notify) {
				// The request the message links to.
				world.effects.push(`notified ${/\?id=([\w-]+)/.exec(JSON.stringify(parameters))?.[1]}`);
				return { sent: true };
			}
			if (node.name === 'crm_create_lead') {
				world.effects.push(`created by ${id}`);
				return { success: true, model: 'crm.lead', id: 77 };
			}
			// The record the create answered is still there.
			if (node.name === ONCE_NODES.readEarlier) return { success: true, model: 'crm.lead', record: { id: 77 } };
			if (node.type === 'n8n-nodes-base.wait') return json;
			throw new Error(`the test does not answer "${node.name}"`);
		},
	});
}

const CASES: Array<{ label: string; workflow: Workflow; given: Json; table: string; effect: RegExp; answered: (answer: Json, effects: string[]) => boolean }> = [
	{
		label: 'a gate: identical first calls',
		workflow: gate,
		given: { lead_id: 7, approval_id: '' },
		table: 'hermes_approvals',
		effect: /^notified /,
		// Each answer names the one request that was sent.
		answered: (answer, effects) => answer.error === '__APPROVAL_REQUIRED__' && effects.includes(`notified ${String(answer.approval_id)}`),
	},
	{
		label: 'a create: identical calls',
		workflow: create,
		given: { name: 'ACME deal' },
		table: 'hermes_creates',
		effect: /^created /,
		// The create's own answer, or the one create's running row.
		answered: (answer) => (answer.success === true && answer.id === 77) || answer.state === 'timeout' && String(answer.hint).includes('An identical call'),
	},
];

const BUSY = (answer: Json) => answer.error === '__UNAVAILABLE__' && answer.state === 'timeout' && answer.retry === 'later';

function check(c: (typeof CASES)[number], world: World, ends: Finished[]): void {
	const effects = world.effects.filter((e) => c.effect.test(e));
	expect(effects).toHaveLength(1);
	for (const { answer } of ends) expect(c.answered(answer, world.effects) || BUSY(answer)).toBe(true);
	// No claim is left behind, and one row stands for the one that went on.
	const rows = world.tables.visible(c.table);
	expect(rows.filter((r) => r.status === CLAIMED)).toEqual([]);
	expect(rows).toHaveLength(effects.length);
}

describe.each(CASES)('$label', (c) => {
	it.each([2, 3, 5])('%s at once, in 300 seeded orders: exactly one goes on', (n) => {
		for (let seed = 1; seed <= 300; seed++) {
			const world: World = { tables: new TableModel(), effects: [] };
			const random = seeded(seed * 7919 + n);
			const ends = interleave(
				Array.from({ length: n }, (_, i) => callOf(c.workflow, c.given, world, String(100 + i))),
				(going) => going[Math.floor(random() * going.length)],
			);
			check(c, world, ends);
		}
	});

	it('one call paused at each of its stops, the other run to each of its own, then each resumed to its end: exactly one goes on', () => {
		// The stops of one call alone, to pause at each.
		const alone: World = { tables: new TableModel(), effects: [] };
		const solo = callOf(c.workflow, c.given, alone, '1');
		let stops = 0;
		while (!solo.next().done) stops++;
		expect(stops).toBeGreaterThan(6);
		for (let a = 0; a <= stops; a++) {
			for (let b = 0; b <= stops + 1; b++) {
				const world: World = { tables: new TableModel(), effects: [] };
				// Run 0 takes a steps; run 1 takes b steps (all of them past its stops); run 0 runs to its end, then run 1.
				let taken = [0, 0];
				const ends = interleave([callOf(c.workflow, c.given, world, '100'), callOf(c.workflow, c.given, world, '101')], (going) => {
					const i = going.includes(0) && taken[0] < a ? 0 : going.includes(1) && taken[1] < b ? 1 : going.includes(0) ? 0 : 1;
					taken = taken.map((t, k) => (k === i ? t + 1 : t));
					return i;
				});
				check(c, world, ends);
			}
		}
	});

	it('the paused call whose insert is numbered but not committed: the other goes on, and the paused one withdraws when it resumes', () => {
		const world: World = { tables: new TableModel(), effects: [] };
		const paused = callOf(c.workflow, c.given, world, '100');
		// Up to the insert's second stop: its row has the lower id, and nobody sees it.
		for (let s = paused.next(); !s.done && s.value.inserted === undefined; s = paused.next());
		const other = interleave([callOf(c.workflow, c.given, world, '101')], () => 0)[0];
		expect(world.effects.filter((e) => c.effect.test(e))).toHaveLength(1);
		const resumed = interleave([paused], () => 0)[0];
		check(c, world, [other, resumed]);
		expect(resumed.ran).toContain(CLAIM_NODES.withdraw);
	});
});

it('the create\'s first look passes over claims: only a decided row answers a call', () => {
	const find = create.nodes.find((n) => n.name === ONCE_NODES.find)!;
	const conditions = (find.parameters.filters as { conditions: Array<{ keyName: string; condition: string; keyValue: unknown }> }).conditions;
	expect(conditions).toContainEqual({ keyName: 'status', condition: 'neq', keyValue: CLAIMED });
});
