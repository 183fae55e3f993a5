import type { GatewayContract } from '../gatewayContract';
import { ODOO_REQUEST_SECONDS } from './types';

/** What a tool asks of one Odoo model: n8n's Odoo node offers the same five. */
export const ODOO_OPERATIONS = ['create', 'get', 'getAll', 'update', 'delete'] as const;
export type OdooOperation = (typeof ODOO_OPERATIONS)[number];

/**
 * The config's choice of Odoo credential, by n8n's own Odoo credential types: JSON-RPC with a
 * login (Odoo 14-18) or JSON-2 with an API key (Odoo 19+). A community node may use only its own
 * package's credentials, so the node takes the Hermes twin of each, with the same fields.
 */
export const ODOO_CREDENTIAL_TYPES = ['odooApi', 'odooApiKeyApi'] as const;
export type OdooCredentialType = (typeof ODOO_CREDENTIAL_TYPES)[number];
export const HERMES_ODOO_CREDENTIALS: Readonly<Record<OdooCredentialType, string>> = { odooApi: 'hermesOdooApi', odooApiKeyApi: 'hermesOdooApiKeyApi' };

/**
 * Domain operators by the names n8n's Odoo node gives them (plus `ilike`), and what Odoo calls
 * them: a catalogue filter means the same in both modes.
 */
export const ODOO_DOMAIN_OPERATORS = {
	equal: '=',
	notEqual: '!=',
	greaterThen: '>',
	lesserThen: '<',
	greaterOrEqual: '>=',
	lesserOrEqual: '<=',
	like: 'like',
	ilike: 'ilike',
	in: 'in',
	notIn: 'not in',
	childOf: 'child_of',
} as const;
export type OdooDomainOperator = keyof typeof ODOO_DOMAIN_OPERATORS;

/** A model name (`project.task`) and a field name (`date_deadline`) as Odoo writes them. */
export const ODOO_MODEL = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;
export const ODOO_FIELD = /^[a-z][a-z0-9_]*$/;
/** What a get answers for an id that names no record (an approval gate answers a missing target the same). */
export function recordNotFoundHint(model: string, id: number | string): string {
	return `No ${model} record has the id ${id} (it does not exist or was deleted). List the records first and use an id it returns.`;
}

/** The most records one getAll returns, whatever limit the agent sends. */
export const ODOO_MAX_LIMIT = 1000;

export type OdooParam =
	| 'authentication'
	| 'operation'
	| 'model'
	| 'recordId'
	| 'fieldsToWrite'
	| 'allowedFields'
	| 'filters'
	| 'fieldsList'
	| 'returnAll'
	| 'limit'
	| 'checkOnly';

const PARAMS = {
	authentication: 'authentication',
	operation: 'operation',
	model: 'model',
	recordId: 'recordId',
	fieldsToWrite: 'fieldsToWrite',
	allowedFields: 'allowedFields',
	filters: 'filters',
	fieldsList: 'fieldsList',
	returnAll: 'returnAll',
	limit: 'limit',
	checkOnly: 'checkOnly',
} as const;

/**
 * The collections' inner names: `fieldsToWrite.field[] = { name, value }` (the key `field` names the field's name) and
 * `filters.filter[] = { field, operator, value }`.
 */
export const ODOO_COLLECTIONS = {
	write: { entry: 'field', field: 'name', value: 'value' },
	filter: { entry: 'filter', field: 'field', operator: 'operator', value: 'value' },
} as const;

export const HERMES_ODOO: GatewayContract<OdooParam> = {
	type: 'hermesOdoo',
	displayName: 'Hermes Odoo',
	ssh: false,
	typeVersion: 1,
	params: PARAMS,
	operations: ODOO_OPERATIONS,
	readOperations: ['get', 'getAll'],
	createOperations: ['create'],
	// Requests of ODOO_REQUEST_SECONDS each: a login and the call; a read logs in again and retries once when Odoo refuses a cached login.
	operationSeconds: {
		get: 4 * ODOO_REQUEST_SECONDS,
		getAll: 4 * ODOO_REQUEST_SECONDS,
		create: 2 * ODOO_REQUEST_SECONDS,
		update: 2 * ODOO_REQUEST_SECONDS,
		delete: 2 * ODOO_REQUEST_SECONDS,
	},
	shownFor: {
		recordId: ['get', 'update', 'delete'],
		fieldsToWrite: ['create', 'update'],
		allowedFields: ['create', 'update'],
		filters: ['getAll'],
		// What a write's Check Only reads of the record it would change.
		fieldsList: ['get', 'getAll', 'update', 'delete'],
		returnAll: ['getAll'],
		limit: ['getAll'],
		checkOnly: ['create', 'update', 'delete'],
	},
	// The tools call the node directly: it has no gateway sub-workflow.
	subWorkflowInputs: {},
	allowLists: {},
	settingDefaults: { authentication: 'odooApi', allowedFields: '', checkOnly: false },
	checkOnly: 'checkOnly',
	agentArguments: true,
	configSettings: { authentication: { key: 'odooCredentialType' } },
};
