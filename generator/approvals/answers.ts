/**
 * What a gated tool answers when it does not act: the marker, its retry policy and a hint per
 * reason. The gate workflow computes the reason from the stored request; these tables turn it
 * into the answer, so the wording lives here once.
 */
import type { ApprovalMarker } from '../contracts';

import { APPROVAL_ID_PARAM } from './gatedTools';

/** Why a second call did not act. */
export const REFUSAL_REASONS = ['unknown', 'other_call', 'denied', 'used', 'expired', 'pending'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const REFUSAL_MARKER: Readonly<Record<RefusalReason, ApprovalMarker>> = {
	unknown: '__APPROVAL_INVALID__',
	other_call: '__APPROVAL_INVALID__',
	denied: '__APPROVAL_DENIED__',
	used: '__APPROVAL_INVALID__',
	expired: '__APPROVAL_INVALID__',
	// Not decided yet: the same request still stands.
	pending: '__APPROVAL_REQUIRED__',
};

const NEW_REQUEST = `Nothing was executed. To ask again, call without ${APPROVAL_ID_PARAM}.`;

export const REFUSAL_HINTS: Readonly<Record<RefusalReason, string>> = {
	// Another deployment's approval, or one stored before requests carried their deployment, is none here.
	unknown: `No approval of this endpoint has this ${APPROVAL_ID_PARAM}. ${NEW_REQUEST}`,
	other_call: `This ${APPROVAL_ID_PARAM} was given for another tool or other arguments; an approval covers one exact call. ${NEW_REQUEST}`,
	denied: 'A person denied this call. Nothing was executed. Do not ask again unless the user wants it; tell them it was denied.',
	used: `This approval was already used: an approval runs its call once. ${NEW_REQUEST}`,
	expired: `This approval expired before it was used. ${NEW_REQUEST}`,
	pending: `No one has decided yet. Wait for the person, then call again with the same ${APPROVAL_ID_PARAM} and arguments.`,
};

/** The first call's hint: what happened and what to do next. */
export function requiredHint(channel: 'email' | 'telegram'): string {
	const where = channel === 'email' ? 'by email' : 'on Telegram';
	return (
		`Nothing was executed: a person must approve this exact call first. They were sent the request ${where}. ` +
		`Tell the user, and once it is approved call this tool again with ${APPROVAL_ID_PARAM} and the same arguments before expires_at.`
	);
}

/** An identical first call while its request is approved and not yet used. */
export const APPROVED_HINT = `A person already approved this exact call. Call again with this ${APPROVAL_ID_PARAM} and the same arguments before expires_at.`;

/** An identical first call after a denial within the window: nobody is asked again. Around the time of the denial. */
export const DENIED_AGAIN_HINT = [
	'A person denied this exact call at ',
	'. Nothing was executed and nobody was asked again. Do not ask again unless the user wants it; tell them it was denied.',
] as const;

export const NOT_SENT_HINT =
	'Nothing was executed: the approval request could not be sent to the approver. This is an infrastructure fault; retry later or tell the operator.';


/** Identical calls kept meeting this one, or one that stalled kept its claim, while it tried. */
export const CLAIM_BUSY_HINT =
	'Nothing was executed and nobody was asked: identical calls were being filed at the same moment and none was settled while this one waited. Retry later.';

/** A call whose normalised arguments are over the cap: nobody is asked. */
export function tooLargeHint(maxChars: number): string {
	return `Nothing was executed and nobody was asked: the arguments are over the ${maxChars} characters (as JSON) an approval request holds. Send shorter arguments.`;
}

/** Over the cap on new requests to one person, across all gated tools: nobody is notified. */
export function overPersonCapHint(requests: number, minutes: number): string {
	return `Nothing was executed and nobody was notified: the person who approves was already asked ${requests} times in the last ${minutes} minutes, over all tools, the most they may be. Retry later, or tell the user.`;
}

/** Over the cap on new requests: nobody is notified. */
export function overCapHint(requests: number, minutes: number): string {
	return `Nothing was executed and nobody was notified: this tool already asked a person ${requests} times in the last ${minutes} minutes, the most it may. Retry later, or tell the user.`;
}
