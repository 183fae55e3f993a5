/**
 * The ledger read incrementally, for the exporter: each poll reads only the executions newer than
 * what it has counted, newest first, and stops at the first one it has seen. Per workflow it keeps
 * a floor (every execution at or below it is counted or was there before the exporter started)
 * and the ids above it it has counted: an execution still running is counted when it finishes,
 * once. Memory is bounded by the executions in flight, not by the history.
 */
import type { EndpointSpec } from '../agentConfig/endpoints';
import type { LiveExecution, N8nApi } from '../n8nClient/client';
import { findWorkflowsByName } from '../n8nClient/exactName';
import type { ToolPlan } from '../plan';
import { callOf, FINISHED, ledgerEndpoint, PAGE_SIZE, type LedgerCall } from './call';
import type { RedactRules } from './redact';

interface Mark {
	floor: number;
	counted: Set<number>;
}

export interface PollResult {
	calls: LedgerCall[];
	/** Finished executions that held no call, per endpoint (no run data saved). */
	withoutCall: Map<string, number>;
	/** Endpoints whose workflow is not in n8n. */
	missing: string[];
	/** API pages read. */
	pages: number;
}

export class LedgerFollower {
	private marks = new Map<string, Mark>();
	private polled = false;

	constructor(
		private readonly client: N8nApi,
		private readonly endpoints: readonly EndpointSpec[],
		private readonly plans: readonly ToolPlan[],
		private readonly redact: RedactRules,
	) {}

	/** Ids held above the floors: what the exporter keeps besides its metrics. */
	get held(): number {
		let count = 0;
		for (const mark of this.marks.values()) count += mark.counted.size;
		return count;
	}

	/**
	 * The calls finished since the last poll. The first poll only sets the floors: history before
	 * the start is not counted. A workflow that appears later (a push re-created it) is counted from
	 * its first execution.
	 */
	async poll(): Promise<PollResult> {
		const first = !this.polled;
		// Work on a copy: a read that fails halfway counts nothing, and the next one reads it all again.
		const marks = new Map([...this.marks].map(([id, mark]) => [id, { floor: mark.floor, counted: new Set(mark.counted) }]));
		const result: PollResult = { calls: [], withoutCall: new Map(), missing: [], pages: 0 };
		const lives = await findWorkflowsByName(this.client, this.endpoints.map((e) => e.workflow));
		for (const spec of this.endpoints) {
			const live = lives.get(spec.workflow);
			if (!live) {
				result.missing.push(spec.server);
				continue;
			}
			const endpoint = ledgerEndpoint(spec, this.plans);
			let mark = marks.get(live.id);
			if (!mark) {
				const newest = first ? (await this.client.executionPage(live.id, { limit: 1 })).executions[0] : undefined;
				if (first) result.pages++;
				marks.set(live.id, { floor: newest ? Number(newest.id) : 0, counted: new Set() });
				if (first) continue;
				mark = marks.get(live.id) as Mark;
			} else {
				// Nothing new: one execution without its data says so, instead of a page with all of theirs.
				const newest = (await this.client.executionPage(live.id, { limit: 1 })).executions[0];
				result.pages++;
				if (Number(newest?.id ?? 0) === mark.floor) continue;
			}
			let lowestUnfinished = Infinity;
			let highest = mark.floor;
			let cursor: string | undefined;
			pages: do {
				const page = await this.client.executionPage(live.id, { limit: PAGE_SIZE, includeData: true, cursor });
				result.pages++;
				const newest = Number(page.executions[0]?.id);
				// Ids below the floor at the top: n8n's execution store was emptied or replaced. Count from there.
				if (cursor === undefined && newest < mark.floor) {
					mark.floor = 0;
					mark.counted.clear();
					highest = 0;
				}
				for (const execution of page.executions) {
					const id = Number(execution.id);
					if (!(id > mark.floor)) break pages;
					highest = Math.max(highest, id);
					if (mark.counted.has(id)) continue;
					if (!FINISHED.has(execution.status ?? '')) {
						lowestUnfinished = Math.min(lowestUnfinished, id);
						continue;
					}
					mark.counted.add(id);
					const call = callOf(execution as LiveExecution, endpoint, this.redact);
					if (call) result.calls.push(call);
					else result.withoutCall.set(spec.server, (result.withoutCall.get(spec.server) ?? 0) + 1);
				}
				cursor = page.nextCursor;
			} while (cursor);
			// Everything below the oldest unfinished execution is counted: raise the floor to it and forget those ids.
			mark.floor = Math.min(highest, lowestUnfinished - 1);
			for (const id of mark.counted) if (id <= mark.floor) mark.counted.delete(id);
		}
		this.marks = marks;
		this.polled = true;
		result.calls.sort((a, b) => a.time.localeCompare(b.time));
		return result;
	}
}
