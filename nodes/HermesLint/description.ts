import type { INodeProperties } from 'n8n-workflow';

import * as lint from './actions/workflow/lint.operation';
import { HERMES_LINT } from '../../core/lint/contract';

/** The operation and the workflow it lints; the node has no settings. */
export const properties: INodeProperties[] = [
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
	...lint.description,
];
