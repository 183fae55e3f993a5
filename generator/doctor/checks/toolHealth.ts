/**
 * `tool-health`: the last day of calls from the ledger (n8n's execution store), per tool, and
 * their failures by class. A tool that answered `failed` warns, naming when and how, newest
 * first: doctor's verdict is about the deployment now, and a failure in the history stays there
 * after its fix (the other checks and HermesToolFailing say whether it is still broken). The
 * agent's own refusals are named, never a problem. Read-only: it calls no tool.
 */
import { readLedger } from '../../ledger/read';
import { planTools } from '../../plan';
import type { LedgerCall } from '../../ledger/call';
import { ok, warn, type DoctorCheck } from '../types';

const DAY_MS = 86_400_000;
/** Enough for a busy day; the message says when there were more. */
const LIMIT = 5000;

interface ToolTally {
	calls: number;
	refused: number;
	failed: LedgerCall[];
}

const describeFailure = (call: LedgerCall) => `${call.outcome.marker ?? 'no marker'}${call.outcome.state ? ` ${call.outcome.state}` : ''} at ${call.time}`;

export const toolHealthCheck: DoctorCheck = {
	id: 'tool-health',
	title: 'the last day of tool calls, from n8n\'s executions',
	needs: [],
	async run(context) {
		const now = Date.now();
		const ledger = await readLedger(context.client, context.endpoints, planTools(context.tools, context.config), { fields: context.config.ledger.redact }, { limit: LIMIT, since: new Date(now - DAY_MS) });
		const tally = new Map<string, ToolTally>();
		for (const call of ledger.calls) {
			const entry = tally.get(call.tool) ?? { calls: 0, refused: 0, failed: [] };
			entry.calls++;
			if (call.outcome.class === 'refused') entry.refused++;
			if (call.outcome.class === 'failed') entry.failed.push(call);
			tally.set(call.tool, entry);
		}
		const failing = [...tally].filter(([, t]) => t.failed.length > 0);
		const lines = failing.map(([tool, t]) => `${tool}: ${t.failed.length} of ${t.calls} failed, last ${describeFailure(t.failed[t.failed.length - 1])}`);
		const refusals = [...tally].filter(([, t]) => t.refused > 0).map(([tool, t]) => `${tool} ${t.refused}`);
		const summary = `${ledger.calls.length}${ledger.truncated ? '+' : ''} calls of ${tally.size} tools in the last 24 h${refusals.length > 0 ? `; refused (the agent's to fix): ${refusals.join(', ')}` : ''}`;
		const fix = 'read each failure with `hermes-workflows calls --outcome failed --since 1d`: its marker and hint name the host, credential or service to fix';
		if (failing.length > 0) return warn(`${lines.join('; ')} (${summary})`, fix);
		if (ledger.gaps.length > 0) return warn(`${summary}; not shown: ${ledger.gaps.map((g) => g.reason).join('; ')}`, ledger.gaps[0].hint);
		return ok(`${summary}; none failed`);
	},
};
