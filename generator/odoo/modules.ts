/**
 * Which Odoo module provides a model or a field, so a missing one can be reported as
 * "install this module" rather than as a bare name.
 */

/** Fields that a module adds to a model of another module. */
const FIELD_MODULES: Record<string, Record<string, string>> = {
	'account.analytic.line': {
		project_id: 'hr_timesheet',
		task_id: 'hr_timesheet',
		employee_id: 'hr_timesheet',
		department_id: 'hr_timesheet',
	},
	'project.task': {
		effective_hours: 'hr_timesheet',
		remaining_hours: 'hr_timesheet',
		timesheet_ids: 'hr_timesheet',
	},
	'project.project': { allow_timesheets: 'hr_timesheet' },
};

/** Model name -> module, most specific prefix first. */
const MODEL_MODULES: Array<[RegExp, string]> = [
	[/^account\.analytic\./, 'analytic'],
	[/^project\./, 'project'],
	[/^crm\./, 'crm'],
	[/^hr\./, 'hr'],
	[/^res\.partner(\.|$)/, 'base'],
	[/^res\./, 'base'],
];

export function moduleForModel(model: string): string | undefined {
	return MODEL_MODULES.find(([pattern]) => pattern.test(model))?.[1];
}

/** Only fields another module adds: a missing core field means another Odoo version, not a module. */
export function moduleAddingField(model: string, field: string): string | undefined {
	return FIELD_MODULES[model]?.[field];
}

/** Modules a user installs from Odoo's Apps menu, for the hint ("contacts" ships res.partner's menu). */
export const MODULE_LABELS: Record<string, string> = {
	base: 'base (always installed; contacts adds its menu)',
	project: 'Project',
	crm: 'CRM',
	hr: 'Employees',
	hr_timesheet: 'Timesheets',
	analytic: 'Analytic Accounting (installed with Project)',
};
