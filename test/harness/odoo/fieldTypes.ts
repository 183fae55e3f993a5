/**
 * The types a stock Odoo 18 gives the fields the default catalogue writes, as its `fields_get`
 * reports them. The Hermes Odoo node reads them from `fields_get` at call time; this table is what
 * the tests' Odoo stand-in and samples take a field's type from.
 */
export type OdooFieldType =
	| 'char'
	| 'text'
	| 'html'
	| 'selection'
	| 'integer'
	| 'float'
	| 'monetary'
	| 'boolean'
	| 'date'
	| 'datetime'
	| 'many2one'
	| 'many2many';

export const ODOO_FIELD_TYPES: Readonly<Record<string, Readonly<Record<string, OdooFieldType>>>> = {
	'crm.lead': {
		type: 'selection',
		name: 'char',
		partner_name: 'char',
		email_from: 'char',
		phone: 'char',
		expected_revenue: 'monetary',
		probability: 'float',
		date_deadline: 'date',
		description: 'html',
		stage_id: 'many2one',
	},
	'res.partner': { name: 'char', is_company: 'boolean', email: 'char', phone: 'char', street: 'char', zip: 'char', city: 'char', website: 'char' },
	'project.project': { name: 'char', description: 'html', active: 'boolean' },
	'project.task': { name: 'char', project_id: 'many2one', description: 'html', date_deadline: 'datetime', stage_id: 'many2one' },
	'account.analytic.line': { project_id: 'many2one', task_id: 'many2one', name: 'char', unit_amount: 'float', date: 'date', employee_id: 'many2one' },
};
