/**
 * A generated workflow run as n8n runs it, in the unit tests, over an in-memory model of n8n's
 * Data Tables: node by node along its connections, each expression evaluated as n8n evaluates it
 * (`$json`, `$('<node>').first()`, `.all()`, `.isExecuted`, `$now`, `$execution.id`,
 * `$runIndex`). Data table nodes read and write the model; any other node that reaches outside
 * (a check, the tool, a notification, a crypto value) is the test's to answer.
 *
 * A run is a generator that stops before each Data table node, so a test can interleave several
 * runs as n8n's workers would. An insert takes two of those stops: its row gets its id at the
 * first and is seen by other runs only from the second (PostgreSQL numbers a row at insert and
 * shows it at commit, and a paused worker can sit between the two).
 */
import type { Workflow, WorkflowNode } from '../../generator/builders';
import { SUBWORKFLOW_TRIGGER_NAME } from '../../generator/builders/nodeParts';

export type Json = Record<string, unknown>;

/** `$now` in every evaluated expression, epoch milliseconds. */
export const NOW = 1_000_000;

type Condition = { keyName: string; condition: string; keyValue?: unknown };

/** n8n's Data Tables as the nodes see them: rows with an `id`, filtered by all conditions. */
export class TableModel {
	private readonly rows = new Map<string, Json[]>();
	private nextId = 1;
	/** Rows inserted and numbered, not yet seen by others (by id). */
	private readonly uncommitted = new Set<number>();

	table(name: string): Json[] {
		if (!this.rows.has(name)) this.rows.set(name, []);
		return this.rows.get(name)!;
	}

	/** Every committed row of a table. */
	visible(name: string): Json[] {
		return this.table(name).filter((r) => !this.uncommitted.has(r.id as number));
	}

	private matches(row: Json, conditions: Condition[]): boolean {
		return conditions.every(({ keyName, condition, keyValue }) => {
			const value = row[keyName];
			switch (condition) {
				case 'eq': return value === keyValue;
				case 'neq': return value !== keyValue;
				case 'gt': return (value as number) > (keyValue as number);
				case 'gte': return (value as number) >= (keyValue as number);
				case 'lt': return (value as number) < (keyValue as number);
				case 'lte': return (value as number) <= (keyValue as number);
				case 'isEmpty': return value === null || value === undefined || value === '';
				default: throw new Error(`no condition ${condition}`);
			}
		});
	}

	/** Numbers a new row, unseen until commit(). */
	begin(name: string, values: Json): Json {
		const row = { id: this.nextId++, ...values };
		this.table(name).push(row);
		this.uncommitted.add(row.id as number);
		return row;
	}

	commit(row: Json): void {
		this.uncommitted.delete(row.id as number);
	}

	/** A read, update or delete with the node's evaluated parameters: the rows it outputs. */
	apply(name: string, p: Json): Json[] {
		const conditions = ((p.filters as { conditions?: Condition[] } | undefined)?.conditions ?? []) as Condition[];
		const hits = this.visible(name).filter((r) => this.matches(r, conditions));
		switch (p.operation) {
			case 'get':
				return p.returnAll ? hits.map((r) => ({ ...r })) : hits.slice(0, Number(p.limit ?? 50)).map((r) => ({ ...r }));
			case 'update':
				for (const r of hits) Object.assign(r, (p.columns as { value: Json }).value);
				return hits.map((r) => ({ ...r }));
			case 'deleteRows': {
				const all = this.table(name);
				for (const r of hits) all.splice(all.indexOf(r), 1);
				return hits;
			}
			default:
				throw new Error(`no operation ${String(p.operation)}`);
		}
	}
}

/** One visit of a node the test answers. */
export interface OutsideCall {
	node: WorkflowNode;
	parameters: Json;
	json: Json;
	runIndex: number;
}

export interface RunOptions {
	executionId: string;
	/** What a node the test answers outputs: one item, or several. */
	outside: (call: OutsideCall) => Json | Json[];
	/** A Data table node's output the test gives instead of the model's (undefined: the model's). */
	table?: (call: OutsideCall) => Json[] | undefined;
}

/** Where a run stopped: before a Data table node, or (an insert) between numbering its row and committing it. */
export interface Stop {
	node: string;
	/** Set for an insert's second stop. */
	inserted?: Json;
}

export interface Finished {
	/** The nodes in the order they ran. */
	ran: string[];
	/** Every node that reached outside or the tables, with its parameters as evaluated. */
	calls: Array<{ node: string; parameters: Json; runIndex: number }>;
	/** What the last node output: the workflow's answer. */
	answer: Json;
}

const compiled = new Map<string, (...args: unknown[]) => unknown>();
const isExpression = (value: unknown): value is string => typeof value === 'string' && value.startsWith('={{ ') && value.endsWith(' }}');

/** Each node's output items by name: undefined for a node that has not run. */
export type Items = Record<string, Json[] | undefined>;

/** An n8n expression (`={{ body }}`) evaluated as n8n would, on `$json` and the nodes' outputs. */
export function evaluate(text: string, json: Json, items: Items, executionId: string, runIndex: number): unknown {
	if (!isExpression(text)) throw new Error(`not an expression: ${text}`);
	let fn = compiled.get(text);
	if (!fn) {
		fn = new Function('$json', '$', '$now', '$execution', '$runIndex', `return (${text.slice(4, -3)})`) as (...args: unknown[]) => unknown;
		compiled.set(text, fn);
	}
	const $ = (name: string) => ({
		isExecuted: items[name] !== undefined,
		first: () => {
			const output = items[name];
			if (!output?.length) throw new Error(`reads the node "${name}", which has not run or gave no item`);
			return { json: output[0] };
		},
		all: () => (items[name] ?? []).map((j) => ({ json: j })),
	});
	return fn(json, $, { toMillis: () => NOW }, { id: executionId }, runIndex);
}

function evaluated(value: unknown, at: (text: string) => unknown): unknown {
	if (isExpression(value)) return at(value);
	if (Array.isArray(value)) return value.map((v) => evaluated(v, at));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluated(v, at)]));
	return value;
}

const IF = 'n8n-nodes-base.if';
const SET = 'n8n-nodes-base.set';
const TABLE = 'n8n-nodes-base.dataTable';

/** A run of `workflow` from its sub-workflow trigger with `inputs`, over `tables`. */
export function* runWorkflow(workflow: Workflow, inputs: Json, tables: TableModel, options: RunOptions): Generator<Stop, Finished, void> {
	const byName = new Map(workflow.nodes.map((n) => [n.name, n]));
	const items: Items = { [SUBWORKFLOW_TRIGGER_NAME]: [inputs] };
	const runs = new Map<string, number>();
	const ran = [SUBWORKFLOW_TRIGGER_NAME];
	const calls: Finished['calls'] = [];
	let at = SUBWORKFLOW_TRIGGER_NAME;
	let output = 0;
	let input: Json[] = [inputs];
	for (let step = 0; step < 2000; step++) {
		const targets = workflow.connections[at]?.main[output] ?? [];
		if (targets.length === 0) return { ran, calls, answer: input[0] ?? {} };
		if (targets.length > 1) throw new Error(`"${at}" output ${output} leads to ${targets.length} nodes`);
		const node = byName.get(targets[0].node);
		if (!node) throw new Error(`"${at}" leads to "${targets[0].node}", no such node`);
		const runIndex = runs.get(node.name) ?? 0;
		runs.set(node.name, runIndex + 1);
		ran.push(node.name);
		const json = input[0] ?? {};
		const at$ = (text: string) => evaluate(text, json, items, options.executionId, runIndex);
		const p = node.parameters as Json;
		output = 0;
		let out: Json[];
		if (node.type === IF) {
			const value = at$((p.conditions as { conditions: Array<{ leftValue: string }> }).conditions[0].leftValue);
			// The If's strict type validation: anything but a boolean fails the run.
			if (typeof value !== 'boolean') throw new Error(`"${node.name}" evaluated to ${JSON.stringify(value)}, not a boolean`);
			output = value ? 0 : 1;
			out = node.executeOnce ? input.slice(0, 1) : input;
		} else if (node.type === SET && p.mode === 'raw') {
			const value = at$(p.jsonOutput as string);
			out = [(typeof value === 'string' ? JSON.parse(value) : value) as Json];
		} else if (node.type === SET) {
			const fields = (p.assignments as { assignments: Array<{ name: string; value: unknown }> }).assignments;
			out = [Object.fromEntries(fields.map((f) => [f.name, isExpression(f.value) ? at$(f.value) : f.value]))];
		} else if (node.type === TABLE) {
			yield { node: node.name };
			const q = evaluated(p, at$) as Json;
			calls.push({ node: node.name, parameters: q, runIndex });
			const table = (q.dataTableId as { value: string }).value;
			const given = options.table?.({ node, parameters: q, json, runIndex });
			if (given !== undefined) {
				out = given;
			} else if (q.operation === 'insert') {
				const row = tables.begin(table, (q.columns as { value: Json }).value);
				yield { node: node.name, inserted: row };
				tables.commit(row);
				out = [{ ...row }];
			} else {
				out = tables.apply(table, q);
			}
		} else {
			const parameters = evaluated(p, at$) as Json;
			calls.push({ node: node.name, parameters, runIndex });
			const answer = options.outside({ node, parameters, json, runIndex });
			out = Array.isArray(answer) ? answer : [answer];
		}
		if (out.length === 0 && node.alwaysOutputData) out = [{}];
		items[node.name] = out;
		input = out;
		at = node.name;
		if (out.length === 0) return { ran, calls, answer: {} };
	}
	throw new Error(`no answer after 2000 steps: ${ran.slice(-20).join(' -> ')}`);
}

/** A tiny seeded random source (mulberry32), so every schedule a test draws is the same each run. */
export function seeded(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/**
 * Runs `runs` to their end, one step of one run at a time: `pick` chooses which of the runs still
 * going takes the next step (given their indexes). Returns each run's end, in the runs' order.
 */
export function interleave(runs: Array<Generator<Stop, Finished, void>>, pick: (going: number[], step: number) => number): Finished[] {
	const ends: Array<Finished | undefined> = runs.map(() => undefined);
	for (let step = 0; ; step++) {
		const going = runs.map((_, i) => i).filter((i) => ends[i] === undefined);
		if (going.length === 0) return ends as Finished[];
		const i = pick(going, step);
		const next = runs[i].next();
		if (next.done) ends[i] = next.value;
	}
}
