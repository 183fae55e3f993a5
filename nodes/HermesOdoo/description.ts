import type { INodeProperties } from 'n8n-workflow';

import { settingDefault, shownFor } from '../shared/description';
import * as getAll from './actions/record/getAll.operation';
import { HERMES_ODOO, ODOO_COLLECTIONS } from '../../core/odoo/contract';

const { params } = HERMES_ODOO;
const { write } = ODOO_COLLECTIONS;

/** The credential type, the operation and its model, the parameters several operations share, and Get Many's own. */
export const properties: INodeProperties[] = [
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
		displayName: 'Fields List',
		name: params.fieldsList,
		type: 'string',
		default: '',
		placeholder: 'id,name',
		description: 'Comma-separated fields to return (with Check Only on Update and Delete: of the record the call would change); empty returns every field',
		...shownFor(HERMES_ODOO, 'fieldsList'),
	},
	{
		displayName: 'Check Only',
		name: params.checkOnly,
		type: 'boolean',
		// n8n's lint takes only a literal for a boolean default; a unit test holds it to settingDefaults.
		default: false,
		description:
			"Whether to only check the call: every check the operation would pass (the record ID, Allowed Fields, each value against its field's type as Odoo reports it), answered as the call would be refused, else with checked: true and, for Update and Delete, the record as it is now. Nothing is written. An approval gate runs this before it asks a person.",
		...shownFor(HERMES_ODOO, 'checkOnly'),
	},
	...getAll.description,
];
