/**
 * The approval store: one n8n Data Table, created by push, read and written only by the gate
 * sub-workflows and the approval page. A row is one requested call. Its status moves
 * pending -> approved | denied (the page, by one conditional update) and approved -> used (the
 * gate, by one conditional update), so each step happens at most once however many callers race.
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
] as const satisfies ReadonlyArray<{ name: string; type: ApprovalColumnType }>;

export type ApprovalColumn = (typeof APPROVAL_COLUMNS)[number]['name'];

export interface DataTableSpec {
	name: string;
	columns: ReadonlyArray<{ name: string; type: ApprovalColumnType }>;
}
