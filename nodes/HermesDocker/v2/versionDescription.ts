import type { INodeProperties } from 'n8n-workflow';

import type { VersionDescription } from '../../shared/description';
import { DOCKER } from '../contract';
import { operationChoices, stackAndSettingProperties } from '../v1/versionDescription';

/** Version 2: the operation parameter is `operation`, as in every gateway node. */
export const versionProperties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: DOCKER.params.operation,
		noDataExpression: false,
		...operationChoices,
	},
	...stackAndSettingProperties,
];

export const versionDescription: VersionDescription = {
	version: 2,
	subtitle: '={{ $parameter["operation"] + ": " + $parameter["stack"] }}',
	properties: versionProperties,
};
