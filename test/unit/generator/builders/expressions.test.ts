/**
 * What the generated expressions compute, evaluated as plain JavaScript with `$fromAI` answering
 * from a tool call's arguments (defaults when omitted), as n8n's expression engines do. The
 * end-to-end tests run the same expressions inside a real n8n.
 */
import { AGENT_ARGUMENT_INPUTS, HERMES_ODOO, ODOO_COLLECTIONS } from '../../../../core';

import type { Workflow, WorkflowNode } from '../../../../generator/builders';
import { SUBWORKFLOW_TRIGGER_NAME } from '../../../../generator/builders/nodeParts';
import { onceWorkflowFileName } from '../../../../generator/creates/createTools';
import { generated } from '../fixtures';

const files = generated();
const { main } = files;
const node = (name: string): WorkflowNode => main.nodes.find((n) => n.name === name)!;
const { params } = HERMES_ODOO;
const { write, filter } = ODOO_COLLECTIONS;

/** Evaluates an n8n `={{ ... }}` parameter for the given tool arguments, and in a sub-workflow for its trigger's input. */
function evaluate(parameter: unknown, args: Record<string, unknown>, input: Record<string, unknown> = {}): unknown {
	const text = String(parameter);
	const match = /^=\{\{ ([\s\S]*) \}\}$/.exec(text);
	if (!match) return parameter;
	const fromAi = (key: string, _d?: string, _t?: string, fallback?: unknown) => (key in args ? args[key] : fallback);
	const today = { toFormat: () => '2026-11-30' };
	const $ = (name: string) => {
		if (name !== SUBWORKFLOW_TRIGGER_NAME) throw new Error(`reads node ${name}`);
		return { first: () => ({ json: input }) };
	};
	return new Function('$fromAI', '$today', '$', `return (${match[1]});`)(fromAi, today, $);
}

const input = (name: string, key: string) => (node(name).parameters.workflowInputs as { value: Record<string, unknown> }).value[key];

/**
 * What a create tool's Hermes Odoo node writes for a call: the toolWorkflow in the MCP tools
 * workflow takes the arguments (with their defaults), its create-once workflow runs the node on
 * them (the raw call it passes too is for the node's check of the arguments).
 */
function createWrites(tool: string, args: Record<string, unknown>): Record<string, unknown> {
	const inputs = Object.entries((node(tool).parameters.workflowInputs as { value: Record<string, unknown> }).value).filter(([key]) => !AGENT_ARGUMENT_INPUTS.includes(key));
	const passed = Object.fromEntries(inputs.map(([key, value]) => [key, evaluate(value, args)]));
	const once = files.byName(onceWorkflowFileName(tool)).workflow as Workflow;
	const fields = (once.nodes.find((n) => n.name === tool)!.parameters[params.fieldsToWrite] as Record<string, Array<Record<string, unknown>>>)[write.entry];
	return Object.fromEntries(fields.map((field) => [String(field[write.field]), evaluate(field[write.value], {}, passed)]));
}

describe('generated expressions', () => {
	it('create tools fill omitted optional fields with their defaults or fallbacks', () => {
		expect(createWrites('timesheet_log_hours', { project_id: 3, description: 'Review', hours: 1.5 })).toEqual({ project_id: 3, task_id: false, name: 'Review', unit_amount: 1.5, date: '2026-11-30', employee_id: 1 });
		expect(createWrites('timesheet_log_hours', { project_id: 3, description: 'Review', hours: 1.5, employee_id: 5 }).employee_id).toBe(5);
		expect(createWrites('crm_create_lead', { name: 'Deal' }).type).toBe('opportunity');
	});

	it('docker tools pass the action as sent, and their own allowed actions as a literal the node enforces', () => {
		expect(evaluate(input('docker_read', 'dockerAction'), { action: 'restart' })).toBe('restart');
		expect(evaluate(input('docker_manage', 'dockerAction'), { action: 'status', stack: 'web' })).toBe('status');
		// Never an expression: the agent's arguments cannot change the list.
		expect(input('docker_read', 'dockerAllowedActions')).toBe('status,logs,list');
		expect(input('docker_manage', 'dockerAllowedActions')).toBe('start,stop,restart,update');
	});

	it('filters take the agent value, with fixed filters as typed literals', () => {
		const filters = (name: string) => (node(name).parameters[params.filters] as Record<string, Array<Record<string, unknown>>>)[filter.entry];
		const report = filters('timesheet_report').map((f) => [f[filter.field], f[filter.operator], evaluate(f[filter.value], { date_from: '2026-11-01' })]);
		expect(report).toEqual([['project_id', 'notEqual', false], ['date', 'greaterOrEqual', '2026-11-01']]);
		const search = filters('odoo_search_contacts')[0];
		expect([search[filter.operator], evaluate(search[filter.value], { name: 'dupont' })]).toEqual(['ilike', 'dupont']);
	});
});
