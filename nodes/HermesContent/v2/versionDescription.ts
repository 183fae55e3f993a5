import type { INodeProperties } from 'n8n-workflow';

import type { VersionDescription } from '../../shared/description';
import { CONTENT } from '../contract';
import * as v1 from '../v1/versionDescription';

/** Version 2: an operation parameter, as in every gateway node, then the same request and setting. */
export const versionProperties: INodeProperties[] = [
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
	...v1.versionProperties,
];

export const versionDescription: VersionDescription = { version: 2, subtitle: '={{ $parameter["contentType"] }}', properties: versionProperties };
