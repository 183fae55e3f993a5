/**
 * A generated create-once workflow run as n8n runs it, in the unit tests (test/helpers/
 * workflowRunner.ts), where what every node reaching outside (the store, Odoo, a gateway, a wait)
 * outputs is the test's to say.
 */
import type { Workflow } from '../../../../generator/builders';
import type { HermesConfig } from '../../../../generator/config';
import { onceWorkflowFileName } from '../../../../generator/creates/createTools';
import type { ToolPlan } from '../../../../generator/plan';
import { createPlans } from '../../../helpers/plans';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { generated } from '../fixtures';
import { evaluate as evaluateExpression, NOW, runWorkflow, TableModel } from '../../../helpers/workflowRunner';

/** Node outputs an expression reads with `$('<node>')`: the first item of the last run. */
export type Outputs = Record<string, Record<string, unknown> | undefined>;

/** Evaluates an n8n expression on other nodes' outputs, as the runner does (an undefined output: ran, no item). */
export function evaluate(expression: unknown, outputs: Outputs, json: Record<string, unknown> = {}, runIndex = 0): unknown {
	const items = Object.fromEntries(Object.entries(outputs).map(([name, output]) => [name, output === undefined ? [] : [output]]));
	return evaluateExpression(String(expression), json, items, EXECUTION_ID, runIndex);
}

/** `$execution.id`: the row's holder. */
export const EXECUTION_ID = '41';
export { NOW };

/** One visit of a node that reaches outside or a table: its parameters evaluated, and its run index. */
export interface OutsideCall {
	node: string;
	parameters: Record<string, unknown>;
	runIndex: number;
}

/** What a node that reaches outside or a table outputs: one item, several, or undefined for an empty item (a read that matched nothing, a write). */
export type Outside = (call: OutsideCall) => Record<string, unknown> | Array<Record<string, unknown>> | undefined;

export interface OnceRun {
	/** The nodes in the order they ran, the trigger first. */
	ran: string[];
	/** Every visit of a node that reaches outside or a table. */
	calls: OutsideCall[];
	/** What the last node output: the sub-workflow's answer. */
	answer: Record<string, unknown>;
}

/** A run to its end (test/helpers/workflowRunner.ts), every table read and write answered by `outside` as well. */
export function runOnce(workflow: Workflow, inputs: Record<string, unknown>, outside: Outside): OnceRun {
	const answer = (call: { node: { name: string }; parameters: Record<string, unknown>; runIndex: number }) => {
		const out = outside({ node: call.node.name, parameters: call.parameters, runIndex: call.runIndex });
		return out === undefined ? [{}] : Array.isArray(out) ? out : [out];
	};
	const run = runWorkflow(workflow, inputs, new TableModel(), { executionId: EXECUTION_ID, outside: answer, table: answer });
	for (;;) {
		const next = run.next();
		if (next.done) return next.value;
	}
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
