import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { hermesSshConnectionTest } from '../../shared/credentialTest';
import { gatewayVersionDescription } from '../../shared/description';
import { parameterReader } from '../../shared/parameterReader';
import { remoteRunner } from '../../shared/remoteRunner';
import { runPerItem } from '../../shared/runItems';
import { router, dockerRequest } from '../actions/router';
import { dockerScriptRunner } from '../helpers/context';
import { DOCKER_V1_PARAMS } from '../contract';
import { versionProperties } from './versionDescription';

export class HermesDockerV1 implements INodeType {
	description: INodeTypeDescription;

	methods = { credentialTest: { hermesSshConnectionTest } };

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = {
			...gatewayVersionDescription(baseDescription, 1, versionProperties),
			icon: { light: 'file:hermesDocker.svg', dark: 'file:hermesDocker.dark.svg' },
			subtitle: '={{ $parameter["action"] + ": " + $parameter["stack"] }}',
			usableAsTool: true,
			credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }],
		};
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = dockerScriptRunner(remoteRunner(this));
		return await runPerItem(this, async (itemIndex) => await router(run, dockerRequest(DOCKER_V1_PARAMS, parameterReader(this, itemIndex))));
	}
}
