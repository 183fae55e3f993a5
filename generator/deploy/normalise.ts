/**
 * Comparing a workflow we would send with the one n8n holds: both go through the same
 * allow-list (body.ts), then through a canonical form in which `false`/empty defaults equal an
 * absent key and object key order does not count - except where n8n gives it meaning: the
 * order of nodes[] (the manifest's node index) and of the connection sources (the order n8n
 * lists a consumer's tools in).
 */
import { isObject, type Workflow, type WorkflowNode, type WorkflowSettings } from '../builders/n8nTypes';
import { canonicalCallerIds } from './callers';

/** Node flags whose `false` n8n treats like an absent key. */
const FALSE_DEFAULTS = ['disabled', 'notesInFlow', 'executeOnce', 'alwaysOutputData', 'retryOnFail', 'continueOnFail'];

export type DifferenceKind =
	| 'name'
	| 'node-missing'
	| 'node-extra'
	| 'node-disabled'
	| 'node-changed'
	| 'node-order'
	| 'connections'
	| 'settings';

export interface Difference {
	kind: DifferenceKind;
	node?: string;
	/** One line a person can act on. */
	message: string;
}

/** Sorted keys, undefined dropped; arrays keep their order. */
export function canonical(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(canonical);
	if (!isObject(value)) return value;
	const out: Record<string, unknown> = {};
	for (const key of Object.keys(value).sort()) {
		if (value[key] !== undefined) out[key] = canonical(value[key]);
	}
	return out;
}

function canonicalNode(node: WorkflowNode): Record<string, unknown> {
	const copy: Record<string, unknown> = { ...node };
	for (const flag of FALSE_DEFAULTS) if (copy[flag] === false) delete copy[flag];
	if (copy.notes === '') delete copy.notes;
	if (isObject(copy.parameters) && Object.keys(copy.parameters).length === 0) delete copy.parameters;
	if (isObject(copy.credentials) && Object.keys(copy.credentials).length === 0) delete copy.credentials;
	return canonical(copy) as Record<string, unknown>;
}

/** Connection sources in their stored order, each with its outputs in canonical form. */
function canonicalConnections(connections: Record<string, unknown>): Array<[string, unknown]> {
	return Object.entries(connections)
		.filter(([, outputs]) => !(isObject(outputs) && Object.keys(outputs).length === 0))
		.map(([source, outputs]) => [source, canonical(outputs)]);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Paths (`parameters.workflowId.value`) where two canonical values differ, at most `limit`. */
export function differingPaths(a: unknown, b: unknown, path = '', limit = 5, out: string[] = []): string[] {
	if (out.length >= limit || same(a, b)) return out;
	if (isObject(a) && isObject(b)) {
		for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
			differingPaths(a[key], b[key], path ? `${path}.${key}` : key, limit, out);
		}
	} else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
		a.forEach((item, index) => differingPaths(item, b[index], `${path}[${index}]`, limit, out));
	} else {
		out.push(path || '(value)');
	}
	return out;
}

/**
 * Settings n8n can hold with their default value where the generator leaves them out
 * (`availableInMCP: false`, `callerPolicy: 'workflowsFromSameOwner'`): the same as absent.
 */
const SETTING_DEFAULTS: Readonly<Record<string, unknown>> = { availableInMCP: false, callerPolicy: 'workflowsFromSameOwner' };

/** Settings in canonical form; `callerIds` as a sorted set (n8n splits it on commas), empty = absent; a default = absent. */
function canonicalSettings(settings: WorkflowSettings): unknown {
	const copy: Record<string, unknown> = { ...settings };
	for (const [key, value] of Object.entries(SETTING_DEFAULTS)) if (copy[key] === value) delete copy[key];
	if ('callerIds' in copy) {
		const ids = canonicalCallerIds(copy.callerIds);
		if (ids === '') delete copy.callerIds;
		else copy.callerIds = ids;
	}
	return canonical(copy);
}

/** What differs between the workflow we would send (`desired`) and the live one. Empty = in sync. */
export function compareWorkflows(desired: Workflow, live: Workflow): Difference[] {
	const differences: Difference[] = [];
	if (desired.name !== live.name) {
		differences.push({ kind: 'name', message: `name is "${live.name}" in n8n, "${desired.name}" generated` });
	}
	const liveByName = new Map(live.nodes.map((node) => [node.name, node]));
	const desiredNames = new Set(desired.nodes.map((node) => node.name));
	for (const node of desired.nodes) {
		const other = liveByName.get(node.name);
		if (!other) {
			differences.push({ kind: 'node-missing', node: node.name, message: `node "${node.name}" is missing in n8n` });
			continue;
		}
		if (other.disabled === true && node.disabled !== true) {
			differences.push({
				kind: 'node-disabled',
				node: node.name,
				message: `node "${node.name}" is DISABLED in n8n: a disabled tool node misroutes other tools on n8n before 2.21.5; delete a tool instead of disabling it`,
			});
		}
		const a = canonicalNode(node);
		const b = canonicalNode(other);
		delete a.disabled;
		delete b.disabled;
		const paths = differingPaths(a, b);
		if (paths.length > 0) {
			differences.push({ kind: 'node-changed', node: node.name, message: `node "${node.name}" differs at ${paths.join(', ')}` });
		}
	}
	for (const node of live.nodes) {
		if (!desiredNames.has(node.name)) {
			differences.push({ kind: 'node-extra', node: node.name, message: `node "${node.name}" exists only in n8n` });
		}
	}
	const order = (nodes: WorkflowNode[]) => nodes.map((n) => n.name).filter((n) => desiredNames.has(n) && liveByName.has(n));
	if (!same(order(desired.nodes), order(live.nodes))) {
		differences.push({ kind: 'node-order', message: 'nodes are in a different order in n8n (the manifest indexes them)' });
	}
	const liveConnections = canonicalConnections(live.connections);
	const desiredConnections = canonicalConnections(desired.connections);
	if (!same(desiredConnections, liveConnections)) {
		const liveMap = new Map(liveConnections);
		const desiredMap = new Map(desiredConnections);
		const changed = [...new Set([...liveMap.keys(), ...desiredMap.keys()])].filter(
			(source) => !same(liveMap.get(source), desiredMap.get(source)),
		);
		differences.push({
			kind: 'connections',
			message:
				changed.length > 0
					? `connections differ from ${changed.slice(0, 5).map((s) => `"${s}"`).join(', ')}${changed.length > 5 ? ` and ${changed.length - 5} more` : ''}`
					: 'connections are in a different order in n8n (the order n8n lists tools in)',
		});
	}
	const settingsPaths = differingPaths(canonicalSettings(desired.settings), canonicalSettings(live.settings));
	if (settingsPaths.length > 0) {
		differences.push({ kind: 'settings', message: `settings differ at ${settingsPaths.join(', ')}` });
	}
	return differences;
}
