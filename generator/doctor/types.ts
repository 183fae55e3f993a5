/**
 * A doctor check, shaped like a lint rule: an id, a title, what it needs to run, and `run`, which
 * reads the live deployment and answers ok, warn or fail with the fix. Checks never write.
 */
import type { DoctorContext } from './context';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckOutcome {
	status: CheckStatus;
	message: string;
	/** What to do; given with every warn and fail. */
	fix?: string;
}

export interface CheckResult extends CheckOutcome {
	id: string;
	title: string;
}

/**
 * What a check needs beyond the n8n API: `token`, the MCP bearer token (without it the check
 * warns: pass --token); `callReads`, on unless --no-call-reads (without it the check warns that it did not call the tools); `approvals`, a config
 * with approvals, `admin`, one with the admin channel, and `creates`, one with a tool that creates
 * once (without them the check is not run).
 */
export type CheckNeed = 'token' | 'callReads' | 'approvals' | 'admin' | 'creates';

export interface DoctorCheck {
	id: string;
	title: string;
	needs: readonly CheckNeed[];
	run(context: DoctorContext): Promise<CheckOutcome>;
}

export const ok = (message: string): CheckOutcome => ({ status: 'ok', message });
export const warn = (message: string, fix: string): CheckOutcome => ({ status: 'warn', message, fix });
export const fail = (message: string, fix: string): CheckOutcome => ({ status: 'fail', message, fix });
