/**
 * The approval store: one n8n Data Table, created by push, read and written only by the gate
 * sub-workflows and the approval page. A row is one requested call. Its status moves
 * pending -> approved | denied (the page, by one conditional update) and approved -> used (the
 * gate, by one conditional update), so each step happens at most once however many callers race.
 *
 * Deployments on one n8n share the table unless their configs name it: each row carries the
 * deployment that asked (`deployment`), and every read of a gate and of the page matches it, so
 * one deployment's request is never answered, claimed, decided or counted by another.
 */

/** Column types n8n Data Tables accept. */
export type ApprovalColumnType = 'string' | 'number';

export const APPROVAL_COLUMNS = [
	{ name: 'approval_id', type: 'string' },
	{ name: 'tool', type: 'string' },
	/** sha256 of the tool name and its canonical arguments. */
	{ name: 'args_hash', type: 'string' },
	/** One line: what will be done. */
	{ name: 'summary', type: 'string' },
	/** The arguments as the tool normalised them, as JSON, shown on the page (n8n expressions may not read a field named `arguments`). */
	{ name: 'args_json', type: 'string' },
	/** sha256 of the page secret; the secret itself is stored nowhere. */
	{ name: 'secret_hash', type: 'string' },
	{ name: 'status', type: 'string' },
	/** Epoch milliseconds. */
	{ name: 'expires_at', type: 'number' },
	{ name: 'decided_at', type: 'number' },
	{ name: 'used_at', type: 'number' },
	/**
	 * With decided_at, the decision record the page's deciding POST writes: the X-Forwarded-For
	 * header as n8n received it (a workflow gets the request's headers, not its peer address; empty
	 * without a proxy in front) and the User-Agent header.
	 */
	{ name: 'decided_address', type: 'string' },
	{ name: 'decided_user_agent', type: 'string' },
	// Added later: push adds them to a table made before.
	/** The target as the gate read it when the request was made (the record's key fields, the stack's state), as JSON. */
	{ name: 'target_json', type: 'string' },
	/** When the request was made (the cap on new requests counts these). */
	{ name: 'requested_at', type: 'number' },
	/** Who was asked (notify.ts recipientOf): the cap per person counts the requests sent to them, whatever the tool. */
	{ name: 'recipient', type: 'string' },
	/** What the approved call answered once it ran: `succeeded`, or its marker (`n8n_error` when it answered none). */
	{ name: 'outcome', type: 'string' },
	/** What the call would change, as the tool's Check Only said (display.ts changesText), as JSON; dropped with the arguments. */
	{ name: 'changes_json', type: 'string' },
	/**
	 * The deployment whose gate stored the request (config/deployment.ts). Empty on a row stored
	 * before rows carried it: no gate or page matches such a row, so its id is refused and the
	 * call is asked about anew.
	 */
	{ name: 'deployment', type: 'string' },
] as const satisfies ReadonlyArray<{ name: string; type: ApprovalColumnType }>;

export type ApprovalColumn = (typeof APPROVAL_COLUMNS)[number]['name'];

/** A deployment's rows (config/deployment.ts): the first condition of every read and write of a gate and of the page. */
export const ofDeployment = (deployment: string) => ({ column: 'deployment', condition: 'eq', value: deployment }) as const;

/**
 * The lock table beside the store: one row per gated tool, made by push, keyed by the gate
 * workflow's name (which follows the endpoint, so each deployment has its own rows; the create
 * lock table is keyed by the create-once workflow's name alike). A first call files its
 * request only while it holds its tool's row, taken by one conditional update (held_until in the
 * past -> this execution's id and a lease). That serialises identical first calls where reading
 * the store alone cannot: PostgreSQL gives a row its id at insert, not at commit, so two racing
 * inserts may each see only their own row. A holder that dies frees the row when its lease ends.
 */
export const LOCK_COLUMNS = [
	/** The workflow that takes the row: a gate, or a create-once workflow (the column's name is older). */
	{ name: 'tool', type: 'string' },
	/** The execution holding the row ('' when free). */
	{ name: 'holder', type: 'string' },
	/** Epoch milliseconds the lease ends (0 when free). */
	{ name: 'held_until', type: 'number' },
] as const satisfies ReadonlyArray<{ name: string; type: ApprovalColumnType }>;

export type LockColumn = (typeof LOCK_COLUMNS)[number]['name'];

/** How long a holder may keep its tool's row: far above the few reads and one insert it makes. */
export const LOCK_LEASE_MS = 10_000;
/**
 * A caller that finds the row held waits, looks for a pending request again, and tries again.
 * Its first wait is LOCK_RETRY_SECONDS; each is LOCK_BACKOFF times the one before, up to
 * LOCK_MAX_WAIT_SECONDS, and a random part of up to as much again keeps waiters apart. Waiters
 * that keep polling fast take the database connections the holder needs to finish (n8n's
 * PostgreSQL pool is 2 per process by default), which is what let a lease end mid-request.
 */
export const LOCK_RETRY_SECONDS = 0.1;
export const LOCK_BACKOFF = 1.5;
export const LOCK_MAX_WAIT_SECONDS = 1;
/** Tries before `timeout`: the waits without their random part add up to over 1.5 leases, so a dead holder's lease ends while others still wait. */
export const LOCK_TRIES = 30;

/** The wait before try `runIndex` + 1, without its random part. */
export function lockWaitSeconds(runIndex: number): number {
	return Math.min(LOCK_RETRY_SECONDS * LOCK_BACKOFF ** runIndex, LOCK_MAX_WAIT_SECONDS);
}

export interface DataTableSpec {
	name: string;
	columns: ReadonlyArray<{ name: string; type: ApprovalColumnType }>;
	/**
	 * Rows push makes sure exist, one per value of `key`: a missing one is inserted with these
	 * values; an existing one is never changed.
	 */
	seed?: { key: string; rows: ReadonlyArray<Record<string, string | number>> };
}
