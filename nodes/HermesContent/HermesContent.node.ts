import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { gatewayDescription } from '../shared/description';
import { runGateway } from '../shared/runItems';
import { router } from './actions/router';
import { CONTENT } from '../../core/content/contract';
import { properties } from './description';

export class HermesContent implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(CONTENT, properties),
		icon: { light: 'file:hermesContent.svg', dark: 'file:hermesContent.dark.svg' },
		group: ['transform'],
		subtitle: '={{ $parameter["contentType"] }}',
		description:
			'Validates and normalises a content request (note, article or research; text and/or an http(s) url) for the content pipeline workflow. No SSH, no side effect.',
		usableAsTool: true,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runGateway(this, CONTENT, router);
	}
}
