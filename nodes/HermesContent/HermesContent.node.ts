import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { gatewayDescription } from '../shared/description';
import { runPerItem } from '../shared/runItems';
import { CONTENT } from './contract';
import { runContentOperation } from './operations';
import { contentProperties } from './properties';

export class HermesContent implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(CONTENT, {
			group: 'transform',
			description:
				'Validates and normalises a content request (note, article or research; text and/or an http(s) url) for the content pipeline workflow. No SSH, no side effect.',
			properties: contentProperties,
		}),
		icon: { light: 'file:hermesContent.svg', dark: 'file:hermesContent.dark.svg' },
		subtitle: '={{ $parameter["contentType"] }}',
		usableAsTool: true,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runPerItem(this, async (itemIndex) =>
			runContentOperation({
				contentType: this.getNodeParameter(CONTENT.params.contentType, itemIndex, ''),
				text: this.getNodeParameter(CONTENT.params.text, itemIndex, ''),
				url: this.getNodeParameter(CONTENT.params.url, itemIndex, ''),
				allowPrivateUrls: this.getNodeParameter(CONTENT.params.allowPrivateUrls, itemIndex, false),
			}),
		);
	}
}
