import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ItemParameters } from '../../../shared/operations';
import { CONTENT, CONTENT_CAPS, CONTENT_TYPES } from '../../../../core/content/contract';
import { checkContentRequest } from '../../helpers/validate';

const P = CONTENT.params;

export const description: INodeProperties[] = [
	{
		displayName: 'Content Type',
		name: P.contentType,
		type: 'options',
		options: CONTENT_TYPES.map((value) => ({
			name: value.charAt(0).toUpperCase() + value.slice(1),
			value,
		})),
		default: 'note',
		description: 'What to draft. Trimmed and lower-cased before it is checked.',
	},
	{
		displayName: 'Text',
		name: P.text,
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		description: `The idea, notes or draft (at most ${CONTENT_CAPS.textChars} characters). Text, URL or both are required.`,
	},
	{
		displayName: 'URL',
		name: P.url,
		type: 'string',
		default: '',
		placeholder: 'https://example.com/article',
		description: `Source link, http or https only (at most ${CONTENT_CAPS.urlChars} characters)`,
	},
];

/**
 * Checks and normalises the request for the content pipeline. It has no side effect; the
 * gateway workflow hands a successful answer to the pipeline.
 */
export function execute(param: ItemParameters): IDataObject {
	const checked = checkContentRequest({
		contentType: param(P.contentType),
		text: param(P.text),
		url: param(P.url),
		allowPrivateUrls: param(P.allowPrivateUrls, false),
	});
	return checked.ok ? { ...checked.value } : checked.answer;
}
