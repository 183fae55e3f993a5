/**
 * A create tool's create-once workflow as generated (creates/onceWorkflow.ts), checked by its
 * structure: every connection lands on a node; the create runs only after this call's row was
 * inserted as a claim, stood alone in its claim and was made running, or when the agent asked
 * for a duplicate; the answer is the create's own; the store's rows are keyed by the workflow's
 * name; the call's hash covers the tool's arguments and nothing else; and the repository's lint
 * passes it. Races between identical calls are run in dataTables/claim.test.ts.
 * Each check is run on a broken copy too, so a check that cannot fail fails here.
 */

import type { Workflow, WorkflowNode } from '../../../../generator/builders';
import { subWorkflowInputNames } from '../../../../generator/builders/gatewayParams';
import { defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { AGENT_ARGUMENT_INPUTS } from '../../../../generator/contracts';
import { DUPLICATE_PARAM } from '../../../../generator/creates/answers';
import { onceInputs, onceWorkflowFileName, onceWorkflowName } from '../../../../generator/creates/createTools';
import { buildOnceWorkflow, ONCE_NODES } from '../../../../generator/creates/onceWorkflow';
import { desiredDataTables } from '../../../../generator/deploy/desired';
import { lintWorkflow } from '../../../../generator/lint';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE, DEFAULT_CREATE_TOOLS } from '../../../helpers/defaultCatalogue';
import { withN8nStringHash } from '../../../helpers/n8nStringHash';
import { CLAIMED, DECIDING } from '../../../../generator/dataTables/claim';
import { evaluate, onceCases, type OnceCase } from './runOnce';

const config = (overrides: Record<string, unknown> = {}): HermesConfig => parseConfig({ ...defaultConfig(), ...overrides }, 'test config');
const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };

/** The configs the workflows are checked under: the default, direct gateways, and other store names and window beside approvals. */
const CONFIGS: Array<[string, HermesConfig]> = [
	['default', config()],
	['direct gateways', config({ gatewayMode: 'direct' })],
	[
		'other names and window, with approvals',
		config({
			creates: { table: 'ops_creates', workflowPrefix: 'Ops Create - ', windowMinutes: 3 },
			approvals: { channel: EMAIL, publicUrl: 'https://n8n.example.com' },
		}),
	],
];

type Case = OnceCase;
/** Every create-once workflow generate writes under each config, as written (the file generate writes). */
const CASES: Case[] = onceCases(CONFIGS);
const table = CASES.map((c) => [c.label, c] as const);

it('checks every create tool of each config', () => {
	expect(CASES.map((c) => c.label)).toEqual([
		...DEFAULT_CREATE_TOOLS.map((t) => `default: ${t}`),
		...DEFAULT_CREATE_TOOLS.map((t) => `direct gateways: ${t}`),
		...DEFAULT_CREATE_TOOLS.map((t) => `other names and window, with approvals: ${t}`),
	]);
});

// ---- the checks: each returns what is wrong, [] when nothing is ----

const nodeOf = (workflow: Workflow, name: string): WorkflowNode => {
	const found = workflow.nodes.find((n) => n.name === name);
	if (!found) throw new Error(`no node ${name} in ${workflow.name}`);
	return found;
};

/** Every edge: from a node's output to a node. */
function edges(workflow: Workflow): Array<{ from: string; output: number; to: string }> {
	return Object.entries(workflow.connections).flatMap(([from, byType]) =>
		Object.values(byType).flatMap((outputs) => outputs.flatMap((targets, output) => targets.map((t) => ({ from, output, to: t.node })))),
	);
}

function danglingConnections(workflow: Workflow): string[] {
	const names = new Set(workflow.nodes.map((n) => n.name));
	return [
		...Object.keys(workflow.connections).filter((from) => !names.has(from)).map((from) => `connection from "${from}", no such node`),
		...edges(workflow).filter((e) => !names.has(e.to)).map((e) => `"${e.from}" connects to "${e.to}", no such node`),
		// A node nothing leads to (but the trigger) never runs.
		...workflow.nodes.filter((n) => n.name !== ONCE_NODES.trigger && !edges(workflow).some((e) => e.to === n.name)).map((n) => `nothing leads to "${n.name}"`),
	];
}

const edge = (from: string, output: number, to: string) => `${from}#${output}->${to}`;

/** Every path from the trigger to `target` that visits no node twice, as its edges. */
function pathsTo(workflow: Workflow, target: string): string[][] {
	const all = edges(workflow);
	const found: string[][] = [];
	const walk = (at: string, seen: Set<string>, path: string[]) => {
		if (at === target) {
			found.push(path);
			return;
		}
		for (const e of all.filter((x) => x.from === at && !seen.has(x.to))) walk(e.to, new Set([...seen, e.to]), [...path, edge(e.from, e.output, e.to)]);
	};
	walk(ONCE_NODES.trigger, new Set([ONCE_NODES.trigger]), []);
	return found;
}

/**
 * The create runs on a path that asked for a duplicate (the If's true output straight into it), or
 * on one that inserted this call's row, found it first and then alone, and made it running, in
 * that order, right before it.
 */
function unguardedCreates(workflow: Workflow, tool: string): string[] {
	const guarded = [
		edge(ONCE_NODES.claim, 0, ONCE_NODES.readClaims),
		edge(ONCE_NODES.readClaims, 0, ONCE_NODES.first),
		edge(ONCE_NODES.first, 0, ONCE_NODES.decide),
		edge(ONCE_NODES.decide, 0, ONCE_NODES.readDecided),
		edge(ONCE_NODES.readDecided, 0, ONCE_NODES.alone),
		edge(ONCE_NODES.alone, 0, ONCE_NODES.start),
		edge(ONCE_NODES.start, 0, tool),
	];
	const paths = pathsTo(workflow, tool);
	if (paths.length === 0) return [`no path reaches the create "${tool}"`];
	return paths
		.filter((path) => {
			if (path.at(-1) === edge(ONCE_NODES.duplicate, 0, tool)) return path.at(-2) !== edge(ONCE_NODES.call, 0, ONCE_NODES.duplicate);
			const at = guarded.map((e) => path.indexOf(e));
			// In order, the last ones of the path.
			return !(at.every((i, k) => i >= 0 && (k === 0 || i === at[k - 1] + 1)) && at.at(-1) === path.length - 1);
		})
		.map((path) => `unguarded: ${path.join(' ')}`);
}

const setFields = (workflow: Workflow, name: string) =>
	Object.fromEntries((nodeOf(workflow, name).parameters.assignments as { assignments: Array<{ name: string; value: unknown }> }).assignments.map((a) => [a.name, a.value]));

/** The answer is the create's own output, read after it ran, and the row records that same answer. */
function answerNotTheCreate(workflow: Workflow, tool: string): string[] {
	const problems: string[] = [];
	const created = { success: true, id: 41, note: 'from the create' };
	try {
		const answer = evaluate(nodeOf(workflow, ONCE_NODES.answer).parameters.jsonOutput, { [tool]: created });
		if (answer !== JSON.stringify(created)) problems.push(`the answer is ${String(answer)}, not the create's output`);
		const recorded = (nodeOf(workflow, ONCE_NODES.record).parameters.columns as { value: Record<string, unknown> }).value.answer_json;
		if (evaluate(recorded, { [tool]: created }) !== JSON.stringify(created)) problems.push('the recorded answer is not the create\'s output');
	} catch (error) {
		problems.push((error as Error).message);
	}
	// Every way to the answer runs the create first.
	const before = pathsTo(workflow, ONCE_NODES.answer);
	if (before.length === 0) problems.push('nothing leads to the answer');
	for (const path of before) if (!path.some((e) => e.endsWith(`->${tool}`))) problems.push(`the answer without the create: ${path.join(' ')}`);
	return problems;
}

interface TableUse {
	node: string;
	table: string;
	operation: string;
	keys: unknown[];
}
/** Each Data table node: its table, and the `tool` it reads or writes (conditions and inserted values). */
function tableUses(workflow: Workflow): TableUse[] {
	return workflow.nodes
		.filter((n) => n.type === 'n8n-nodes-base.dataTable')
		.map((n) => {
			const p = n.parameters as { operation: string; dataTableId: { value: string }; filters?: { conditions: Array<{ keyName: string; keyValue: unknown }> }; columns?: { value: Record<string, unknown> } };
			const conditions = (p.filters?.conditions ?? []).filter((c) => c.keyName === 'tool').map((c) => c.keyValue);
			const inserted = p.operation === 'insert' && p.columns ? [p.columns.value.tool] : [];
			return { node: n.name, table: p.dataTableId.value, operation: p.operation, keys: [...conditions, ...inserted] };
		});
}

/** Every row this workflow touches, in the store and the lock table, is keyed by its own name: the name push seeds the lock row under. */
function rowsNotKeyedByName(workflow: Workflow, cfg: HermesConfig): string[] {
	const problems: string[] = [];
	const uses = tableUses(workflow);
	for (const use of uses) {
		if (use.table !== cfg.creates.table) problems.push(`${use.node} uses the table "${use.table}"`);
		// Every use names the row's workflow, the delete of old rows too: another deployment's rows are its own to keep.
		if (use.keys.length === 0) problems.push(`${use.node} names no tool`);
		for (const key of use.keys) if (key !== workflow.name) problems.push(`${use.node} keys its row by ${JSON.stringify(key)}, not "${workflow.name}"`);
	}
	if (!uses.some((u) => u.table === cfg.creates.table && u.operation === 'insert')) problems.push('no row is inserted in the store');
	return problems;
}

/** n8n's `.hash()` on strings, for the args_hash expression. */
withN8nStringHash();

/** A trigger input of each declared name, distinct per name. */
function inputsOf(workflow: Workflow): Record<string, unknown> {
	const declared = (nodeOf(workflow, ONCE_NODES.trigger).parameters.workflowInputs as { values: Array<{ name: string; type: string }> }).values;
	return Object.fromEntries(declared.map(({ name, type }) => [name, type === 'boolean' ? false : type === 'number' ? name.length : `${name} value`]));
}

/**
 * The hash changes with each argument of the tool, and with nothing else: not `duplicate` (an
 * intended second record is the same call), not the raw call the agent-arguments check reads
 * (it repeats the arguments, and differs in the JSON-RPC id of each send).
 */
function hashProblems(workflow: Workflow, argumentNames: string[]): string[] {
	const problems: string[] = [];
	const expression = setFields(workflow, ONCE_NODES.call).args_hash;
	const hash = (inputs: Record<string, unknown>) => evaluate(expression, { [ONCE_NODES.trigger]: inputs });
	const base = inputsOf(workflow);
	const first = hash(base);
	if (typeof first !== 'string' || !/^[0-9a-f]{64}$/.test(first)) return [`the hash is ${String(first)}`];
	for (const name of Object.keys(base)) {
		const changed = hash({ ...base, [name]: name === DUPLICATE_PARAM ? true : typeof base[name] === 'number' ? Number(base[name]) + 1 : `${String(base[name])} changed` });
		const counts = argumentNames.includes(name);
		if (counts && changed === first) problems.push(`the hash ignores the argument "${name}"`);
		if (!counts && changed !== first) problems.push(`the hash changes with "${name}"`);
	}
	// An argument left out is null, as one sent empty is not.
	const someArgument = argumentNames[0];
	if (hash({ ...base, [someArgument]: undefined }) === hash({ ...base, [someArgument]: '' })) problems.push('an argument left out hashes as one sent empty');
	return problems;
}

/** The inputs a call's hash must cover: the tool's own arguments, as the trigger takes them. */
function argumentNamesOf(tool: ToolSpec): string[] {
	if (tool.target.kind === 'gateway') return subWorkflowInputNames(tool.target.gateway).filter((n) => !AGENT_ARGUMENT_INPUTS.includes(n));
	return tool.parameters.map((p) => p.key);
}

// ---- the generated workflows pass every check ----

describe('create-once workflows as generated', () => {
	it.each(table)('%s: named after the tool, its trigger taking the toolWorkflow\'s inputs', (_label, { tool, plan, config: cfg, workflow }) => {
		expect(workflow.name).toBe(onceWorkflowName(tool.name, cfg));
		expect(workflow.name.startsWith(cfg.creates.workflowPrefix)).toBe(true);
		expect(buildOnceWorkflow(plan, cfg)).toEqual(workflow);
		const declared = (nodeOf(workflow, ONCE_NODES.trigger).parameters.workflowInputs as { values: unknown[] }).values;
		expect(declared).toEqual(onceInputs(plan));
		// The sub-workflow admits only the callers push lists.
		expect(workflow.settings).toMatchObject({ callerPolicy: 'workflowsFromAList' });
	});

	it.each(table)('%s: every connection lands on a node, and every node is reached', (_label, { workflow }) => {
		expect(danglingConnections(workflow)).toEqual([]);
	});

	it.each(table)('%s: the create runs only with this call\'s row claimed alone and running, or as an asked-for duplicate', (_label, { tool, workflow }) => {
		// Both ways exist.
		const paths = pathsTo(workflow, tool.name);
		expect(paths.some((p) => p.at(-1) === edge(ONCE_NODES.duplicate, 0, tool.name))).toBe(true);
		expect(paths.some((p) => p.at(-1) === edge(ONCE_NODES.start, 0, tool.name))).toBe(true);
		expect(unguardedCreates(workflow, tool.name)).toEqual([]);
		// The row inserted is this call's, a claim, held by this execution; it is made running only from deciding.
		const row = (nodeOf(workflow, ONCE_NODES.claim).parameters.columns as { value: Record<string, unknown> }).value;
		expect(evaluate(row.args_hash, { [ONCE_NODES.call]: { args_hash: 'h', now: 5 } })).toBe('h');
		expect(row).toMatchObject({ status: CLAIMED });
		expect(evaluate(row.holder, {})).toBe('41');
		const start = nodeOf(workflow, ONCE_NODES.start).parameters as { filters: { conditions: Array<{ keyName: string; keyValue: unknown }> }; columns: { value: Record<string, unknown> } };
		expect(start.filters.conditions.at(-1)).toMatchObject({ keyName: 'status', keyValue: DECIDING });
		expect(start.columns.value).toEqual({ status: 'running' });
		// The create node runs once, whatever number of items the row's update outputs.
		const create = nodeOf(workflow, tool.name);
		expect(create.executeOnce === true || create.parameters.mode === 'once').toBe(true);
	});

	it.each(table)('%s: the answer is the create\'s own, and is what the row records', (_label, { tool, workflow }) => {
		expect(answerNotTheCreate(workflow, tool.name)).toEqual([]);
	});

	it.each(table)('%s: the store\'s rows are keyed by the workflow\'s name; push makes the store and no other table', (_label, { workflow, config: cfg }) => {
		expect(rowsNotKeyedByName(workflow, cfg)).toEqual([]);
		expect(desiredDataTables({ config: cfg, tools: CATALOGUE }).map((t) => t.name)).toContain(cfg.creates.table);
		expect(desiredDataTables({ config: { ...cfg, approvals: undefined }, tools: CATALOGUE }).map((t) => t.name)).toEqual([cfg.creates.table]);
	});

	it.each(table)('%s: an identical create is looked for within the window, and old rows are forgotten', (_label, { workflow, config: cfg }) => {
		const windowMs = cfg.creates.windowMinutes * 60_000;
		for (const name of [ONCE_NODES.find, ONCE_NODES.readClaims, ONCE_NODES.readDecided, ONCE_NODES.lookAgain]) {
			const conditions = (nodeOf(workflow, name).parameters.filters as { conditions: Array<{ keyName: string; condition: string; keyValue: unknown }> }).conditions;
			const started = conditions.find((c) => c.keyName === 'started_at');
			expect(started?.condition).toBe('gt');
			expect(evaluate(started?.keyValue, { [ONCE_NODES.call]: { now: 10_000_000, args_hash: 'h' } })).toBe(10_000_000 - windowMs);
			expect(conditions.find((c) => c.keyName === 'args_hash')).toMatchObject({ condition: 'eq' });
		}
		const forget = (nodeOf(workflow, ONCE_NODES.forget).parameters.filters as { conditions: Array<{ keyName: string; condition: string; keyValue: unknown }> }).conditions;
		expect(forget).toHaveLength(2);
		expect(forget[0]).toEqual({ keyName: 'tool', condition: 'eq', keyValue: workflow.name });
		expect(forget[1]).toMatchObject({ keyName: 'started_at', condition: 'lt' });
		// Older than the window: never read again.
		expect(evaluate(forget[1].keyValue, {})).toBeLessThan(1_000_000 - windowMs);
	});

	it.each(table)('%s: the hash covers the tool\'s arguments, not `duplicate` or the raw call', (_label, { tool, workflow }) => {
		const names = argumentNamesOf(tool);
		expect(names.length).toBeGreaterThan(0);
		expect(names).not.toContain(DUPLICATE_PARAM);
		expect(hashProblems(workflow, names)).toEqual([]);
		// The same arguments under another workflow (another endpoint's) hash apart.
		const other = JSON.parse(JSON.stringify(workflow).split(JSON.stringify(workflow.name).slice(1, -1)).join('Elsewhere - x')) as Workflow;
		const args = { [ONCE_NODES.trigger]: inputsOf(workflow) };
		expect(evaluate(setFields(other, ONCE_NODES.call).args_hash, args)).not.toBe(evaluate(setFields(workflow, ONCE_NODES.call).args_hash, args));
		// `duplicate` is read as sent: only true asks for a second record.
		const asked = (value: unknown) => evaluate(setFields(workflow, ONCE_NODES.call)[DUPLICATE_PARAM], { [ONCE_NODES.trigger]: { ...inputsOf(workflow), [DUPLICATE_PARAM]: value } });
		expect([asked(true), asked(false), asked('true'), asked(undefined)]).toEqual([true, false, false, false]);
	});

	it.each(table)('%s: passes the repository\'s lint', (_label, { tool, workflow }) => {
		expect(lintWorkflow(workflow, { file: onceWorkflowFileName(tool.name) })).toEqual([]);
	});
});

// ---- and each check finds a workflow broken its way ----

describe('the checks find a broken workflow', () => {
	const odoo = CASES.find((c) => c.label === 'default: crm_create_lead')!;
	const gateway = CASES.find((c) => c.label === 'default: content_generate')!;
	const copy = (c: Case) => structuredClone(c.workflow);
	const rewire = (w: Workflow, from: string, output: number, to: string) => {
		w.connections[from].main[output] = [{ node: to, type: 'main', index: 0 }];
		return w;
	};

	it.each<[string, Case, (w: Workflow) => Workflow]>([
		['a connection to a node that is not there', odoo, (w) => rewire(w, ONCE_NODES.found, 0, 'Earlier')],
		['a node nothing leads to', odoo, (w) => rewire(w, ONCE_NODES.standing, 0, ONCE_NODES.earlier)],
		['a connection from a node that is not there', gateway, (w) => ({ ...w, connections: { ...w.connections, Gone: { main: [[{ node: ONCE_NODES.answer, type: 'main', index: 0 }]] } } })],
	])('dangling: %s', (_label, c, broken) => {
		expect(danglingConnections(c.workflow)).toEqual([]);
		expect(danglingConnections(broken(copy(c)))).not.toEqual([]);
	});

	it.each<[string, Case, (w: Workflow) => Workflow]>([
		['no identical create found, straight to the create', odoo, (w) => rewire(w, ONCE_NODES.found, 1, 'crm_create_lead')],
		['the duplicate If\'s false output into the create', odoo, (w) => rewire(w, ONCE_NODES.duplicate, 1, 'crm_create_lead')],
		['the create when the claim was not first', gateway, (w) => rewire(w, ONCE_NODES.first, 1, ONCE_NODES.start)],
		['the create without inserting the row', gateway, (w) => rewire(w, ONCE_NODES.found, 1, ONCE_NODES.readClaims)],
		['the create without the second read', odoo, (w) => rewire(w, ONCE_NODES.decide, 0, ONCE_NODES.alone)],
		['the create when another was deciding', odoo, (w) => rewire(w, ONCE_NODES.alone, 1, ONCE_NODES.start)],
		['the create before its row is running', odoo, (w) => rewire(w, ONCE_NODES.alone, 0, 'crm_create_lead')],
	])('unguarded: %s', (_label, c, broken) => {
		expect(unguardedCreates(c.workflow, c.tool.name)).toEqual([]);
		expect(unguardedCreates(broken(copy(c)), c.tool.name)).not.toEqual([]);
	});

	it.each<[string, Case, (w: Workflow) => Workflow]>([
		['the answer reads the call, not the create', odoo, (w) => {
			nodeOf(w, ONCE_NODES.answer).parameters.jsonOutput = `={{ JSON.stringify($('${ONCE_NODES.call}').first().json) }}`;
			return w;
		}],
		['the row records something else', gateway, (w) => {
			(nodeOf(w, ONCE_NODES.record).parameters.columns as { value: Record<string, unknown> }).value.answer_json = '={{ JSON.stringify({}) }}';
			return w;
		}],
		['the answer reached without the create', gateway, (w) => rewire(w, ONCE_NODES.duplicate, 0, ONCE_NODES.answer)],
	])('answer: %s', (_label, c, broken) => {
		expect(answerNotTheCreate(c.workflow, c.tool.name)).toEqual([]);
		expect(answerNotTheCreate(broken(copy(c)), c.tool.name)).not.toEqual([]);
	});

	it.each<[string, Case, (w: Workflow) => Workflow]>([
		['the store read by the tool name, not the workflow name', odoo, (w) => {
			(nodeOf(w, ONCE_NODES.find).parameters.filters as { conditions: Array<{ keyName: string; keyValue: unknown }> }).conditions[0].keyValue = 'crm_create_lead';
			return w;
		}],
		['the claim read on another workflow\'s rows', gateway, (w) => {
			(nodeOf(w, ONCE_NODES.readClaims).parameters.filters as { conditions: Array<{ keyName: string; keyValue: unknown }> }).conditions[0].keyValue = 'content_generate';
			return w;
		}],
		['the row inserted under the tool name', gateway, (w) => {
			(nodeOf(w, ONCE_NODES.claim).parameters.columns as { value: Record<string, unknown> }).value.tool = 'content_generate';
			return w;
		}],
		['a write to the approvals\' table', odoo, (w) => {
			(nodeOf(w, ONCE_NODES.record).parameters.dataTableId as { value: string }).value = 'hermes_approvals';
			return w;
		}],
	])('keys: %s', (_label, c, broken) => {
		expect(rowsNotKeyedByName(c.workflow, c.config)).toEqual([]);
		expect(rowsNotKeyedByName(broken(copy(c)), c.config)).not.toEqual([]);
	});

	const withHash = (w: Workflow, edit: (text: string) => string) => {
		const field = (nodeOf(w, ONCE_NODES.call).parameters.assignments as { assignments: Array<{ name: string; value: string }> }).assignments.find((a) => a.name === 'args_hash')!;
		field.value = edit(field.value);
		return w;
	};
	const trigger = `$('${ONCE_NODES.trigger}').first().json`;
	it.each<[string, Case, (w: Workflow) => Workflow]>([
		['`duplicate` hashed', odoo, (w) => withHash(w, (t) => t.replace('}])', `, "duplicate": ${trigger}['duplicate'] }])`))],
		['the raw call hashed', gateway, (w) => withHash(w, (t) => t.replace('}])', `, "agent_call": ${trigger}['agent_call'] }])`))],
		['an argument left out of the hash', odoo, (w) => withHash(w, (t) => t.replace(/"phone": [^,]+, /, ''))],
		['the whole trigger output hashed', gateway, (w) => withHash(w, () => `={{ JSON.stringify(${trigger}).hash('sha256') }}`)],
	])('hash: %s', (_label, c, broken) => {
		expect(hashProblems(c.workflow, argumentNamesOf(c.tool))).toEqual([]);
		expect(hashProblems(broken(copy(c)), argumentNamesOf(c.tool))).not.toEqual([]);
	});

	it('lint: a broken connection is a finding', () => {
		const broken = rewire(copy(odoo), ONCE_NODES.found, 0, 'Earlier');
		expect(lintWorkflow(broken, { file: onceWorkflowFileName('crm_create_lead') })).not.toEqual([]);
	});
});
