/**
 * What a tool call came to, read from its answer alone, in four classes that say who has to act:
 * - `success`: the tool did what was asked;
 * - `refused`: a marker the agent can act on (`change_arguments`, `after_read`): its mistake,
 *   counted and never paged;
 * - `approval`: the approval protocol (required, denied, invalid): a person's part;
 * - `failed`: the tool cannot serve (`later`, `never_here`), n8n's own error, or a failure
 *   without a marker: the operator's part.
 * An item is a success only where it says `success: true`, or, without a `success` field, holds no
 * `error` (records, as n8n's own nodes answer). n8n's own failure around a tool (a sub-workflow that is not
 * published or not there, a node that threw inside it) reaches the tool node as `{ error: text }`
 * without `success`: that is failed, with n8n's words kept.
 * Doctor's judgement of an answer and the ledger's outcome column are this one function.
 */
import { APPROVAL_MARKERS, type Retry } from '../contracts';

export const OUTCOME_CLASSES = ['success', 'refused', 'approval', 'failed'] as const;
export type OutcomeClass = (typeof OUTCOME_CLASSES)[number];

export interface CallOutcome {
	class: OutcomeClass;
	/** The marker the answer carried (`__BAD_PATH__`), or `n8n_error` for n8n's own. */
	marker?: string;
	retry?: string;
	/** `__UNAVAILABLE__`'s state. */
	state?: string;
	/** The hint, or n8n's error message, capped. */
	detail?: string;
}

const MARKER = /^__[A-Z_]+__$/;
/** The retry values that leave the agent something to do itself. */
const AGENT_RETRY: ReadonlySet<string> = new Set<Retry>(['change_arguments', 'after_read']);
const APPROVAL: ReadonlySet<string> = new Set(APPROVAL_MARKERS);
export const DETAIL_CHARS = 200;
/** The marker the ledger gives a call n8n's schema check refused before the tool ran (schemaRefusal.ts). */
export const SCHEMA_REFUSAL = 'n8n_schema';

const cut = (value: unknown): string | undefined => {
	if (value === undefined) return undefined;
	const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
	return text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}...` : text;
};

/**
 * The answer as the tool gave it: a sub-workflow's answer reaches the agent as a list of items,
 * or wrapped as `{ response }` (n8n's own Odoo node's whole answer is that wrapper).
 */
export function answerItem(answer: unknown): unknown {
	let item: unknown = Array.isArray(answer) ? answer[0] : answer;
	if (typeof item === 'object' && item !== null && 'response' in item && Object.keys(item).length === 1) item = (item as { response: unknown }).response;
	return Array.isArray(item) ? item[0] : item;
}

/** The outcome of an answer; `n8nError` is the message n8n gave instead of one (the node threw, or the MCP result is `isError`). */
export function outcomeOf(answer: unknown, n8nError?: string): CallOutcome {
	if (n8nError !== undefined) return { class: 'failed', marker: 'n8n_error', detail: cut(n8nError) };
	if (answer === undefined) return { class: 'failed', detail: 'no answer' };
	const item = answerItem(answer);
	const { success, error, retry, state, hint } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
	if (success === true || (success === undefined && error === undefined)) return { class: 'success' };
	if (success === undefined) return { class: 'failed', marker: 'n8n_error', detail: cut(error) };
	if (!(success === false && typeof error === 'string' && MARKER.test(error))) return { class: 'failed', detail: `failed without a marker: ${cut(answer)}` };
	const known = {
		marker: error,
		...(typeof retry === 'string' ? { retry } : {}),
		...(typeof state === 'string' ? { state } : {}),
		...(hint !== undefined ? { detail: cut(hint) } : {}),
	};
	if (APPROVAL.has(error)) return { class: 'approval', ...known };
	return { class: typeof retry === 'string' && AGENT_RETRY.has(retry) ? 'refused' : 'failed', ...known };
}
