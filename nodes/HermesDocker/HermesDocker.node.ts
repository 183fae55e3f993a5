import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { SSH_CREDENTIAL_TEST } from '../shared/credentialTest';
import { gatewayDescription } from '../shared/description';
import { remoteHost } from '../shared/remoteRunner';
import { runGateway } from '../shared/runItems';
import { router } from './actions/router';
import { DOCKER } from '../../core/docker/contract';
import { properties } from './description';
import { dockerHost } from './helpers/context';

export class HermesDocker implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(DOCKER, properties),
		icon: { light: 'file:hermesDocker.svg', dark: 'file:hermesDocker.dark.svg' },
		group: ['transform'],
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["stack"] }}',
		description:
			'Reads (status, logs, list) or manages (start, stop, restart, update = pull + up -d) a Docker compose stack on an SSH host, addressed as docker compose --project-name <stack>. Protected stacks are refused, also when Docker resolves the target to them.',
		usableAsTool: true,
	};

	methods = SSH_CREDENTIAL_TEST;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const host = dockerHost(remoteHost(this));
		return await runGateway(this, DOCKER, async (param) => await router(host, param));
	}
}
