import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { hermesSshConnectionTest } from '../shared/credentialTest';
import { gatewayDescription } from '../shared/description';
import { remoteRunner } from '../shared/remoteRunner';
import { runPerItem } from '../shared/runItems';
import { MONITORING } from './contract';
import { runMonitoringOperation } from './operations';
import { monitoringProperties } from './properties';

export class HermesMonitoring implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(MONITORING, {
			group: 'input',
			description:
				'Reads Prometheus on an SSH host (firing alerts or an instant PromQL query). The query travels on stdin to curl, never through a shell.',
			properties: monitoringProperties,
		}),
		icon: { light: 'file:hermesMonitoring.svg', dark: 'file:hermesMonitoring.dark.svg' },
		subtitle: '={{ $parameter["mode"] }}',
		usableAsTool: true,
		credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }],
	};

	methods = { credentialTest: { hermesSshConnectionTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = remoteRunner(this);
		return await runPerItem(this, async (itemIndex) =>
			await runMonitoringOperation(run, {
				prometheusUrl: this.getNodeParameter(MONITORING.params.prometheusUrl, itemIndex, ''),
				mode: this.getNodeParameter(MONITORING.params.mode, itemIndex, ''),
				promql: () => this.getNodeParameter(MONITORING.params.promql, itemIndex, ''),
			}),
		);
	}
}
