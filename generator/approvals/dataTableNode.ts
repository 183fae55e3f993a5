/**
 * Parameters of n8n's Data table node on the approval store. Every read and write names the
 * table by name (n8n resolves it in the workflow's project at run time), and every filter
 * matches all its conditions: a conditional update is then one compare-and-set, which is what
 * makes each status change happen at most once.
 */
import { APPROVAL_COLUMNS, LOCK_COLUMNS, type ApprovalColumn, type LockColumn } from './store';
import type { JsonObject, JsonValue, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { mapper, mapperColumn, node } from '../builders/nodeParts';

export type TableCondition = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte';

/** A column of the store or of its lock table (a name both have has one type in both). */
export type TableColumn = ApprovalColumn | LockColumn;
const TABLE_COLUMNS = [...APPROVAL_COLUMNS, ...LOCK_COLUMNS.filter((l) => !APPROVAL_COLUMNS.some((a) => a.name === l.name))];

export interface RowCondition {
	column: TableColumn;
	condition: TableCondition;
	value: JsonValue;
}

function table(name: string): JsonObject {
	return { __rl: true, mode: 'name', value: name };
}

function filter(conditions: readonly RowCondition[]): JsonObject {
	return {
		matchType: 'allConditions',
		filters: { conditions: conditions.map((c) => ({ keyName: c.column, condition: c.condition, keyValue: c.value })) },
	};
}

function columns(values: Partial<Record<TableColumn, JsonValue>>): JsonObject {
	const used = TABLE_COLUMNS.filter((c) => c.name in values);
	return mapper(
		Object.fromEntries(used.map((c) => [c.name, values[c.name] as JsonValue])),
		used.map((c) => mapperColumn(c.name, c.type)),
	);
}

/** A Data table node doing one of the operations below. */
export function tableNode(workflow: string, name: string, position: [number, number], parameters: JsonObject): WorkflowNode {
	return node(workflow, name, NODE_TYPES.dataTable, position, parameters);
}

export function insertRow(tableName: string, values: Partial<Record<TableColumn, JsonValue>>): JsonObject {
	return { resource: 'row', operation: 'insert', dataTableId: table(tableName), columns: columns(values), options: {} };
}

/** Rows matching every condition get `values`; the node outputs the rows it changed (none: no item). */
export function updateRows(tableName: string, conditions: readonly RowCondition[], values: Partial<Record<TableColumn, JsonValue>>): JsonObject {
	return { resource: 'row', operation: 'update', dataTableId: table(tableName), ...filter(conditions), columns: columns(values), options: {} };
}

/** At most one row matching every condition. */
export function getRow(tableName: string, conditions: readonly RowCondition[]): JsonObject {
	return { resource: 'row', operation: 'get', dataTableId: table(tableName), ...filter(conditions), returnAll: false, limit: 1 };
}

/** Every row matching all conditions (none: no item). */
export function getRows(tableName: string, conditions: readonly RowCondition[]): JsonObject {
	return { resource: 'row', operation: 'get', dataTableId: table(tableName), ...filter(conditions), returnAll: true };
}

/** Deletes every row matching all conditions; the node outputs the rows it deleted. */
export function deleteRows(tableName: string, conditions: readonly RowCondition[]): JsonObject {
	return { resource: 'row', operation: 'deleteRows', dataTableId: table(tableName), ...filter(conditions), options: {} };
}
