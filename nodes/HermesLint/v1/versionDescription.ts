import type { INodeProperties } from 'n8n-workflow';

import type { VersionDescription } from '../../shared/description';
import { HERMES_LINT, LINT_CAPS } from '../contract';

export const versionProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: HERMES_LINT.params.operation,
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Lint',
				value: 'lint',
				description: "Check a workflow with this package's lint rules and answer the findings",
				action: 'Lint a workflow',
			},
		],
		default: 'lint',
	},
	{
		displayName: 'Workflow',
		name: HERMES_LINT.params.workflow,
		type: 'json',
		default: '={{ $json }}',
		required: true,
		description: `The workflow JSON as n8n exports it, e.g. the body of the n8n API's answer for one workflow. The answer lists at most ${LINT_CAPS.findings} findings.`,
	},
];

export const versionDescription: VersionDescription = { version: 1, subtitle: '={{ $parameter["operation"] }}', properties: versionProperties };
