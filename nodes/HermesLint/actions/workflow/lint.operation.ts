import type { IDataObject } from 'n8n-workflow';

import { LINT_CAPS } from '../../contract';
import { checkWorkflowInput } from '../../helpers/validate';
import { lintWorkflow, type Finding } from '../../lint';

/** The workflow's id and name when it has them (n8n's API and exports give both). */
function identity(workflow: unknown): IDataObject {
	const fields = typeof workflow === 'object' && workflow !== null ? (workflow as Record<string, unknown>) : {};
	const text = (key: string) => (typeof fields[key] === 'string' ? fields[key] : null);
	return { id: text('id'), name: text('name') };
}

const answerFinding = ({ code, severity, message, node, path, hint }: Finding): IDataObject => ({
	code,
	severity,
	message,
	...(node !== undefined && { node }),
	...(path !== undefined && { path }),
	hint,
});

/**
 * Lints one workflow: the counts of all findings, the first LINT_CAPS.findings of them in rule
 * order, and `valid` when none is an error. A refused input is its marker answer.
 */
export function execute(value: unknown): IDataObject {
	const input = checkWorkflowInput(value);
	if (!input.ok) return { ...input.answer };
	const findings = lintWorkflow(input.value);
	const errors = findings.filter((finding) => finding.severity === 'error').length;
	return {
		success: true,
		valid: errors === 0,
		workflow: identity(input.value),
		errors,
		warnings: findings.length - errors,
		findings: findings.slice(0, LINT_CAPS.findings).map(answerFinding),
		truncated: findings.length > LINT_CAPS.findings,
	};
}
