/**
 * A generated create-once workflow run as n8n runs it, in the unit tests: node by node along its
 * connections, each If's condition, each Set's output and each other node's parameters evaluated
 * as n8n would evaluate the expression; what a node reaching outside (the store, the lock table,
 * Odoo, a gateway, a wait) outputs is the test's to say. Every node of it runs once per visit on
 * one item (executeOnce), so one item per node is the whole run.
 */
import type { Workflow, WorkflowNode } from '../../../../generator/builders';
import type { HermesConfig } from '../../../../generator/config';
import { onceWorkflowFileName } from '../../../../generator/creates/createTools';
import type { ToolPlan } from '../../../../generator/plan';
import { createPlans } from '../../../helpers/plans';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { generated } from '../fixtures';
import { SUBWORKFLOW_TRIGGER_NAME } from '../../../../generator/builders/nodeParts';

/**
 * Node outputs an expression reads with `$('<node>')`, the last run's first item (n8n's default).
 * `undefined`: the node ran and gave no item where the reader is connected (an If's other branch).
 */
export type Outputs = Record<string, Record<string, unknown> | undefined>;

/** Evaluates an n8n expression (`={{ body }}`) on other nodes' outputs, as n8n would. */
export function evaluate(expression: unknown, outputs: Outputs, json: Record<string, unknown> = {}, runIndex = 0): unknown {
	const text = String(expression);
	if (!(text.startsWith('={{ ') && text.endsWith(' }}'))) throw new Error(`not an expression: ${text}`);
	const $ = (name: string) => ({
		isExecuted: name in outputs,
		first: () => {
			const output = outputs[name];
			if (output === undefined) throw new Error(`reads the node "${name}", which has not run or gave no item here`);
			return { json: output };
		},
	});
	return new Function('$json', '$', '$now', '$execution', '$runIndex', `return (${text.slice(4, -3)})`)(json, $, { toMillis: () => NOW }, { id: EXECUTION_ID }, runIndex) as unknown;
}

/** `$now` in every evaluated expression, epoch milliseconds. */
export const NOW = 1_000_000;
/** `$execution.id`: the lock's and the row's holder. */
export const EXECUTION_ID = '41';

const isExpression = (value: unknown): value is string => typeof value === 'string' && value.startsWith('={{ ') && value.endsWith(' }}');

/** A node's parameters with every expression in them evaluated. */
function evaluated(value: unknown, outputs: Outputs, json: Record<string, unknown>, runIndex: number): unknown {
	if (isExpression(value)) return evaluate(value, outputs, json, runIndex);
	if (Array.isArray(value)) return value.map((v) => evaluated(v, outputs, json, runIndex));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluated(v, outputs, json, runIndex)]));
	return value;
}

/** One visit of a node that reaches outside: its parameters evaluated, and its run index. */
export interface OutsideCall {
	node: string;
	parameters: Record<string, unknown>;
	runIndex: number;
}

/** What a node that reaches outside outputs; undefined: an empty item (a read that matched nothing, a write). */
export type Outside = (call: OutsideCall) => Record<string, unknown> | undefined;

export interface OnceRun {
	/** The nodes in the order they ran, the trigger first. */
	ran: string[];
	/** Every visit of a node that reaches outside. */
	calls: OutsideCall[];
	/** What the last node output: the sub-workflow's answer. */
	answer: Record<string, unknown>;
}

const SET = 'n8n-nodes-base.set';
const IF = 'n8n-nodes-base.if';

export function runOnce(workflow: Workflow, inputs: Record<string, unknown>, outside: Outside): OnceRun {
	const byName = new Map<string, WorkflowNode>(workflow.nodes.map((n) => [n.name, n]));
	const outputs: Outputs = { [SUBWORKFLOW_TRIGGER_NAME]: inputs };
	const ran = [SUBWORKFLOW_TRIGGER_NAME];
	const calls: OutsideCall[] = [];
	let at = SUBWORKFLOW_TRIGGER_NAME;
	let output = 0;
	let json: Record<string, unknown> = inputs;
	for (let step = 0; step < 500; step++) {
		const targets = workflow.connections[at]?.main[output] ?? [];
		if (targets.length === 0) return { ran, calls, answer: json };
		if (targets.length > 1) throw new Error(`"${at}" output ${output} leads to ${targets.length} nodes`);
		const next = byName.get(targets[0].node);
		if (!next) throw new Error(`"${at}" leads to "${targets[0].node}", no such node`);
		const runIndex = ran.filter((name) => name === next.name).length;
		ran.push(next.name);
		const p = next.parameters as Record<string, unknown>;
		output = 0;
		if (next.type === IF) {
			const condition = (p.conditions as { conditions: Array<{ leftValue: unknown }> }).conditions[0].leftValue;
			const value = evaluate(condition, outputs, json, runIndex);
			// The If's strict type validation: anything but a boolean fails the run.
			if (typeof value !== 'boolean') throw new Error(`"${next.name}" evaluated to ${JSON.stringify(value)}, not a boolean`);
			output = value ? 0 : 1;
			outputs[next.name] = value ? json : undefined;
		} else if (next.type === SET && p.mode === 'raw') {
			const value = evaluate(p.jsonOutput, outputs, json, runIndex);
			json = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
			outputs[next.name] = json;
		} else if (next.type === SET) {
			const fields = (p.assignments as { assignments: Array<{ name: string; value: unknown }> }).assignments;
			json = Object.fromEntries(fields.map((f) => [f.name, isExpression(f.value) ? evaluate(f.value, outputs, json, runIndex) : f.value]));
			outputs[next.name] = json;
		} else {
			const call = { node: next.name, parameters: evaluated(p, outputs, json, runIndex) as Record<string, unknown>, runIndex };
			calls.push(call);
			json = outside(call) ?? {};
			outputs[next.name] = json;
		}
		at = next.name;
	}
	throw new Error(`no answer after 500 steps: ${ran.slice(-20).join(' -> ')}`);
}

/** A create-once workflow as generate writes it for one tool under one config. */
export interface OnceCase {
	label: string;
	tool: ToolSpec;
	plan: ToolPlan;
	config: HermesConfig;
	workflow: Workflow;
}

/** Every create-once workflow generate writes under each config (its gated tools are not wrapped again). */
export function onceCases(configs: ReadonlyArray<readonly [string, HermesConfig]>): OnceCase[] {
	return configs.flatMap(([label, cfg]) => {
		const files = generated(CATALOGUE, cfg);
		return createPlans(CATALOGUE, cfg).map((plan) => ({ label: `${label}: ${plan.tool.name}`, tool: plan.tool, plan, config: cfg, workflow: files.byName(onceWorkflowFileName(plan.tool.name)).workflow as Workflow }));
	});
}
