/**
 * The create store: one n8n Data Table, made by push, read and written only by the create-once
 * sub-workflows. A row is one create that started: its tool, the hash of its arguments, and once
 * it succeeded its answer. Its status moves running -> done (by the execution that inserted it);
 * a create that failed deletes its row, so the same call sent again creates. A row starts as a
 * claim (dataTables/claim.ts): of identical calls racing, one decides it running.
 */
import type { ColumnSpec } from '../dataTables/dataTableNode';
import { CLAIM_WAIT_MAX_MS } from '../dataTables/claim';

export const CREATE_COLUMNS = [
	/** The create-once workflow's name: unique per endpoint, so two deployments never answer each other's calls. */
	{ name: 'tool', type: 'string' },
	/** sha256 of the tool and its arguments as sent. */
	{ name: 'args_hash', type: 'string' },
	{ name: 'status', type: 'string' },
	/** The execution that runs the create (only it records the answer or deletes the row). */
	{ name: 'holder', type: 'string' },
	/** Epoch milliseconds. */
	{ name: 'started_at', type: 'number' },
	/** The create's answer as JSON, once it succeeded. */
	{ name: 'answer_json', type: 'string' },
] as const satisfies ColumnSpec;

export type CreateColumn = (typeof CREATE_COLUMNS)[number]['name'];

/**
 * A create still `running` this long after it started, when nothing bounds how long it may take
 * (the content hand-off waits for the user's pipeline), is taken as stopped (a worker killed mid
 * call): far above the 60 s an MCP client waits for an answer. Its outcome is unknown, so an
 * identical call is told to read before creating again.
 */
export const UNFINISHED_AFTER_MS = 300_000;

/**
 * n8n's own work between a row's start and its create's end, beside the claim's waits: the store's
 * reads and writes, the claim's, a sub-workflow starting, a queue handing the run on.
 */
export const UNFINISHED_MARGIN_MS = 30_000;

/**
 * When a create still `running` is taken as stopped: past the tool's own time cap (its contract's
 * operationSeconds, its plan's seconds), the claim's waits and n8n's own
 * work, its run can no longer answer. An identical call is then told the outcome is unknown (read
 * first), not "send again in a few seconds" for minutes after a killed worker. A tool nothing
 * bounds keeps UNFINISHED_AFTER_MS.
 */
export function unfinishedAfterMs(seconds: number | undefined): number {
	// Every operation the tool can run goes through its create-once workflow, not only the creating ones.
	return seconds === undefined ? UNFINISHED_AFTER_MS : seconds * 1000 + CLAIM_WAIT_MAX_MS + UNFINISHED_MARGIN_MS;
}
