/**
 * Parameters of n8n's Data table node on the approval store. Every read and write names the
 * table by name (n8n resolves it in the workflow's project at run time), and every filter
 * matches all its conditions: a conditional update is then one compare-and-set, which is what
 * makes each status change happen at most once.
 */
import { APPROVAL_COLUMNS, LOCK_COLUMNS, type ApprovalColumn, type ApprovalColumnType, type LockColumn } from './store';
import type { JsonObject, JsonValue, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { mapper, mapperColumn, node } from '../builders/nodeParts';

/** `isEmpty` takes no value (a column added after the row was stored holds none). */
export type TableCondition = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'isEmpty';

/** A column of the store or of its lock table (a name both have has one type in both). */
export type TableColumn = ApprovalColumn | LockColumn;
const TABLE_COLUMNS: ColumnSpec = [...APPROVAL_COLUMNS, ...LOCK_COLUMNS.filter((l) => !APPROVAL_COLUMNS.some((a) => a.name === l.name))];

/** The columns of a table, by name and type: what a write's column mapping is built from. */
export type ColumnSpec = ReadonlyArray<{ name: string; type: ApprovalColumnType }>;

export interface RowCondition<C extends string = TableColumn> {
	column: C;
	condition: TableCondition;
	value: JsonValue;
}

function table(name: string): JsonObject {
	return { __rl: true, mode: 'name', value: name };
}

function filter(conditions: ReadonlyArray<RowCondition<string>>): JsonObject {
	return {
		matchType: 'allConditions',
		filters: { conditions: conditions.map((c): JsonObject => (c.condition === 'isEmpty' ? { keyName: c.column, condition: c.condition } : { keyName: c.column, condition: c.condition, keyValue: c.value })) },
	};
}

function columns(values: Partial<Record<string, JsonValue>>, spec: ColumnSpec): JsonObject {
	const used = spec.filter((c) => c.name in values);
	return mapper(
		Object.fromEntries(used.map((c) => [c.name, values[c.name] as JsonValue])),
		used.map((c) => mapperColumn(c.name, c.type)),
	);
}

/** A Data table node doing one of the operations below. */
export function tableNode(workflow: string, name: string, position: [number, number], parameters: JsonObject): WorkflowNode {
	return node(workflow, name, NODE_TYPES.dataTable, position, parameters);
}

export function insertRow<C extends string = TableColumn>(tableName: string, values: Partial<Record<NoInfer<C>, JsonValue>>, spec: ColumnSpec = TABLE_COLUMNS): JsonObject {
	return { resource: 'row', operation: 'insert', dataTableId: table(tableName), columns: columns(values, spec), options: {} };
}

/** Rows matching every condition get `values`; the node outputs the rows it changed (none: no item). */
export function updateRows<C extends string = TableColumn>(tableName: string, conditions: ReadonlyArray<RowCondition<NoInfer<C>>>, values: Partial<Record<NoInfer<C>, JsonValue>>, spec: ColumnSpec = TABLE_COLUMNS): JsonObject {
	return { resource: 'row', operation: 'update', dataTableId: table(tableName), ...filter(conditions), columns: columns(values, spec), options: {} };
}

/** At most one row matching every condition. */
export function getRow<C extends string = TableColumn>(tableName: string, conditions: ReadonlyArray<RowCondition<NoInfer<C>>>): JsonObject {
	return { resource: 'row', operation: 'get', dataTableId: table(tableName), ...filter(conditions), returnAll: false, limit: 1 };
}

/** Every row matching all conditions (none: no item). */
export function getRows<C extends string = TableColumn>(tableName: string, conditions: ReadonlyArray<RowCondition<NoInfer<C>>>): JsonObject {
	return { resource: 'row', operation: 'get', dataTableId: table(tableName), ...filter(conditions), returnAll: true };
}

/** Deletes every row matching all conditions; the node outputs the rows it deleted. */
export function deleteRows<C extends string = TableColumn>(tableName: string, conditions: ReadonlyArray<RowCondition<NoInfer<C>>>): JsonObject {
	return { resource: 'row', operation: 'deleteRows', dataTableId: table(tableName), ...filter(conditions), options: {} };
}
