/**
 * Drift between the generated workflows and what n8n runs: missing workflows, changed or
 * extra nodes, DISABLED nodes (the misrouting hazard), connections, settings, unpublished
 * changes, and anything push would need but cannot find (credentials, called workflows).
 */
import { workflowBody } from '../n8nClient/body';
import type { LiveWorkflow, N8nApi } from '../n8nClient/client';
import { callersByName, wireCallerIds } from './callers';
import { dataTableDrift, type DesiredDataTable } from './dataTables';
import type { DesiredWorkflow } from './desired';
import { findWorkflowsByName } from '../n8nClient/exactName';
import type { Difference } from './normalise';
import { contentDiffers, describeCallers, liveOutsideCallers, SHARED_NAME_FIX, type OutsideCaller } from './outsideCallers';
import { isPublished } from './push';
import { compareResolved, resolveDependencies } from './resolve';
import { wireCredentials, wireWorkflowIds } from './wiring';

export interface DriftEntry {
	name: string;
	file: string;
	id?: string;
	/** Lines a person can act on; empty = in sync. */
	findings: string[];
	/** The live workflow, when there is one. */
	live?: LiveWorkflow;
	differences: Difference[];
	/** Live workflows outside this config that call it (another config's, or built in the editor). */
	outsideCallers: OutsideCaller[];
}

/** A sub-workflow this config generates, which differs from the live one that callers outside it use. */
export interface SharedConflict {
	name: string;
	id: string;
	callers: OutsideCaller[];
	message: string;
	fix: string;
}

export interface DriftReport {
	entries: DriftEntry[];
	/** Data tables missing or lacking columns (push creates or completes them). */
	dataTables: string[];
	/** Credentials or called workflows n8n lacks. */
	unresolved: string[];
	/** Sub-workflows two configs both generate, differently. */
	conflicts: SharedConflict[];
	/** The key may not list credentials: they were compared by name only. */
	credentialsUnchecked: boolean;
	inSync: boolean;
}

/** Each desired workflow's live counterpart by exact name (undefined when absent). */
export async function liveCounterparts(
	client: N8nApi,
	desired: readonly DesiredWorkflow[],
): Promise<Array<{ item: DesiredWorkflow; live?: LiveWorkflow }>> {
	const lives = await findWorkflowsByName(client, desired.map((item) => item.body.name));
	return desired.map((item) => ({ item, live: lives.get(item.body.name) }));
}

export async function detectDrift(
	client: N8nApi,
	desired: readonly DesiredWorkflow[],
	dataTables: readonly DesiredDataTable[] = [],
): Promise<DriftReport> {
	const resolution = await resolveDependencies(client, desired, { credentialsOptional: true });
	const tableFindings = await dataTableDrift(client, dataTables);
	const pairs = await liveCounterparts(client, desired);
	const ids = new Map(resolution.externalIds);
	for (const { item, live } of pairs) if (live) ids.set(item.body.name, live.id);
	const callers = callersByName(desired);
	const outside = await liveOutsideCallers(client, pairs.map((p) => p.live), new Set(pairs.map((p) => p.item.body.name)));
	const conflicts: SharedConflict[] = [];
	const entries: DriftEntry[] = pairs.map(({ item, live }) => {
		const name = item.body.name;
		if (!live) return { name, file: item.file, findings: [`"${name}" is not in n8n (push creates it)`], differences: [], outsideCallers: [] };
		const outsideCallers = outside.get(live.id) ?? [];
		// callerIds as push writes them: the ids of the live callers and the listed callers outside
		// this config (a hand-edited list is drift).
		const kept = outsideCallers.filter((c) => c.listed).map((c) => c.id);
		const wanted = wireCallerIds(wireCredentials(wireWorkflowIds(item.body, ids), resolution.credentials), callers.get(name) ?? [], ids, kept);
		const liveBody = workflowBody(live).body;
		const differences = compareResolved(resolution, wanted, liveBody);
		const findings = differences.map((d) => d.message);
		if (outsideCallers.length > 0 && contentDiffers(differences)) {
			const message = `"${name}" is also called by ${describeCallers(outsideCallers)} outside this config and differs from what this config generates: two configs share the name and generate it differently (the last push wins for both)`;
			conflicts.push({ name, id: live.id, callers: outsideCallers, message, fix: SHARED_NAME_FIX });
			findings.push(`${message}; ${SHARED_NAME_FIX}`);
		}
		if (!live.active) findings.push('not published (inactive): its tools do not run');
		else if (!isPublished(live)) findings.push('has unpublished changes: n8n runs an older published version');
		return { name, file: item.file, id: live.id, live, findings, differences, outsideCallers };
	});
	return {
		entries,
		dataTables: tableFindings,
		conflicts,
		credentialsUnchecked: resolution.credentialsUnchecked,
		unresolved: resolution.problems,
		inSync: resolution.problems.length === 0 && tableFindings.length === 0 && entries.every((e) => e.findings.length === 0),
	};
}
