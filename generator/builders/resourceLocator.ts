import type { JsonObject } from './n8nTypes';

/** A resource locator "By ID". */
export function byId(value: string): JsonObject {
	return { __rl: true, mode: 'id', value };
}

/**
 * A workflow reference whose id is unknown at generate time: `push` looks the workflow up by
 * `cachedResultName` and fills in `value` (and switches mode to id).
 */
export function workflowByName(name: string, id?: string): JsonObject {
	if (id !== undefined) return { __rl: true, mode: 'id', value: id, cachedResultName: name };
	return { __rl: true, mode: 'list', value: '', cachedResultName: name };
}

/** Resource-mapper column, as the n8n editor writes it. */
export function mapperColumn(id: string, type?: string): JsonObject {
	const column: JsonObject = {
		id,
		displayName: id,
		required: false,
		defaultMatch: false,
		display: true,
		canBeUsedToMatch: true,
	};
	if (type !== undefined) column.type = type;
	column.removed = false;
	return column;
}
