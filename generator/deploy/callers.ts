/**
 * Who may run a generated sub-workflow. The generator gives each one `callerPolicy:
 * 'workflowsFromAList'` and no `callerIds`: the ids of its callers exist only once n8n has given
 * them. Here they are filled in: every pushed workflow that references a sub-workflow by name is
 * one of its callers, so n8n refuses any other workflow that tries to run it.
 */
import type { Workflow, WorkflowSettings } from '../builders/n8nTypes';
import { workflowReferences } from './wiring';

const LISTED_CALLERS = 'workflowsFromAList';

/** The sub-workflow admits only the callers listed in `callerIds`. */
export function admitsListedCallersOnly(body: { settings?: WorkflowSettings | null }): boolean {
	return body.settings?.callerPolicy === LISTED_CALLERS;
}

/** For each pushed workflow, the names of the pushed workflows that call it (sorted). */
export function callersByName(items: ReadonlyArray<{ body: Workflow }>): Map<string, string[]> {
	const pushed = new Set(items.map((item) => item.body.name));
	const callers = new Map<string, Set<string>>();
	for (const { body } of items) {
		for (const ref of workflowReferences(body)) {
			// A pinned reference names an id of its own (the pipeline from the config), not a pushed workflow.
			if (ref.pinnedId || !pushed.has(ref.workflow) || ref.workflow === body.name) continue;
			callers.set(ref.workflow, (callers.get(ref.workflow) ?? new Set()).add(body.name));
		}
	}
	return new Map([...callers].map(([name, names]) => [name, [...names].sort()]));
}

/** `"b, a,,a"` -> `"a,b"`: n8n splits on commas and trims, so order, blanks and repeats carry no meaning. */
export function canonicalCallerIds(value: unknown): string {
	if (typeof value !== 'string') return '';
	return [...new Set(value.split(',').map((id) => id.trim()).filter((id) => id !== ''))].sort().join(',');
}

/**
 * A copy whose `callerIds` lists the ids of `callers` that have one, sorted; callers without an
 * id yet (created later in this push) are left out and added by push's second pass. Ids the
 * generated settings already list are kept, and so are `keptIds` (callers outside this push).
 * Other policies are returned unchanged.
 */
export function wireCallerIds(
	body: Workflow,
	callers: readonly string[],
	ids: ReadonlyMap<string, string>,
	keptIds: readonly string[] = [],
): Workflow {
	if (!admitsListedCallersOnly(body)) return body;
	const known = callers.map((name) => ids.get(name)).filter((id): id is string => id !== undefined);
	const callerIds = canonicalCallerIds([body.settings.callerIds, ...known, ...keptIds].filter((id) => typeof id === 'string').join(','));
	return { ...body, settings: { ...body.settings, callerIds } };
}
