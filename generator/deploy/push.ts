/**
 * Push: create or update each workflow by exact name, called workflows first with their ids
 * wired into the callers, credentials wired by name; save, check, then publish. A workflow
 * whose live form already equals what would be sent is left alone (no PUT, no publish), so a
 * second push changes nothing. With dryRun only GETs are made.
 */
import { credentialTypeText } from '../contracts';
import { HermesError } from '../errors';
import type { Workflow } from '../builders/n8nTypes';
import { workflowBody } from '../n8nClient/body';
import { projectOf } from '../builders/projectMark';
import { admitsListedCallersOnly, callersByName, canonicalCallerIds, wireCallerIds } from './callers';
import { runningVersion, type LiveWorkflow, type N8nApi } from '../n8nClient/client';
import { ensureDataTables, type DataTableOutcome, type DesiredDataTable } from './dataTables';
import { dependencyOrder, type DesiredWorkflow } from './desired';
import { pathsTakenByOthers } from './pathOwners';
import { N8nApiError } from '../n8nClient/errors';
import { findWorkflowsByName } from '../n8nClient/exactName';
import type { Difference } from './normalise';
import { CALLER_IDS_DIFFER, contentDiffers, describeCallers, liveOutsideCallers, SHARED_NAME_FIX, type OutsideCaller } from './outsideCallers';
import { compareResolved, resolveDependencies, UnresolvedError, type Resolution } from './resolve';
import { reloadNotice, toolSchemaChanges, toolSchemaOf, type NoticeEndpoint } from './toolSchema';
import { credentialsForServerLookup, unresolvedCredentials, wireCredentials, wireWorkflowIds } from './wiring';

export type PushAction = 'created' | 'updated' | 'published' | 'unchanged';

export interface PushOutcome {
	name: string;
	/** Undefined only for a workflow a dry run would create. */
	id?: string;
	action: PushAction;
	differences: Difference[];
	toolChanges: string[];
	/** Set by the second pass: callerIds written once the callers created in this push had ids. */
	callerIds?: string;
	/** Callers outside this push its live callerIds listed and that still call it: kept. */
	keptCallers?: OutsideCaller[];
}

export interface PushReport {
	outcomes: PushOutcome[];
	dataTables: DataTableOutcome[];
	/** True when anything was (or, in a dry run, would be) written. */
	changed: boolean;
	toolSchemaChanged: boolean;
}

export interface PushOptions {
	dryRun?: boolean;
	log?: (line: string) => void;
	/** Made sure of before any workflow is pushed (the gate workflows look them up when they run). */
	dataTables?: readonly DesiredDataTable[];
	/** The MCP endpoints of the config, so the schema-change notice names the clients to reload. */
	endpoints?: readonly NoticeEndpoint[];
	/** Update tool workflows another project made (their trigger names it), on purpose. */
	takeOver?: boolean;
}

/** A live tool workflow of the same name that another project made. */
interface OtherProject {
	name: string;
	id: string;
	project: string;
}

/** The live workflows this push would update that name another project than the desired one does. */
function madeByOthers(ordered: readonly DesiredWorkflow[], lives: ReadonlyMap<string, LiveWorkflow | undefined>): OtherProject[] {
	return ordered.flatMap((item) => {
		const live = lives.get(item.body.name);
		const theirs = live ? projectOf(workflowBody(live).body) : undefined;
		return live && theirs !== undefined && theirs !== projectOf(item.body) ? [{ name: item.body.name, id: live.id, project: theirs }] : [];
	});
}

/** Two projects on one endpoint: refused before anything is written, unless taken over on purpose. */
function checkProjects(others: readonly OtherProject[], ours: string | undefined, takeOver: boolean, log: (line: string) => void): void {
	if (others.length === 0) return;
	const list = others.map((o) => `"${o.name}" (id ${o.id}) of the project "${o.project}"`).join(', ');
	if (takeOver) {
		log(`note: --take-over: updating ${list} as ${ours === undefined ? 'this config (no project)' : `the project "${ours}"`}`);
		return;
	}
	throw new PushError(
		`nothing was pushed: this config would update ${list}, and it is ${ours === undefined ? 'no project (its config has no `project`)' : `the project "${ours}"`}; a second project on the same endpoint would replace the first one's tools`,
		'give this project its own mcpPath in hermes.config.ts (its workflows are then named after it, beside the other), or pass --take-over to replace that deployment with this one on purpose',
	);
}

/** Published and running the current version (an n8n that lists no activeVersionId runs the saved one). */
export function isPublished(live: Pick<LiveWorkflow, 'active' | 'versionId' | 'activeVersionId'>): boolean {
	return live.active && (live.activeVersionId === undefined || live.activeVersionId === live.versionId);
}

async function publish(client: N8nApi, id: string, name: string): Promise<void> {
	try {
		await client.activateWorkflow(id);
	} catch (error) {
		if (error instanceof N8nApiError && error.status === 400 && /unrecognized node type/i.test(error.message)) {
			throw new N8nApiError(
				`"${name}" (id ${id}) was saved but n8n cannot publish it: ${error.message}`,
				error.status,
				error.method,
				error.url,
				'install the n8n-nodes-hermes community package in this n8n (Settings > Community nodes) and restart n8n, or set nodeTypePrefix in the config to how the nodes are loaded (CUSTOM for a custom folder)',
			);
		}
		throw error;
	}
}

function describeDifferences(differences: Difference[]): string {
	const shown = differences.slice(0, 3).map((d) => d.message);
	if (differences.length > 3) shown.push(`${differences.length - 3} more`);
	return shown.join('; ');
}

/** The body to send for one workflow, with ids of called workflows and credentials wired in. */
function wire(body: Workflow, ids: ReadonlyMap<string, string>, resolution: Resolution): Workflow {
	const wired = wireWorkflowIds(body, ids);
	return resolution.credentialsUnchecked ? credentialsForServerLookup(wired) : wireCredentials(wired, resolution.credentials);
}

/** A push that stopped after saving (nothing was published for that workflow). */
export class PushError extends HermesError {
	constructor(message: string, hint: string) {
		super(message, hint, 'n8n');
	}
}

/** An n8n that drops callerIds would be asked again on every push: say so once, do not retry. */
function noteCallersDropped(saved: LiveWorkflow, sent: Workflow, log: (line: string) => void): void {
	if (!admitsListedCallersOnly(sent)) return;
	const kept = canonicalCallerIds(saved.settings?.callerIds);
	if (kept === canonicalCallerIds(sent.settings.callerIds)) return;
	log(`  note: n8n did not keep callerIds of "${sent.name}" (sent "${String(sent.settings.callerIds)}", holds "${kept}"): its callers may be refused; check the workflow's settings in n8n`);
}

/**
 * Callers outside this push: the ones kept in callerIds are named, and a sub-workflow they call
 * that this push changes is another config's too (same name, other content): say who it changes.
 */
function noteOutsideCallers(outcome: PushOutcome, outside: readonly OutsideCaller[], kept: readonly OutsideCaller[], log: (line: string) => void): void {
	if (kept.length > 0) {
		outcome.keptCallers = [...kept];
		log(`  kept in callerIds, callers outside this push that still call it: ${describeCallers(kept)}`);
	}
	if (outside.length > 0 && contentDiffers(outcome.differences)) {
		log(
			`  note: "${outcome.name}" is also called by ${describeCallers(outside)} outside this push, and this config generates it differently: two configs share the name, the change applies to their tools too; ${SHARED_NAME_FIX}`,
		);
	}
}

/**
 * Create the workflow (no `id`) or save it as a draft, check it, then publish it: never put a
 * broken version live. The id n8n holds it under.
 */
async function saveAndPublish(client: N8nApi, body: Workflow, log: (line: string) => void, id?: string): Promise<string> {
	const saved = id === undefined ? await client.createWorkflow(body) : await client.updateWorkflow(id, body, { publish: false });
	const savedId = id ?? saved.id;
	checkSaved(saved, body.name);
	noteCallersDropped(saved, body, log);
	await publish(client, savedId, body.name);
	return savedId;
}

/** n8n leaves a credential it could not resolve by name with `id: null`: never publish that. */
function checkSaved(saved: LiveWorkflow, name: string): void {
	const missing = unresolvedCredentials(workflowBody(saved).body);
	if (missing.length === 0) return;
	const list = missing.map((m) => `"${m.name}" of type ${credentialTypeText(m.type)} (node "${m.node}")`).join(', ');
	throw new PushError(
		`"${name}" (id ${saved.id}) was saved but not published (a published version, if any, stays live): n8n found no credential ${list}`,
		'create the credentials in n8n under these names (Credentials > Add credential), then push again',
	);
}

export async function pushWorkflows(
	client: N8nApi,
	desired: readonly DesiredWorkflow[],
	options: PushOptions = {},
): Promise<PushReport> {
	const log = options.log ?? (() => undefined);
	const would = options.dryRun ? 'would ' : '';
	const ordered = dependencyOrder(desired);
	const resolution = await resolveDependencies(client, ordered, { credentialsOptional: true });
	if (resolution.problems.length > 0) throw new UnresolvedError(resolution.problems);
	if (resolution.credentialsUnchecked) {
		log('note: this API key may not list credentials (credential:list, owner and admin keys only): n8n resolves them by name when saving, and push checks each saved workflow before publishing it');
	}
	const taken = await pathsTakenByOthers(client, ordered.map((item) => item.body));
	if (taken.length > 0) {
		throw new PushError(
			`nothing was pushed: ${taken.map((t) => `${t.path} (of "${t.workflow}") is served by "${t.owner.name}" (id ${t.owner.id})`).join('; ')}, which this config does not generate, and n8n serves one published workflow per path`,
			'give this config another mcpPath (what it generates is then named after it), or remove the other deployment first (`hermes-workflows remove --config <its config>`)',
		);
	}
	// Every live counterpart first: a sub-workflow's callerIds name callers pushed after it, and a
	// tool workflow another project made is refused before anything is written.
	const lives = await findWorkflowsByName(client, ordered.map((item) => item.body.name));
	const ours = ordered.map((item) => projectOf(item.body)).find((p) => p !== undefined);
	checkProjects(madeByOthers(ordered, lives), ours, options.takeOver === true, log);
	const dataTables = await ensureDataTables(client, options.dataTables ?? [], { dryRun: options.dryRun, log });

	const ids = new Map(resolution.externalIds);
	for (const [name, live] of lives) if (live) ids.set(name, live.id);
	const callers = callersByName(ordered);
	const outside = await liveOutsideCallers(client, [...lives.values()], new Set(lives.keys()));
	const outsideOf = (name: string) => outside.get(lives.get(name)?.id ?? '') ?? [];
	const keptOf = (name: string) => outsideOf(name).filter((caller) => caller.listed);
	const bodyFor = (item: DesiredWorkflow) =>
		wireCallerIds(wire(item.body, ids, resolution), callers.get(item.body.name) ?? [], ids, keptOf(item.body.name).map((c) => c.id));

	const outcomes: PushOutcome[] = [];
	const sent = new Map<string, Workflow>();
	for (const item of ordered) {
		const name = item.body.name;
		const body = bodyFor(item);
		sent.set(name, body);
		const live = lives.get(name);
		const liveBody = live ? workflowBody(live).body : undefined;
		const toolChanges = live ? toolSchemaChanges(toolSchemaOf(runningVersion(live)), toolSchemaOf(body)) : [];
		let outcome: PushOutcome;
		if (!live) {
			const id = options.dryRun ? undefined : await saveAndPublish(client, body, log);
			outcome = { name, id, action: 'created', differences: [], toolChanges };
			log(`${would}create  ${name} (${body.nodes.length} nodes)${id ? ` -> id ${id}, published` : ''}`);
		} else {
			const differences = compareResolved(resolution, body, liveBody!);
			if (differences.length > 0) {
				if (!options.dryRun) await saveAndPublish(client, body, log, live.id);
				outcome = { name, id: live.id, action: 'updated', differences, toolChanges };
				log(`${would}update  ${name} (id ${live.id}): ${describeDifferences(differences)}${options.dryRun ? '' : '; published'}`);
			} else if (!isPublished(live)) {
				if (!options.dryRun) await publish(client, live.id, name);
				outcome = { name, id: live.id, action: 'published', differences, toolChanges };
				log(`${would}publish ${name} (id ${live.id}): content up to date, ${live.active ? 'published version is older' : 'was not published'}`);
			} else {
				outcome = { name, id: live.id, action: 'unchanged', differences, toolChanges };
				log(`unchanged ${name} (id ${live.id})`);
			}
		}
		// A dry run has no id for a workflow it would create; its callers show a placeholder.
		ids.set(name, outcome.id ?? `<id of new workflow "${name}">`);
		for (const change of toolChanges) log(`  ${change}`);
		noteOutsideCallers(outcome, outsideOf(name), keptOf(name), log);
		outcomes.push(outcome);
	}

	// Second pass: callers created in this push now have ids; a sub-workflow pushed before them gets
	// its full callerIds. Once only, so an n8n that drops callerIds cannot make push go round.
	let callersWired = 0;
	for (const item of ordered) {
		const name = item.body.name;
		const body = bodyFor(item);
		if (!admitsListedCallersOnly(body) || canonicalCallerIds(body.settings.callerIds) === canonicalCallerIds(sent.get(name)!.settings.callerIds)) continue;
		const outcome = outcomes.find((o) => o.name === name)!;
		if (!options.dryRun) await saveAndPublish(client, body, log, outcome.id!);
		outcome.callerIds = String(body.settings.callerIds);
		if (outcome.action === 'unchanged' || outcome.action === 'published') {
			outcome.action = 'updated';
			outcome.differences = [...outcome.differences, { kind: 'settings', message: CALLER_IDS_DIFFER }];
		}
		callersWired++;
		log(`${would}update  ${name} (id ${outcome.id ?? '<new>'}): callers ${outcome.callerIds}${options.dryRun ? '' : '; published'}`);
	}

	const count = (action: PushAction) => outcomes.filter((o) => o.action === action).length;
	const changed = outcomes.some((o) => o.action !== 'unchanged') || dataTables.some((t) => t.action !== 'unchanged');
	const toolSchemaChanged = outcomes.some((o) => o.toolChanges.length > 0);
	if (!changed) log(`no change: ${outcomes.length} workflows already up to date and published`);
	else {
		log(
			`${options.dryRun ? 'dry run, nothing written: would have ' : ''}${count('created')} created, ${count('updated')} updated, ${count('created') + count('updated') + count('published')} published, ${count('unchanged')} unchanged${callersWired > 0 ? `, callers wired into ${callersWired} after their callers were created` : ''}`,
		);
	}
	if (toolSchemaChanged) log(reloadNotice(outcomes.filter((o) => o.toolChanges.length > 0).map((o) => o.name), options.endpoints ?? []));
	return { outcomes, dataTables, changed, toolSchemaChanged };
}
