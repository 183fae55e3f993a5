/**
 * The create store: one n8n Data Table, made by push, read and written only by the create-once
 * sub-workflows. A row is one create that started: its tool, the hash of its arguments, and once
 * it succeeded its answer. Its status moves running -> done (by the execution that inserted it);
 * a create that failed deletes its row, so the same call sent again creates. The lock table beside
 * it has one row per create tool (the approvals' LOCK_COLUMNS), held while a call looks for an
 * identical create and inserts its own.
 */
import type { ColumnSpec } from '../approvals/dataTableNode';

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
 * A create still `running` this long after it started is taken as stopped (a worker killed mid
 * call): far above the 60 s an MCP client waits for an answer, and above any create's own time
 * cap. Its outcome is unknown, so an identical call is told to read before creating again.
 */
export const UNFINISHED_AFTER_MS = 300_000;
