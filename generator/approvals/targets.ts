/**
 * What a person is shown of the record a gated Odoo call acts on: a few key fields per model,
 * read when the request is made, under the names the request shows them by. A many2one field
 * is shown by its record's name.
 */
export interface TargetField {
	/** The name the request shows. */
	key: string;
	/** The Odoo field read. */
	field: string;
}

const TARGET_FIELDS: Readonly<Record<string, readonly TargetField[]>> = {
	'crm.lead': [
		{ key: 'name', field: 'name' },
		{ key: 'partner', field: 'partner_id' },
		{ key: 'stage', field: 'stage_id' },
		{ key: 'expected_revenue', field: 'expected_revenue' },
	],
	'account.analytic.line': [
		{ key: 'date', field: 'date' },
		{ key: 'project', field: 'project_id' },
		{ key: 'hours', field: 'unit_amount' },
		{ key: 'description', field: 'name' },
	],
};

/** Every model has a display name; a model without its own list is shown by it. */
const ANY_MODEL: readonly TargetField[] = [{ key: 'name', field: 'display_name' }];

export function targetFields(model: string): readonly TargetField[] {
	return TARGET_FIELDS[model] ?? ANY_MODEL;
}
