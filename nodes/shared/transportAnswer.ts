import { STATE_RETRY, unavailableAnswer, type ErrorAnswer, type Retry, type UnavailableState } from '../../core/markers';
import { TransportError, type TransportFaultKind } from './transport/types';

/** Which `__UNAVAILABLE__` state each transport fault is. */
const FAULT_STATE: Readonly<Record<TransportFaultKind, UnavailableState>> = {
	connect: 'unreachable',
	'handshake-timeout': 'timeout',
	'host-key': 'host_key_mismatch',
	auth: 'auth_failed',
	timeout: 'timeout',
	dropped: 'unreachable',
	config: 'misconfigured',
};

const NEXT_STEP: Readonly<Record<Retry, string>> = {
	later: 'This is an infrastructure fault; retry later or tell the operator.',
	never_here: 'Retrying cannot help; tell the operator.',
	after_read: 'Read the current state before retrying.',
	change_arguments: 'Change the arguments and retry.',
	after_approval: 'Call again with the approval_id once a person has approved.',
};

/** A fault after a one-shot command started: it may have run on the host, so it is not simply retried. */
export const lostMidCommand = (error: unknown): error is TransportError => error instanceof TransportError && (error.kind === 'dropped' || error.kind === 'timeout');

/**
 * The answer for a transport fault: `__UNAVAILABLE__` in the fault's state, the transport's own
 * message and what to do next. `next` and `retry` replace the defaults where the call may have
 * run on the host before the connection was lost.
 */
export function transportFaultAnswer(error: TransportError, override?: { next: string; retry: Retry }): ErrorAnswer {
	const state = FAULT_STATE[error.kind];
	const retry = override?.retry ?? STATE_RETRY[state];
	return unavailableAnswer(state, `${error.message}. ${override?.next ?? NEXT_STEP[retry]}`, retry);
}
