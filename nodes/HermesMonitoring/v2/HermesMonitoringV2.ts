import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { hermesSshConnectionTest } from '../../shared/credentialTest';
import { gatewayVersionDescription } from '../../shared/description';
import { parameterReader } from '../../shared/parameterReader';
import { remoteRunner } from '../../shared/remoteRunner';
import { runPerItem } from '../../shared/runItems';
import { router, monitoringRequest } from '../actions/router';
import { MONITORING } from '../contract';
import { versionProperties } from './versionDescription';

export class HermesMonitoringV2 implements INodeType {
	description: INodeTypeDescription;

	methods = { credentialTest: { hermesSshConnectionTest } };

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = {
			...gatewayVersionDescription(baseDescription, 2, versionProperties),
			icon: { light: 'file:hermesMonitoring.svg', dark: 'file:hermesMonitoring.dark.svg' },
			subtitle: '={{ $parameter["operation"] }}',
			usableAsTool: true,
			credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }],
		};
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = remoteRunner(this);
		return await runPerItem(this, async (itemIndex) => await router(run, monitoringRequest(MONITORING.params, parameterReader(this, itemIndex))));
	}
}
