/**
 * The ledger read from n8n's execution store through the public API: each endpoint workflow's
 * executions, newest first, page by page, until the window or the cap is reached. Nothing is
 * written, per call or otherwise. Where the store cannot show a call, a gap says why.
 */
import type { EndpointSpec } from '../agentConfig/endpoints';
import { findWorkflowsByName } from '../n8nClient/exactName';
import type { LiveExecution, N8nApi } from '../n8nClient/client';
import type { ToolPlan } from '../plan';
import { callOf, FINISHED, ledgerEndpoint, PAGE_SIZE, type LedgerCall } from './call';
import type { OutcomeClass } from './outcome';
import type { RedactRules } from './redact';

export interface LedgerQuery {
	/** Calls started at or after it. */
	since?: Date;
	tools?: readonly string[];
	outcomes?: readonly OutcomeClass[];
	endpoints?: readonly string[];
	/** At most this many calls (the newest); `truncated` says when more matched. */
	limit: number;
	/** Executions per API page (each carries its run data). */
	pageSize?: number;
	/** Progress: one line per page read. */
	progress?: (line: string) => void;
}

/** Why some calls may be missing, with what would show them. */
export interface LedgerGap {
	endpoint: string;
	reason: string;
	hint: string;
}

export interface Ledger {
	/** Oldest first. */
	calls: LedgerCall[];
	truncated: boolean;
	/** Executions read. */
	scanned: number;
	/** Executions still running or waiting: their calls are not counted yet. */
	unfinished: number;
	gaps: LedgerGap[];
	/** What the calls shown lack, by the config's choice (not a missing call). */
	notices: string[];
}

export async function readLedger(
	client: N8nApi,
	endpoints: readonly EndpointSpec[],
	plans: readonly ToolPlan[],
	redact: RedactRules,
	query: LedgerQuery,
): Promise<Ledger> {
	const chosen = endpoints.filter((e) => !query.endpoints?.length || query.endpoints.includes(e.server));
	const lives = await findWorkflowsByName(client, chosen.map((e) => e.workflow));
	const ledger: Ledger = { calls: [], truncated: false, scanned: 0, unfinished: 0, gaps: [], notices: [] };
	const since = query.since?.getTime() ?? -Infinity;
	const matches = (call: LedgerCall) => (!query.tools?.length || query.tools.includes(call.tool)) && (!query.outcomes?.length || query.outcomes.includes(call.outcome.class));
	for (const spec of chosen) {
		const live = lives.get(spec.workflow);
		if (!live) {
			ledger.gaps.push({ endpoint: spec.server, reason: `workflow "${spec.workflow}" is not in n8n`, hint: 'run `hermes-workflows push`, or check --config names the deployment you mean' });
			continue;
		}
		if (live.settings?.saveDataSuccessExecution === 'none') {
			ledger.gaps.push({
				endpoint: spec.server,
				reason: `workflow "${spec.workflow}" keeps no data of successful executions (its setting saveDataSuccessExecution: none), and n8n records refused calls as successes too`,
				hint: 'set "Save successful production executions" to save in the workflow\'s settings (see docs/operating.md for the cost)',
			});
		}
		const endpoint = ledgerEndpoint(spec, plans);
		let withoutCall = 0;
		let kept = 0;
		let cursor: string | undefined;
		let page = 0;
		pages: do {
			const { executions, nextCursor } = await client.executionPage(live.id, { limit: query.pageSize ?? PAGE_SIZE, includeData: true, cursor });
			page++;
			query.progress?.(`${spec.server}: page ${page}, ${executions.length} executions`);
			for (const execution of executions) {
				if (Date.parse(execution.startedAt ?? '') < since) break pages;
				ledger.scanned++;
				if (!FINISHED.has(execution.status ?? '')) {
					ledger.unfinished++;
					continue;
				}
				const call = callOf(execution as LiveExecution, endpoint, redact);
				if (!call) withoutCall++;
				else if (matches(call)) {
					if (kept >= query.limit) {
						ledger.truncated = true;
						break pages;
					}
					kept++;
					ledger.calls.push(call);
				}
			}
			cursor = nextCursor;
		} while (cursor);
		if (withoutCall > 0) {
			ledger.gaps.push({
				endpoint: spec.server,
				reason: `${withoutCall} executions hold no tool call: n8n saved no run data for them (EXECUTIONS_DATA_SAVE_ON_SUCCESS=none, or the data was pruned)`,
				hint: 'let n8n save successful executions of this workflow; see docs/operating.md for the settings and their cost',
			});
		}
	}
	// Newest first as read, across endpoints: keep the newest `limit`, then show them oldest first.
	ledger.calls.sort((a, b) => b.time.localeCompare(a.time));
	if (ledger.calls.length > query.limit) {
		ledger.calls.length = query.limit;
		ledger.truncated = true;
	}
	ledger.calls.reverse();
	return ledger;
}
