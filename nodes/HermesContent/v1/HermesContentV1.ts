import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { gatewayVersionDescription } from '../../shared/description';
import { parameterReader } from '../../shared/parameterReader';
import { runPerItem } from '../../shared/runItems';
import { router, contentRequest } from '../actions/router';
import { CONTENT_V1_PARAMS } from '../contract';
import { versionProperties } from './versionDescription';

export class HermesContentV1 implements INodeType {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = {
			...gatewayVersionDescription(baseDescription, 1, versionProperties),
			icon: { light: 'file:hermesContent.svg', dark: 'file:hermesContent.dark.svg' },
			subtitle: '={{ $parameter["contentType"] }}',
			usableAsTool: true,
		};
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runPerItem(this, async (itemIndex) => router(contentRequest(CONTENT_V1_PARAMS, parameterReader(this, itemIndex))));
	}
}
