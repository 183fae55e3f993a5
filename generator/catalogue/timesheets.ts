/** Odoo timesheets (4 tools). Timesheet lines are analytic lines with a project. */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'timesheet_report',
		description: 'Lists timesheet lines from a date on: id, date, description, hours, project, task, employee.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'odoo',
			model: 'account.analytic.line',
			operation: 'getAll',
			fieldsList: ['id', 'date', 'name', 'unit_amount', 'project_id', 'task_id', 'employee_id'],
			filters: [
				{ field: 'project_id', operator: 'notEqual', value: false },
				{ field: 'date', operator: 'greaterOrEqual', param: 'date_from' },
			],
			limitParam: 'limit',
		},
		parameters: [
			{ key: 'date_from', type: 'string', description: 'YYYY-MM-DD', required: true },
			{ key: 'limit', type: 'number', description: 'Max results', required: false, default: 200 },
		],
	}),
	defineTool({
		name: 'timesheet_log_hours',
		description: 'Logs hours on an Odoo project, optionally a task; returns the new line id.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'account.analytic.line',
			operation: 'create',
			writes: [
				{ field: 'project_id', param: 'project_id' },
				{ field: 'task_id', param: 'task_id', fallback: 'false' },
				{ field: 'name', param: 'description' },
				{ field: 'unit_amount', param: 'hours' },
				{ field: 'date', param: 'date', fallback: "$today.toFormat('yyyy-MM-dd')" },
				{ field: 'employee_id', param: 'employee_id' },
			],
		},
		parameters: [
			{ key: 'project_id', type: 'number', description: 'From odoo_list_projects', required: true },
			{ key: 'task_id', type: 'number', description: 'From odoo_list_tasks', required: false, default: 0 },
			{ key: 'description', type: 'string', description: 'What was done', required: true },
			{ key: 'hours', type: 'number', description: 'e.g. 1.5', required: true },
			{ key: 'date', type: 'string', description: 'YYYY-MM-DD; empty for today', required: false, default: '' },
			{ key: 'employee_id', type: 'number', description: 'The default is the usual employee', required: false, default: 1 },
		],
	}),
	defineTool({
		name: 'timesheet_update',
		description: 'Updates one field of a timesheet line.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'odoo',
			model: 'account.analytic.line',
			operation: 'update',
			recordIdParam: 'line_id',
			fieldChoice: { fieldParam: 'field', valueParam: 'value', allowed: ['name', 'unit_amount', 'date'] },
		},
		parameters: [
			{ key: 'line_id', type: 'number', description: 'From timesheet_report', required: true },
			{ key: 'field', type: 'string', description: 'One of name (description), unit_amount (hours), date', required: true },
			{ key: 'value', type: 'string', description: 'Hours as a number, date as YYYY-MM-DD', required: true },
		],
	}),
	defineTool({
		name: 'timesheet_delete',
		description: 'SENSITIVE: permanently deletes a timesheet line. Ask the user for explicit confirmation first.',
		sensitive: true,
		readOnly: false,
		target: { kind: 'odoo', model: 'account.analytic.line', operation: 'delete', recordIdParam: 'line_id' },
		parameters: [
			{ key: 'line_id', type: 'number', description: 'From timesheet_report', required: true },
		],
	}),
];
