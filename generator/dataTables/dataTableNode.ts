/**
 * Parameters of n8n's Data table node on a store of guarded calls. Every read and write names the
 * table by name (n8n resolves it in the workflow's project at run time), and every filter
 * matches all its conditions: a conditional update is then one compare-and-set, which is what
 * makes each status change happen at most once.
 */
import type { JsonObject, JsonValue, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { mapper, mapperColumn, node } from '../builders/nodeParts';
import { quote } from '../fromAi';

/** `isEmpty` takes no value (a column added after the row was stored holds none). */
export type TableCondition = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'isEmpty';

/** Column types n8n Data Tables accept. */
export type ColumnType = 'string' | 'number';

/** The columns of a table, by name and type: what a write's column mapping is built from. */
export type ColumnSpec = ReadonlyArray<{ name: string; type: ColumnType }>;

/** A table push makes sure exists, with these columns (a user's own columns and rows stay). */
export interface DataTableSpec {
	name: string;
	columns: ColumnSpec;
}

export interface RowCondition<C extends string = string> {
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

/**
 * A read is tried again: n8n's Data table node counts the rows in a query of its own, and when
 * rows come and go between the two (identical calls claiming at once) it may fail the read with
 * "result count changed during pagination". A read changes nothing, so trying again is safe.
 */
export const READ_TRIES = { retryOnFail: true, maxTries: 5, waitBetweenTries: 100 } as const;

/** A Data table node doing one of the operations below. */
export function tableNode(workflow: string, name: string, position: [number, number], parameters: JsonObject): WorkflowNode {
	const built = node(workflow, name, NODE_TYPES.dataTable, position, parameters);
	return parameters.operation === 'get' ? { ...built, ...READ_TRIES } : built;
}

export function insertRow<C extends string = string>(tableName: string, values: Partial<Record<NoInfer<C>, JsonValue>>, spec: ColumnSpec): JsonObject {
	return { resource: 'row', operation: 'insert', dataTableId: table(tableName), columns: columns(values, spec), options: {} };
}

/** Rows matching every condition get `values`; the node outputs the rows it changed (none: no item). */
export function updateRows<C extends string = string>(tableName: string, conditions: ReadonlyArray<RowCondition<NoInfer<C>>>, values: Partial<Record<NoInfer<C>, JsonValue>>, spec: ColumnSpec): JsonObject {
	return { resource: 'row', operation: 'update', dataTableId: table(tableName), ...filter(conditions), columns: columns(values, spec), options: {} };
}

/** At most one row matching every condition. */
export function getRow<C extends string = string>(tableName: string, conditions: ReadonlyArray<RowCondition<NoInfer<C>>>): JsonObject {
	return { resource: 'row', operation: 'get', dataTableId: table(tableName), ...filter(conditions), returnAll: false, limit: 1 };
}

/** Every row matching all conditions (none: no item). */
export function getRows<C extends string = string>(tableName: string, conditions: ReadonlyArray<RowCondition<NoInfer<C>>>): JsonObject {
	return { resource: 'row', operation: 'get', dataTableId: table(tableName), ...filter(conditions), returnAll: true };
}

/** Deletes every row matching all conditions; the node outputs the rows it deleted. */
export function deleteRows<C extends string = string>(tableName: string, conditions: ReadonlyArray<RowCondition<NoInfer<C>>>): JsonObject {
	return { resource: 'row', operation: 'deleteRows', dataTableId: table(tableName), ...filter(conditions), options: {} };
}

/** A node that runs on the first item only, whatever came in. */
export const once = (n: WorkflowNode): WorkflowNode => ({ ...n, executeOnce: true });
/** A table read or write whose If after it must run also when it matched no row (it outputs one empty item). */
export const read = (n: WorkflowNode): WorkflowNode => ({ ...n, alwaysOutputData: true });
/** The rows a table node output, as an expression: a read that matched none outputs one empty item, without the `key` column. */
export const rowsOf = (nodeName: string, key: string): string => `$(${quote(nodeName)}).all().map((i) => i.json).filter((r) => typeof r.${key} === 'string')`;
