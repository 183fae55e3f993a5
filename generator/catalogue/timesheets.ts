/** Odoo timesheets (4 tools). Timesheet lines are analytic lines with a project. */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'timesheet_report',
		description: 'Lists timesheet lines from a date on (date, description, hours, project, task, employee).',
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
			{ key: 'date_from', type: 'string', description: 'First day to include, as YYYY-MM-DD', required: true },
			{ key: 'limit', type: 'number', description: 'Maximum number of lines to return', required: false, default: 200 },
		],
	}),
	defineTool({
		name: 'timesheet_log_hours',
		description: 'Logs hours on an Odoo project (and optionally a task). Returns the new line id.',
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
			{ key: 'project_id', type: 'number', description: 'Id of the project the hours are logged on', required: true },
			{ key: 'task_id', type: 'number', description: 'Id of the task, 0 for none', required: false, default: 0 },
			{ key: 'description', type: 'string', description: 'What was done', required: true },
			{ key: 'hours', type: 'number', description: 'Duration in hours, e.g. 1.5', required: true },
			{ key: 'date', type: 'string', description: 'Day worked as YYYY-MM-DD, empty for today', required: false, default: '' },
			{ key: 'employee_id', type: 'number', description: 'Id of the employee, leave the default for the usual one', required: false, default: 1 },
		],
	}),
	defineTool({
		name: 'timesheet_update',
		description: 'Updates one field of a timesheet line: name (description), unit_amount (hours) or date. Any other field is refused.',
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
			{ key: 'line_id', type: 'number', description: 'Id of the timesheet line to update (see timesheet_report)', required: true },
			{ key: 'field', type: 'string', description: 'Field to change: exactly one of name (description), unit_amount (hours), date. Any other field is refused', required: true },
			{ key: 'value', type: 'string', description: 'New value of that field (hours as a number, date as YYYY-MM-DD)', required: true },
		],
	}),
	defineTool({
		name: 'timesheet_delete',
		description: 'SENSITIVE: permanently deletes a timesheet line. Ask the user for explicit confirmation before calling.',
		sensitive: true,
		readOnly: false,
		target: { kind: 'odoo', model: 'account.analytic.line', operation: 'delete', recordIdParam: 'line_id' },
		parameters: [
			{ key: 'line_id', type: 'number', description: 'Id of the timesheet line to delete permanently (only after the user confirmed)', required: true },
		],
	}),
];
