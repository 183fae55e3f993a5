import type { INodeProperties } from 'n8n-workflow';

import { settingDefault, shownFor } from '../../shared/description';
import { HERMES_ODOO, ODOO_COLLECTIONS, ODOO_DOMAIN_OPERATORS, ODOO_MAX_LIMIT } from '../contract';

const { params } = HERMES_ODOO;
const { write, filter } = ODOO_COLLECTIONS;

export const versionProperties: INodeProperties[] = [
	{
		displayName: 'Authentication',
		name: params.authentication,
		type: 'options',
		options: [
			{ name: 'Password (JSON-RPC, Odoo 14-18)', value: 'odooApi' },
			{ name: 'API Key (JSON-2, Odoo 19+)', value: 'odooApiKeyApi' },
		],
		default: settingDefault(HERMES_ODOO, 'authentication'),
	},
	{
		displayName: 'Operation',
		name: params.operation,
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Create', value: 'create', description: 'Create a record and answer its ID', action: 'Create a record' },
			{ name: 'Delete', value: 'delete', description: 'Delete a record', action: 'Delete a record' },
			{ name: 'Get', value: 'get', description: 'Read one record by ID (__NOT_FOUND__ for an unknown ID)', action: 'Get a record' },
			{ name: 'Get Many', value: 'getAll', description: 'Search records with filters', action: 'Get many records' },
			{ name: 'Update', value: 'update', description: 'Write fields of a record', action: 'Update a record' },
		],
		default: 'getAll',
	},
	{
		displayName: 'Model',
		name: params.model,
		type: 'string',
		default: '',
		required: true,
		placeholder: 'project.task',
		description: 'Technical name of the Odoo model',
	},
	{
		displayName: 'Record ID',
		name: params.recordId,
		type: 'string',
		default: '',
		description: 'ID of the record (a positive whole number)',
		...shownFor(HERMES_ODOO, 'recordId'),
	},
	{
		displayName: 'Fields to Write',
		name: params.fieldsToWrite,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Field',
		description: "Each value is converted to its field's type as Odoo reports it; text that is not a valid value is refused with __BAD_ARGUMENT__",
		options: [
			{
				displayName: 'Field',
				name: write.entry,
				values: [
					{ displayName: 'Field Name', name: write.field, type: 'string', default: '' },
					{ displayName: 'Value', name: write.value, type: 'string', default: '' },
				],
			},
		],
		...shownFor(HERMES_ODOO, 'fieldsToWrite'),
	},
	{
		displayName: 'Allowed Fields',
		name: params.allowedFields,
		type: 'string',
		default: settingDefault(HERMES_ODOO, 'allowedFields'),
		placeholder: 'name,date_deadline',
		description: 'Comma-separated fields this node may write; any other is refused with __BAD_ARGUMENT__ and nothing is sent to Odoo. Empty: any field of the model.',
		...shownFor(HERMES_ODOO, 'allowedFields'),
	},
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
		displayName: 'Fields List',
		name: params.fieldsList,
		type: 'string',
		default: '',
		placeholder: 'id,name',
		description: 'Comma-separated fields to return; empty returns every field',
		...shownFor(HERMES_ODOO, 'fieldsList'),
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
