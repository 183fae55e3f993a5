/**
 * The create store: one n8n Data Table, made by push, read and written only by the create-once
 * sub-workflows. A row is one create that started: its tool, the hash of its arguments, and once
 * it succeeded its answer. Its status moves running -> done (by the execution that inserted it);
 * a create that failed deletes its row, so the same call sent again creates. The lock table beside
 * it has one row per create tool (the approvals' LOCK_COLUMNS), held while a call looks for an
 * identical create and inserts its own.
 */
import type { ColumnSpec } from '../approvals/dataTableNode';
import { LOCK_TRIES, lockWaitSeconds } from '../approvals/store';

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
 * n8n's own work between a row's start and its create's end, beside the lock's waits: the store's
 * reads and writes, the lock's, a sub-workflow starting, a queue handing the run on.
 */
export const UNFINISHED_MARGIN_MS = 30_000;

/**
 * The longest a call waits for the lock before it inserts its row, which is stamped with the
 * call's own start: every wait of tableLock.ts at its random part's most (twice its base).
 */
export const LOCK_WAIT_MAX_MS = Math.ceil(Array.from({ length: LOCK_TRIES - 1 }, (_, runIndex) => 2 * lockWaitSeconds(runIndex)).reduce((sum, s) => sum + s, 0) * 1000);

/**
 * When a create still `running` is taken as stopped: past the tool's own time cap (its contract's
 * operationSeconds, its plan's seconds), the lock's waits and n8n's own
 * work, its run can no longer answer. An identical call is then told the outcome is unknown (read
 * first), not "send again in a few seconds" for minutes after a killed worker. A tool nothing
 * bounds keeps UNFINISHED_AFTER_MS.
 */
export function unfinishedAfterMs(seconds: number | undefined): number {
	// Every operation the tool can run goes through its create-once workflow, not only the creating ones.
	return seconds === undefined ? UNFINISHED_AFTER_MS : seconds * 1000 + LOCK_WAIT_MAX_MS + UNFINISHED_MARGIN_MS;
}
