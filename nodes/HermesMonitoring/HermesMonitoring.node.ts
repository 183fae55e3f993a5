import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { SSH_CREDENTIAL_TEST } from '../shared/credentialTest';
import { gatewayDescription } from '../shared/description';
import { remoteHost } from '../shared/remoteRunner';
import { runGateway } from '../shared/runItems';
import { router } from './actions/router';
import { MONITORING } from '../../core/monitoring/contract';
import { properties } from './description';

export class HermesMonitoring implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(MONITORING, properties),
		icon: { light: 'file:hermesMonitoring.svg', dark: 'file:hermesMonitoring.dark.svg' },
		group: ['input'],
		subtitle: '={{ $parameter["operation"] }}',
		description:
			'Reads Prometheus on an SSH host (firing alerts or an instant PromQL query). The query travels on stdin to curl, never through a shell.',
		usableAsTool: true,
	};

	methods = SSH_CREDENTIAL_TEST;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const host = remoteHost(this);
		return await runGateway(this, MONITORING, async (param) => await router(host, param));
	}
}
