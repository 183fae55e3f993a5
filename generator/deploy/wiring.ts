/**
 * What a generated workflow cannot know until it meets a real n8n: the ids of the workflows it
 * calls and of the credentials it uses. The generator writes a workflow reference as a
 * resource locator `{__rl, mode: 'list', value: '', cachedResultName: <name>}` and a credential
 * as `{ name }`; here both get their live ids (`{__rl, mode: 'id', value: <id>, ...}`, `{ id, name }`).
 */
import { isObject, type NodeCredential, type Workflow } from '../builders/n8nTypes';
import type { LiveCredential } from '../n8nClient/client';

export interface WorkflowReference {
	node: string;
	/** Name of the called workflow (`cachedResultName`). */
	workflow: string;
	/** Already pinned to an id (e.g. the pipeline id from the config): left as it is. */
	pinnedId?: string;
}

export interface CredentialReference {
	node: string;
	/** Credential type, the key under node.credentials (e.g. `hermesSshApi`). */
	type: string;
	name: string;
}

type Locator = { __rl: true; mode?: unknown; value?: unknown; cachedResultName?: unknown };

function isWorkflowLocator(value: unknown): value is Locator {
	return isObject(value) && value.__rl === true && typeof value.cachedResultName === 'string' && value.cachedResultName !== '';
}

/** A pinned locator: mode id with a non-empty value. */
function pinnedId(locator: Locator): string | undefined {
	return locator.mode === 'id' && typeof locator.value === 'string' && locator.value !== '' ? locator.value : undefined;
}

/** Every `workflowId` resource locator that names its workflow, in node order. */
export function workflowReferences(body: Workflow): WorkflowReference[] {
	const refs: WorkflowReference[] = [];
	for (const node of body.nodes) {
		const locator = isObject(node.parameters) ? node.parameters.workflowId : undefined;
		if (!isWorkflowLocator(locator)) continue;
		const pinned = pinnedId(locator);
		refs.push({ node: node.name, workflow: locator.cachedResultName as string, ...(pinned ? { pinnedId: pinned } : {}) });
	}
	return refs;
}

/** A copy with each unpinned reference set to `ids.get(name)`; names without an id stay as they were. */
export function wireWorkflowIds(body: Workflow, ids: ReadonlyMap<string, string>): Workflow {
	const wired = structuredClone(body);
	for (const node of wired.nodes) {
		const locator = isObject(node.parameters) ? node.parameters.workflowId : undefined;
		if (!isWorkflowLocator(locator) || pinnedId(locator)) continue;
		const id = ids.get(locator.cachedResultName as string);
		if (id === undefined) continue;
		(node.parameters as Record<string, unknown>).workflowId = {
			__rl: true,
			mode: 'id',
			value: id,
			cachedResultName: locator.cachedResultName,
		};
	}
	return wired;
}

export function credentialReferences(body: Workflow): CredentialReference[] {
	const refs: CredentialReference[] = [];
	for (const node of body.nodes) {
		if (!isObject(node.credentials)) continue;
		for (const [type, value] of Object.entries(node.credentials)) {
			if (isObject(value) && typeof value.name === 'string') refs.push({ node: node.name, type, name: value.name });
		}
	}
	return refs;
}

/** Live credentials by type and exact name; ambiguous names are reported, not guessed. */
export class CredentialIndex {
	private readonly byKey = new Map<string, LiveCredential[]>();

	constructor(credentials: readonly LiveCredential[]) {
		for (const credential of credentials) {
			const key = `${credential.type}\u0000${credential.name}`;
			this.byKey.set(key, [...(this.byKey.get(key) ?? []), credential]);
		}
	}

	/** `found`, `missing`, or `ambiguous` with the ids. */
	lookup(type: string, name: string): { found?: LiveCredential; ambiguous?: string[] } {
		const matches = this.byKey.get(`${type}\u0000${name}`) ?? [];
		if (matches.length > 1) return { ambiguous: matches.map((m) => m.id) };
		return { found: matches[0] };
	}
}

/**
 * A copy of `body` with each credential reference (`node.credentials[type]`) replaced by `map`'s
 * answer. A live workflow's references are whatever n8n stored: `map` checks before it reads.
 */
function mapCredentials(body: Workflow, map: (type: string, reference: unknown) => NodeCredential): Workflow {
	const copy = structuredClone(body);
	for (const node of copy.nodes) {
		if (!isObject(node.credentials)) continue;
		for (const [type, reference] of Object.entries(node.credentials)) node.credentials[type] = map(type, reference);
	}
	return copy;
}

const nameOf = (reference: unknown) => (isObject(reference) && typeof reference.name === 'string' ? reference.name : undefined);

/** A copy with every credential reference resolved to `{ id, name }`; unresolvable ones stay by name. */
export function wireCredentials(body: Workflow, index: CredentialIndex): Workflow {
	return mapCredentials(body, (type, reference) => {
		const name = nameOf(reference);
		const found = name === undefined ? undefined : index.lookup(type, name).found;
		return found ? { id: found.id, name: found.name } : (reference as NodeCredential);
	});
}

/**
 * For an n8n whose credentials this key may not list: every credential as `{ id: null, name }`,
 * which n8n resolves by type and name in the project when it saves the workflow.
 */
export function credentialsForServerLookup(body: Workflow): Workflow {
	return mapCredentials(body, (_type, reference) => {
		const name = nameOf(reference);
		return name !== undefined && typeof (reference as { id?: unknown }).id !== 'string' ? { id: null, name } : (reference as NodeCredential);
	});
}

/** Credential references reduced to their names (to compare when ids cannot be known). */
export function credentialsByName(body: Workflow): Workflow {
	return mapCredentials(body, (_type, reference) => ({ name: (isObject(reference) ? reference.name : reference) as string }));
}

/** Credential references n8n left without an id after saving: it found no credential of that name. */
export function unresolvedCredentials(body: Workflow): CredentialReference[] {
	return body.nodes.flatMap((node) =>
		isObject(node.credentials)
			? Object.entries(node.credentials)
					.filter(([, value]) => isObject(value) && typeof value.id !== 'string')
					.map(([type, value]) => {
						const name = (value as { name?: unknown }).name;
						return { node: node.name, type, name: typeof name === 'string' ? name : '(no name)' };
					})
			: [],
	);
}
