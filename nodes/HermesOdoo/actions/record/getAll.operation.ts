import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { shownFor } from '../../../shared/description';
import type { ItemParameters } from '../../../shared/operations';
import { HERMES_ODOO, ODOO_COLLECTIONS, ODOO_DOMAIN_OPERATORS, ODOO_MAX_LIMIT } from '../../../../core/odoo/contract';
import type { OdooContext } from '../../helpers/context';
import { checkFieldList, checkFilters, checkLimit, collectionEntries } from '../../helpers/validate';

const { params } = HERMES_ODOO;
const { filter } = ODOO_COLLECTIONS;

export const description: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: params.filters,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Filter',
		description: 'Conditions every record must meet (combined with AND)',
		options: [
			{
				displayName: 'Filter',
				name: filter.entry,
				values: [
					{ displayName: 'Field', name: filter.field, type: 'string', default: '' },
					{
						displayName: 'Operator',
						name: filter.operator,
						type: 'options',
						options: Object.entries(ODOO_DOMAIN_OPERATORS).map(([name, odoo]) => ({ name: `${name} (${odoo})`, value: name })),
						default: 'equal',
					},
					{ displayName: 'Value', name: filter.value, type: 'string', default: '' },
				],
			},
		],
		...shownFor(HERMES_ODOO, 'filters'),
	},
	{
		displayName: 'Return All',
		name: params.returnAll,
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		...shownFor(HERMES_ODOO, 'returnAll'),
	},
	{
		displayName: 'Limit',
		name: params.limit,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: ODOO_MAX_LIMIT },
		default: 50,
		description: 'Max number of results to return',
		...shownFor(HERMES_ODOO, 'limit'),
	},
];

/** The records matching every filter, in Odoo's order for the model, capped at the limit unless Return All. */
export async function execute(ctx: OdooContext, param: ItemParameters): Promise<IDataObject> {
	const filters = collectionEntries(param(params.filters), filter.entry).map((e) => ({ field: e[filter.field], operator: e[filter.operator], value: e[filter.value] }));
	const domain = checkFilters(filters);
	if (!domain.ok) return domain.answer;
	const fields = checkFieldList('Fields List', param(params.fieldsList));
	if (!fields.ok) return fields.answer;
	const kwargs: Record<string, unknown> = { domain: domain.value, fields: fields.value };
	if (param(params.returnAll, false) !== true) {
		const limit = checkLimit(param(params.limit));
		if (!limit.ok) return limit.answer;
		kwargs.limit = limit.value;
	}
	const found = await ctx.call({ method: 'search_read', kwargs, readOnly: true });
	if (!found.ok) return found.answer;
	const records = Array.isArray(found.value) ? (found.value as IDataObject[]) : [];
	return { success: true, model: ctx.model, count: records.length, records };
}
