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
import { CONTENT } from './contract';

export class HermesContent implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Hermes Content',
		name: CONTENT.type,
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
				name: CONTENT.params.contentType,
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
				name: CONTENT.params.text,
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description: `The idea, notes or draft (at most ${CONTENT_CAPS.textChars} characters). Text, URL or both are required.`,
			},
			{
				displayName: 'URL',
				name: CONTENT.params.url,
				type: 'string',
				default: '',
				placeholder: 'https://example.com/article',
				description: `Source link, http or https only (at most ${CONTENT_CAPS.urlChars} characters)`,
			},
			{
				displayName: 'Allow Private Network URLs',
				name: CONTENT.params.allowPrivateUrls,
				type: 'boolean',
				default: false,
				description:
					'Whether to pass on URLs whose host is localhost or a loopback, private, link-local, unique-local, CGNAT or unspecified IP address. The content pipeline may fetch the URL, so such a URL from the agent is a server-side request forgery risk (cloud metadata at 169.254.169.254, n8n itself, the LAN). Host names are not resolved: a name that points at a private address is still accepted.',
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return runPerItem(this, async (itemIndex): Promise<IDataObject> => {
			const answer = checkContentRequest({
				contentType: this.getNodeParameter(CONTENT.params.contentType, itemIndex, ''),
				text: this.getNodeParameter(CONTENT.params.text, itemIndex, ''),
				url: this.getNodeParameter(CONTENT.params.url, itemIndex, ''),
				allowPrivateUrls: this.getNodeParameter(CONTENT.params.allowPrivateUrls, itemIndex, false),
			});
			return { ...answer };
		});
	}
}
