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
import type { ColumnSpec } from '../dataTables/dataTableNode';


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
] as const satisfies ColumnSpec;

export type ApprovalColumn = (typeof APPROVAL_COLUMNS)[number]['name'];

/** A deployment's rows (config/deployment.ts): the first condition of every read and write of a gate and of the page. */
export const ofDeployment = (deployment: string) => ({ column: 'deployment', condition: 'eq', value: deployment }) as const;
