import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParameters } from '../../../shared/operations';
import { isObject } from '../../../../core/json';
import { HERMES_LINT, LINT_CAPS } from '../../../../core/lint/contract';
import { checkWorkflowInput } from '../../helpers/validate';
import { lintWorkflow, type Finding } from '../../../../core/lint';

export const description: INodeProperties[] = [
	{
		displayName: 'Workflow',
		name: HERMES_LINT.params.workflow,
		type: 'json',
		default: '={{ $json }}',
		required: true,
		description: `The workflow JSON as n8n exports it, e.g. the body of the n8n API's answer for one workflow. The answer lists at most ${LINT_CAPS.findings} findings.`,
	},
];

/** The workflow's id and name when it has them (n8n's API and exports give both). */
function identity(workflow: unknown): IDataObject {
	const fields = isObject(workflow) ? workflow : {};
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
export function execute(param: ItemParameters): IDataObject {
	const input = checkWorkflowInput(param(HERMES_LINT.params.workflow));
	if (!input.ok) return input.answer;
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
