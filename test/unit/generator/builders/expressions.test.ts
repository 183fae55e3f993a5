/**
 * What the generated expressions compute, evaluated as plain JavaScript with `$fromAI` answering
 * from a tool call's arguments (defaults when omitted), as n8n's expression engines do. The
 * end-to-end tests run the same expressions inside a real n8n.
 */
import type { WorkflowNode } from '../../../../generator/builders';
import { generated, nativeConfig } from '../fixtures';

// The native Odoo tools compute their values in expressions; the Hermes Odoo node types them itself.
const { main } = generated(undefined, nativeConfig());
const node = (name: string): WorkflowNode => main.nodes.find((n) => n.name === name)!;

/** Evaluates an n8n `={{ ... }}` parameter for the given tool arguments. */
function evaluate(parameter: unknown, args: Record<string, unknown>): unknown {
	const text = String(parameter);
	const match = /^=\{\{ ([\s\S]*) \}\}$/.exec(text);
	if (!match) return parameter;
	const fromAi = (key: string, _d?: string, _t?: string, fallback?: unknown) => (key in args ? args[key] : fallback);
	const today = { toFormat: () => '2026-11-30' };
	return new Function('$fromAI', '$today', `return (${match[1]});`)(fromAi, today);
}

const fieldsToSend = (name: string) => (node(name).parameters.fieldsToSend as { value: unknown }).value;
const input = (name: string, key: string) => (node(name).parameters.workflowInputs as { value: Record<string, unknown> }).value[key];

describe('generated expressions', () => {
	it('update-one-field writes exactly the chosen listed field', () => {
		expect(evaluate(fieldsToSend('odoo_update_project'), { project_id: 4, field: 'name', value: 'New' })).toEqual({ name: 'New' });
		expect(evaluate(fieldsToSend('odoo_update_task'), { task_id: 1, field: 'date_deadline', value: '2026-12-01' })).toEqual({ date_deadline: '2026-12-01' });
	});

	it('update-one-field turns an unlisted field into one Odoo refuses, never into the real field', () => {
		const vals = evaluate(fieldsToSend('odoo_update_contact'), { contact_id: 1, field: 'parent_id', value: '9' });
		expect(vals).toEqual({ refused_field_parent_id: '9' });
		expect(evaluate(fieldsToSend('crm_update_lead'), { lead_id: 1, field: 'stage_id', value: '2' })).not.toHaveProperty('stage_id');
	});

	it('create tools fill omitted optional fields with their defaults or fallbacks', () => {
		const vals = fieldsToSend('timesheet_log_hours') as Record<string, unknown>;
		const computed = Object.fromEntries(
			Object.entries(vals).map(([k, v]) => [k, evaluate(v, { project_id: 3, description: 'Review', hours: 1.5 })]),
		);
		expect(computed).toEqual({ project_id: 3, task_id: false, name: 'Review', unit_amount: 1.5, date: '2026-11-30', employee_id: 1 });
		expect(evaluate(vals.employee_id, { employee_id: 5 })).toBe(5);
		const lead = fieldsToSend('crm_create_lead') as Record<string, unknown>;
		expect(lead.type).toBe('opportunity');
	});

	it('docker tools pass the action as sent, and their own allowed actions as a literal the node enforces', () => {
		expect(evaluate(input('docker_read', 'dockerAction'), { action: 'restart' })).toBe('restart');
		expect(evaluate(input('docker_manage', 'dockerAction'), { action: 'status', stack: 'web' })).toBe('status');
		// Never an expression: the agent's arguments cannot change the list.
		expect(input('docker_read', 'dockerAllowedActions')).toBe('status,logs,list');
		expect(input('docker_manage', 'dockerAllowedActions')).toBe('start,stop,restart,update');
	});

	it('filters take the agent value, with fixed filters as typed literals', () => {
		const filters = (name: string) => (node(name).parameters.filters as { filter: Array<{ fieldName: string; operator: string; value: unknown }> }).filter;
		const report = filters('timesheet_report').map((f) => [f.fieldName, f.operator, evaluate(f.value, { date_from: '2026-11-01' })]);
		expect(report).toEqual([['project_id', 'notEqual', false], ['date', 'greaterOrEqual', '2026-11-01']]);
		const search = filters('odoo_search_contacts')[0];
		expect([evaluate(search.operator, {}), evaluate(search.value, { name: 'dupont' })]).toEqual(['ilike', 'dupont']);
	});
});
