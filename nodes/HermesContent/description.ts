import type { INodeProperties } from 'n8n-workflow';

import * as prepare from './actions/request/prepare.operation';
import { CONTENT } from '../../core/content/contract';

/** The operation, the request it checks and the operator's private-URL setting. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: CONTENT.params.operation,
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Prepare',
				value: 'prepare',
				description: 'Check and normalise a content request for the pipeline',
				action: 'Prepare a content request',
			},
		],
		default: 'prepare',
	},
	...prepare.description,
	{
		displayName: 'Allow Private Network URLs',
		name: CONTENT.params.allowPrivateUrls,
		type: 'boolean',
		// n8n's lint takes only a literal for a boolean default; a unit test holds it to settingDefaults.
		default: false,
		description:
			'Whether to pass on URLs whose host is localhost or a loopback, private, link-local, unique-local, CGNAT or unspecified IP address. The content pipeline may fetch the URL, so such a URL from the agent is a server-side request forgery risk (cloud metadata at 169.254.169.254, n8n itself, the LAN). Host names are not resolved: a name that points at a private address is still accepted.',
	},
];
