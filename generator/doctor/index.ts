/**
 * `hermes-workflows doctor`: every check, in the order they print, and the run. Read-only: it
 * calls the catalogue's read-only tools only (not with `--no-call-reads`), and the admin endpoint
 * check one admin tool, and no admin tool can write. A feature's checks (approvals, the
 * admin channel) are here, not in its folder: they read the live deployment through doctor's
 * context, and the feature's code does not depend on doctor.
 */
import { tokenVariable } from '../agentConfig/endpoints';
import { expectedError } from '../errors';
import { adminEndpointCheck } from './checks/adminEndpoint';
import { adminScopesCheck } from './checks/adminScopes';
import { approvalsCheck } from './checks/approvals';
import { createsCheck } from './checks/creates';
import { callersCheck } from './checks/callers';
import { credentialsCheck } from './checks/credentials';
import { instanceCheck } from './checks/instance';
import { mcpAuthCheck } from './checks/mcpAuth';
import { mcpToolsCheck } from './checks/mcpTools';
import { readToolsCheck } from './checks/readTools';
import { sharedNamesCheck } from './checks/sharedNames';
import { toolHealthCheck } from './checks/toolHealth';
import { workflowsCheck } from './checks/workflows';
import type { DoctorContext } from './context';
import { fail, warn, type CheckResult, type DoctorCheck } from './types';

export const CHECKS: readonly DoctorCheck[] = [
	instanceCheck,
	workflowsCheck,
	callersCheck,
	sharedNamesCheck,
	credentialsCheck,
	mcpAuthCheck,
	mcpToolsCheck,
	readToolsCheck,
	toolHealthCheck,
	approvalsCheck,
	createsCheck,
	adminEndpointCheck,
	adminScopesCheck,
];

export interface SkippedCheck {
	id: string;
	title: string;
	reason: string;
}

export interface DoctorReport {
	/** No check failed (warnings allowed). */
	ok: boolean;
	checks: CheckResult[];
	skipped: SkippedCheck[];
}

/** Why a check does not run with this config and these options; undefined when it runs. */
function skipReason(check: DoctorCheck, context: DoctorContext): string | undefined {
	if (check.needs.includes('approvals') && !context.config.approvals) return 'the config has no approvals';
	if (check.needs.includes('admin') && !context.config.admin) return 'the config has no admin channel';
	if (check.needs.includes('creates') && !context.desired.dataTables.some((t) => t.name === context.config.creates.table)) return 'no tool creates once (every create tool is gated, or there is none)';
	return undefined;
}

/**
 * Runs the checks. The drift report is read first: when n8n cannot be reached or refuses the
 * key, that error is thrown (doctor could not run). A check that fails later says why.
 */
export async function runDoctor(context: DoctorContext, checks: readonly DoctorCheck[] = CHECKS): Promise<DoctorReport> {
	await context.drift();
	const results: CheckResult[] = [];
	const skipped: SkippedCheck[] = [];
	for (const check of checks) {
		const reason = skipReason(check, context);
		if (reason) {
			skipped.push({ id: check.id, title: check.title, reason });
			continue;
		}
		// Not a skip: a run that did not call the tools must not read as if they work.
		if (check.needs.includes('callReads') && !context.options.callReads) {
			results.push({ id: check.id, title: check.title, ...warn('not checked: the read-only tools were not called (--no-call-reads), and tools/list alone does not show that a tool works', 'run doctor without --no-call-reads') });
			continue;
		}
		if (check.needs.includes('token') && !context.options.token) {
			results.push({ id: check.id, title: check.title, ...warn('not checked: no MCP bearer token', `pass --token or set ${tokenVariable(context.config.mcpPath)}`) });
			continue;
		}
		try {
			results.push({ id: check.id, title: check.title, ...(await check.run(context)) });
		} catch (error) {
			const known = expectedError(error);
			const message = error instanceof Error ? error.message : String(error);
			results.push({ id: check.id, title: check.title, ...fail(`could not check: ${message}`, known?.hint ?? 'check that --url reaches n8n from here, then run again') });
		}
	}
	return { ok: results.every((r) => r.status !== 'fail'), checks: results, skipped };
}

/** Text output: `ok|warn|fail  <title>: <message>`, `fix: ...` under a warn or fail. */
export function renderText(report: DoctorReport): string {
	const lines: string[] = [];
	for (const check of report.checks) {
		lines.push(`${check.status}  ${check.title}: ${check.message}`);
		if (check.status !== 'ok' && check.fix) lines.push(`  fix: ${check.fix}`);
	}
	for (const skipped of report.skipped) lines.push(`skip  ${skipped.title}: ${skipped.reason}`);
	const count = (status: string) => report.checks.filter((c) => c.status === status).length;
	lines.push(`${count('ok')} ok, ${count('warn')} warn, ${count('fail')} fail`);
	return `${lines.join('\n')}\n`;
}
