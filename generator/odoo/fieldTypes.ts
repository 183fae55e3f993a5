/**
 * The types a stock Odoo 18 gives the fields the default catalogue writes, as its `fields_get`
 * reports them. A tool that lets the agent choose the field at call time (`fieldChoice`) gets
 * the value as text; the generated expression turns it into the field's type with this table,
 * because Odoo does not convert text everywhere (crm.lead's write compares the probability
 * with numbers before converting it, so `"55.5"` fails there while `55.5` is stored).
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

/** How a text value must change to reach Odoo with its field's type; text types keep it as is. */
export type ValueConversion = 'number' | 'boolean' | 'text';

const CONVERSION: Readonly<Record<OdooFieldType, ValueConversion>> = {
	char: 'text',
	text: 'text',
	html: 'text',
	selection: 'text',
	// Odoo parses dates and datetimes from `YYYY-MM-DD` (and `YYYY-MM-DD HH:MM:SS`) text.
	date: 'text',
	datetime: 'text',
	integer: 'number',
	float: 'number',
	monetary: 'number',
	many2one: 'number',
	// Ids as a list; the catalogue has no tool that writes one from text.
	many2many: 'text',
	boolean: 'boolean',
};

/** The conversion a field's value needs; a field the table does not know keeps its text. */
export function valueConversion(model: string, field: string): ValueConversion {
	const type = ODOO_FIELD_TYPES[model]?.[field];
	return type ? CONVERSION[type] : 'text';
}

/** The conversion a value of a field of this type needs (as `fields_get` names it); an unknown type takes any value. */
export function conversionForType(type: string): ValueConversion | undefined {
	return (CONVERSION as Readonly<Record<string, ValueConversion>>)[type];
}
