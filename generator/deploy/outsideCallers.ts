/**
 * Callers of a sub-workflow that are not part of this push: another config's MCP tools workflow
 * deployed to the same n8n under the same gateway names, or a workflow built in the editor. They
 * reference the sub-workflow by its id, so they are found by reading every live workflow. Push
 * keeps those its callerIds already list; a push that dropped them would make n8n refuse them.
 */
import { isObject, type Workflow } from '../builders/n8nTypes';
import { runningVersion, type LiveWorkflow, type N8nApi } from '../n8nClient/client';
import { admitsListedCallersOnly, canonicalCallerIds } from './callers';
import type { Difference } from './normalise';

export interface OutsideCaller {
	id: string;
	name: string;
	/** Its id is in the sub-workflow's live callerIds (n8n lets it run the sub-workflow). */
	listed: boolean;
}

/** The id a `workflowId` parameter points at: a resource locator's value or a plain id string. */
function calledId(parameters: unknown): string | undefined {
	const reference = isObject(parameters) ? parameters.workflowId : undefined;
	if (typeof reference === 'string') return reference || undefined;
	if (isObject(reference) && typeof reference.value === 'string' && reference.value !== '') return reference.value;
	return undefined;
}

/** Ids of the workflows `nodes` call. */
function calledIds(nodes: Workflow['nodes']): Set<string> {
	return new Set(nodes.map((node) => calledId(node.parameters)).filter((id): id is string => id !== undefined));
}

/** True when the saved or the published version of `live` calls workflow `id`. */
export function callsWorkflow(live: LiveWorkflow, id: string): boolean {
	return calledIds(live.nodes).has(id) || calledIds(runningVersion(live).nodes).has(id);
}

/**
 * For each live sub-workflow that admits listed callers only (by id), the live workflows outside
 * `pushedNames` that call it, sorted by name. Archived workflows call nothing.
 */
export function outsideCallersOf(
	all: readonly LiveWorkflow[],
	subWorkflows: readonly LiveWorkflow[],
	pushedNames: ReadonlySet<string>,
): Map<string, OutsideCaller[]> {
	const others = all.filter((w) => w.isArchived !== true && !pushedNames.has(w.name));
	const result = new Map<string, OutsideCaller[]>();
	for (const sub of subWorkflows) {
		if (!admitsListedCallersOnly(sub)) continue;
		const listed = new Set(canonicalCallerIds(sub.settings?.callerIds).split(',').filter(Boolean));
		const callers = others
			.filter((w) => w.id !== sub.id && callsWorkflow(w, sub.id))
			.map((w) => ({ id: w.id, name: w.name, listed: listed.has(w.id) }))
			.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
		if (callers.length > 0) result.set(sub.id, callers);
	}
	return result;
}

/** Reads every live workflow once (only when some sub-workflow exists already: a first push has none). */
export async function liveOutsideCallers(
	client: N8nApi,
	lives: ReadonlyArray<LiveWorkflow | undefined>,
	pushedNames: ReadonlySet<string>,
): Promise<Map<string, OutsideCaller[]>> {
	const subWorkflows = lives.filter((l): l is LiveWorkflow => l !== undefined && admitsListedCallersOnly(l));
	if (subWorkflows.length === 0) return new Map();
	return outsideCallersOf(await client.listWorkflows(), subWorkflows, pushedNames);
}

/** `"Hermes MCP Tools - ops" (id 12), ...` */
export function describeCallers(callers: readonly OutsideCaller[]): string {
	return callers.map((c) => `"${c.name}" (id ${c.id})`).join(', ');
}

/** What to do when two configs generate the same sub-workflow differently. */
export const SHARED_NAME_FIX =
	'give one of the configs other gatewayWorkflows names (each config then has its own sub-workflows), and push it again';

/** The message compareWorkflows gives when only the caller list differs. */
export const CALLER_IDS_DIFFER = 'settings differ at callerIds';

/** Differences other than the caller list: the content itself is not what this config generates. */
export function contentDiffers(differences: readonly Difference[]): boolean {
	return differences.some((d) => !(d.kind === 'settings' && d.message === CALLER_IDS_DIFFER));
}
