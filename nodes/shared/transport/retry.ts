/** Retry of transient transport faults, for read-only commands only: a write must never run twice. */
import { settle } from './settle';
import { TransportError } from './types';

const RETRY_ATTEMPTS = 3;
const RETRY_DELAY_MS = 2000;

interface RetryPolicy {
	readOnly: boolean;
	retries?: number;
	delayMs?: number;
}

/** Runs `attempt`; a read-only call retries a transient TransportError up to 3 times, 2 s apart. */
export async function withRetry<T>(policy: RetryPolicy, attempt: () => Promise<T>): Promise<T> {
	const retries = policy.readOnly ? (policy.retries ?? RETRY_ATTEMPTS) : 0;
	for (let done = 0; ; done++) {
		const outcome = await settle(attempt());
		if ('value' in outcome) return outcome.value;
		const transient = outcome.error instanceof TransportError && outcome.error.transient;
		if (!transient || done >= retries) throw outcome.error;
		await new Promise((resolve) => setTimeout(resolve, policy.delayMs ?? RETRY_DELAY_MS));
	}
}
