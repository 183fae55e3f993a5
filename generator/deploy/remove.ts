/**
 * Remove: takes out of n8n what one config pushed, found by exact name, and nothing else. It
 * refuses, before changing anything, while a workflow outside the config still calls one of its
 * sub-workflows (another deployment would break). Callers go first, so no published tool ever
 * calls a workflow that is gone; each is unpublished before it is deleted, as n8n 2.x requires.
 * Data tables stay: they hold the approval history.
 */
import type { DataTableSpec } from '../dataTables/dataTableNode';
import { HermesError } from '../errors';
import type { LiveWorkflow, N8nApi } from '../n8nClient/client';
import { N8nApiError } from '../n8nClient/errors';
import { findWorkflowsByName } from '../n8nClient/exactName';
import { dependencyOrder, type DesiredWorkflow } from './desired';
import { describeCallers, liveOutsideCallers } from './outsideCallers';

export type RemoveAction = 'deleted' | 'unpublished' | 'not published' | 'not in n8n';

const VERB = { deleted: 'delete', unpublished: 'unpublish' } as const;

export interface RemoveOutcome {
	name: string;
	id?: string;
	action: RemoveAction;
}

export interface RemoveReport {
	outcomes: RemoveOutcome[];
	/** Data tables of the config, left in n8n. */
	keptDataTables: string[];
	changed: boolean;
}

export interface RemoveOptions {
	dryRun?: boolean;
	/** Unpublish instead of deleting: the workflows stay, their triggers stop. */
	unpublish?: boolean;
	log?: (line: string) => void;
	dataTables?: readonly Pick<DataTableSpec, 'name'>[];
	/** How long to wait for n8n to finish unpublishing before a delete; default 15 s. */
	unpublishWaitMs?: number;
}

/** How long remove waits for n8n to finish unpublishing a workflow before it may delete it. */
const UNPUBLISH_WAIT_MS = 15_000;
const STILL_UNPUBLISHING = /still being unpublished/i;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * n8n 2.41 unpublishes in the background: a delete right after answers 409 "Workflow is still
 * being unpublished. Please try again in a few moments." Asked again, with growing pauses, up to
 * `waitMs`; any other answer is final.
 */
async function deleteOnceUnpublished(client: N8nApi, id: string, waitMs: number): Promise<void> {
	const deadline = Date.now() + waitMs;
	for (let pause = 100; ; pause = Math.min(pause * 2, 2000)) {
		try {
			await client.deleteWorkflow(id);
			return;
		} catch (error) {
			if (!(error instanceof N8nApiError && error.status === 409 && STILL_UNPUBLISHING.test(error.message)) || Date.now() + pause > deadline) throw error;
			await sleep(pause);
		}
	}
}

export class RemoveRefused extends HermesError {
	constructor(message: string, hint: string) {
		super(message, hint, 'n8n');
	}
}

export async function removeDeployment(client: N8nApi, desired: readonly DesiredWorkflow[], options: RemoveOptions = {}): Promise<RemoveReport> {
	const log = options.log ?? (() => undefined);
	const would = options.dryRun ? 'would ' : '';
	// Callers first: the tool workflow, then the sub-workflows it calls.
	const ordered = dependencyOrder(desired).reverse();
	const lives = await findWorkflowsByName(client, ordered.map((item) => item.body.name));
	const outside = await liveOutsideCallers(client, [...lives.values()], new Set(lives.keys()));
	const blocked = [...lives.values()].filter((live): live is LiveWorkflow => live !== undefined && outside.has(live.id));
	if (blocked.length > 0) {
		throw new RemoveRefused(
			`nothing was removed: ${blocked.map((live) => `"${live.name}" (id ${live.id}) is still called by ${describeCallers(outside.get(live.id)!)}`).join('; ')}, outside this config`,
			'remove or change those callers first (another config: `hermes-workflows remove --config <its config>`), or give this config its own gatewayWorkflows names and push it before removing',
		);
	}
	const outcomes: RemoveOutcome[] = [];
	for (const [name, live] of lives) {
		let action: RemoveAction;
		if (!live) action = 'not in n8n';
		else if (options.unpublish && !live.active) action = 'not published';
		else {
			action = options.unpublish ? 'unpublished' : 'deleted';
			if (!options.dryRun) {
				// n8n 2.x deletes only an unpublished workflow (409 "Unpublish it before deleting").
				if (live.active) await client.deactivateWorkflow(live.id);
				if (!options.unpublish) await deleteOnceUnpublished(client, live.id, options.unpublishWaitMs ?? UNPUBLISH_WAIT_MS);
			}
		}
		outcomes.push({ name, ...(live ? { id: live.id } : {}), action });
		const where = live ? ` (id ${live.id})` : '';
		log(action === 'deleted' || action === 'unpublished' ? `${would}${VERB[action]}  ${name}${where}` : `skip  ${name}${where}: ${action}`);
	}
	const keptDataTables = (options.dataTables ?? []).map((table) => table.name);
	if (keptDataTables.length > 0) log(`kept data tables ${keptDataTables.map((t) => `"${t}"`).join(', ')}: they hold the approval requests and the answers of recent creates (delete them in n8n when no longer needed)`);
	return { outcomes, keptDataTables, changed: outcomes.some((o) => o.action === 'deleted' || o.action === 'unpublished') };
}
