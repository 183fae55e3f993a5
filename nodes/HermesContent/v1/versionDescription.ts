import type { INodeProperties } from 'n8n-workflow';

import type { VersionDescription } from '../../shared/description';
import { CONTENT, CONTENT_CAPS, CONTENT_TYPES } from '../contract';

/** Version 1: the request and the setting, no operation parameter. */
export const versionProperties: INodeProperties[] = [
	{
		displayName: 'Content Type',
		name: CONTENT.params.contentType,
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
		// n8n's lint takes only a literal for a boolean default; contracts.test.ts holds it to settingDefaults.
		default: false,
		description:
			'Whether to pass on URLs whose host is localhost or a loopback, private, link-local, unique-local, CGNAT or unspecified IP address. The content pipeline may fetch the URL, so such a URL from the agent is a server-side request forgery risk (cloud metadata at 169.254.169.254, n8n itself, the LAN). Host names are not resolved: a name that points at a private address is still accepted.',
	},
];

export const versionDescription: VersionDescription = { version: 1, subtitle: '={{ $parameter["contentType"] }}', properties: versionProperties };
