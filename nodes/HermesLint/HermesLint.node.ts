import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { gatewayDescription } from '../shared/description';
import { runGateway } from '../shared/runItems';
import { router } from './actions/router';
import { HERMES_LINT } from '../../core/lint/contract';
import { properties } from './description';

export class HermesLint implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(HERMES_LINT, properties),
		icon: { light: 'file:hermesLint.svg', dark: 'file:hermesLint.dark.svg' },
		group: ['transform'],
		subtitle: '={{ $parameter["operation"] }}',
		description:
			"Checks an n8n workflow's JSON with the rules of hermes-workflows lint (tool names, $fromAI calls, routing, secrets, approvals) and answers the findings as JSON. Changes nothing.",
		usableAsTool: true,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runGateway(this, HERMES_LINT, router);
	}
}
