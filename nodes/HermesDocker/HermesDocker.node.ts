import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { hermesSshConnectionTest } from '../shared/credentialTest';
import { gatewayDescription } from '../shared/description';
import { remoteRunner } from '../shared/remoteRunner';
import { runPerItem } from '../shared/runItems';
import { DOCKER } from './contract';
import { dockerScriptRunner, runDockerOperation } from './operations';
import { dockerProperties } from './properties';

export class HermesDocker implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(DOCKER, {
			group: 'transform',
			description:
				'Reads (status, logs, list) or manages (start, stop, restart, update = pull + up -d) a Docker compose stack on an SSH host, addressed as docker compose --project-name <stack>. Protected stacks are refused, also when Docker resolves the target to them.',
			properties: dockerProperties,
		}),
		icon: { light: 'file:hermesDocker.svg', dark: 'file:hermesDocker.dark.svg' },
		subtitle: '={{ $parameter["action"] + ": " + $parameter["stack"] }}',
		usableAsTool: true,
		credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }],
	};

	methods = { credentialTest: { hermesSshConnectionTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = dockerScriptRunner(remoteRunner(this));
		return await runPerItem(this, async (itemIndex) =>
			await runDockerOperation(run, {
				settings: {
					dockerCommand: this.getNodeParameter(DOCKER.params.dockerCommand, itemIndex, ''),
					allowedActions: this.getNodeParameter(DOCKER.params.allowedActions, itemIndex, ''),
					protectedStacks: this.getNodeParameter(DOCKER.params.protectedStacks, itemIndex, ''),
				},
				action: this.getNodeParameter(DOCKER.params.action, itemIndex, ''),
				stack: () => this.getNodeParameter(DOCKER.params.stack, itemIndex, ''),
			}),
		);
	}
}
