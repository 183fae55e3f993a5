import type { INodeProperties } from 'n8n-workflow';

import type { VersionDescription } from '../../shared/description';
import { MONITORING } from '../contract';
import { operationChoices, queryAndSettingProperties } from '../v1/versionDescription';

/** Version 2: the operation parameter is `operation`, as in every gateway node. */
export const versionProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: MONITORING.params.operation,
		noDataExpression: false,
		...operationChoices,
	},
	...queryAndSettingProperties,
];

export const versionDescription: VersionDescription = { version: 2, subtitle: '={{ $parameter["operation"] }}', properties: versionProperties };
