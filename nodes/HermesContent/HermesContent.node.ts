import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { runPerItem } from '../shared/runItems';
import { CONTENT_CAPS, checkContentRequest } from './validate';

export class HermesContent implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Hermes Content',
		name: 'hermesContent',
		icon: { light: 'file:hermesContent.svg', dark: 'file:hermesContent.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["contentType"] }}',
		description:
			'Validates and normalises a content request (note, article or research; text and/or an http(s) url) for the content pipeline workflow. No SSH, no side effect.',
		defaults: { name: 'Hermes Content' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Content Type',
				name: 'contentType',
				type: 'options',
				options: [
					{ name: 'Note', value: 'note' },
					{ name: 'Article', value: 'article' },
					{ name: 'Research', value: 'research' },
				],
				default: 'note',
				description: 'What to draft. Trimmed and lower-cased before it is checked.',
			},
			{
				displayName: 'Text',
				name: 'text',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description: `The idea, notes or draft (at most ${CONTENT_CAPS.textChars} characters). Text, URL or both are required.`,
			},
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/article',
				description: `Source link, http or https only (at most ${CONTENT_CAPS.urlChars} characters)`,
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return runPerItem(this, async (itemIndex): Promise<IDataObject> => {
			const answer = checkContentRequest({
				contentType: this.getNodeParameter('contentType', itemIndex, ''),
				text: this.getNodeParameter('text', itemIndex, ''),
				url: this.getNodeParameter('url', itemIndex, ''),
			});
			return { ...answer };
		});
	}
}
