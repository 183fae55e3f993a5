/**
 * The ledger as text for people, one JSON document, JSON lines or CSV for programs. In JSON lines
 * and CSV stdout holds only the calls; what may be missing goes to stderr.
 */
import { stringify } from 'csv-stringify/sync';

import type { LedgerCall } from './call';
import type { Ledger } from './read';

export const LEDGER_FORMATS = ['text', 'json', 'jsonl', 'csv'] as const;
export type LedgerFormat = (typeof LEDGER_FORMATS)[number];

const outcomeText = (call: LedgerCall): string => {
	const { outcome } = call;
	if (outcome.class === 'success') return 'success';
	const marker = outcome.marker ? ` ${outcome.marker}${outcome.state ? ` ${outcome.state}` : ''}` : '';
	return `${outcome.class}${marker}${outcome.retry ? ` (retry ${outcome.retry})` : ''}`;
};

const executionsText = (call: LedgerCall) => `${call.executions.tool}${call.executions.gateway ? `>${call.executions.gateway}` : ''}`;

const CSV_COLUMNS = ['time', 'endpoint', 'tool', 'outcome', 'marker', 'retry', 'latency_ms', 'tool_execution', 'gateway_execution', 'effects', 'arguments', 'detail'] as const;

function csvRow(call: LedgerCall): Record<(typeof CSV_COLUMNS)[number], string> {
	return {
		time: call.time,
		endpoint: call.endpoint,
		tool: call.tool,
		outcome: call.outcome.class,
		marker: call.outcome.marker ?? '',
		retry: call.outcome.retry ?? '',
		latency_ms: call.latencyMs === undefined ? '' : String(call.latencyMs),
		tool_execution: call.executions.tool,
		gateway_execution: call.executions.gateway ?? '',
		effects: call.effects.map((e) => e.text).join('; '),
		arguments: call.arguments === undefined ? '' : JSON.stringify(call.arguments),
		detail: call.outcome.detail ?? '',
	};
}

/** What may be missing, one line each (stderr in jsonl and csv, the end of the text). */
export function gapLines(ledger: Ledger): string[] {
	return [
		...ledger.gaps.map((gap) => `not shown: ${gap.endpoint}: ${gap.reason}; ${gap.hint}`),
		...ledger.notices.map((notice) => `note: ${notice}`),
		...(ledger.unfinished > 0 ? [`not shown: ${ledger.unfinished} executions still running or waiting`] : []),
		...(ledger.truncated ? [`truncated: only the newest ${ledger.calls.length} calls are shown; narrow with --since, --tool, --outcome or raise --limit`] : []),
	];
}

/** The ledger in `format`: `out` for stdout, `notes` for stderr. */
export function formatLedger(ledger: Ledger, format: LedgerFormat): { out: string; notes: string[] } {
	if (format === 'json') return { out: `${JSON.stringify({ ok: true, ...ledger }, null, 2)}\n`, notes: [] };
	if (format === 'jsonl') return { out: ledger.calls.map((call) => `${JSON.stringify(call)}\n`).join(''), notes: gapLines(ledger) };
	if (format === 'csv') return { out: stringify(ledger.calls.map(csvRow), { header: true, columns: [...CSV_COLUMNS] }), notes: gapLines(ledger) };
	const lines = ledger.calls.map((call) =>
		[
			call.time,
			call.endpoint,
			call.tool,
			outcomeText(call),
			call.latencyMs === undefined ? '-' : `${call.latencyMs} ms`,
			`exec ${executionsText(call)}`,
			...call.effects.map((e) => e.text),
			call.arguments === undefined ? '(arguments not kept by this n8n)' : JSON.stringify(call.arguments),
		].join('  '),
	);
	const counts = new Map<string, number>();
	for (const call of ledger.calls) counts.set(call.outcome.class, (counts.get(call.outcome.class) ?? 0) + 1);
	const summary = `${ledger.calls.length} calls (${[...counts].map(([k, v]) => `${v} ${k}`).join(', ') || 'none'}) from ${ledger.scanned} executions`;
	return { out: [...lines, summary, ...gapLines(ledger)].map((line) => `${line}\n`).join(''), notes: [] };
}
