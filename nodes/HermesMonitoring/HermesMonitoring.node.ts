import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { hermesSshConnectionTest } from '../shared/credentialTest';
import { runPerItem } from '../shared/runItems';
import { remoteRunner } from '../shared/remoteRunner';
import { answerFor, CAPS, parseCurlOutput } from './prometheusAnswer';
import { ALERTS_SCRIPT, QUERY_SCRIPT } from './remoteScripts';
import { checkMode, checkPrometheusUrl, checkPromql } from './validate';
import { MONITORING } from './contract';

/** curl's own limit; the remote `timeout` adds a margin so curl reports first. */
const CURL_SECONDS = 20;

export class HermesMonitoring implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Hermes Monitoring',
		name: MONITORING.type,
		icon: { light: 'file:hermesMonitoring.svg', dark: 'file:hermesMonitoring.dark.svg' },
		group: ['input'],
		version: 1,
		subtitle: '={{ $parameter["mode"] }}',
		description:
			'Reads Prometheus on an SSH host (firing alerts or an instant PromQL query). The query travels on stdin to curl, never through a shell.',
		defaults: { name: 'Hermes Monitoring' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }],
		properties: [
			{
				displayName: 'Mode',
				name: MONITORING.params.mode,
				type: 'options',
				options: [
					{ name: 'Alerts', value: 'alerts', description: 'Firing alerts only: name, labels, summary, since', action: 'List firing alerts' },
					{ name: 'Query', value: 'query', description: 'Instant PromQL query, capped with a truncated flag', action: 'Run an instant PromQL query' },
				],
				default: 'alerts',
			},
			{
				displayName: 'PromQL',
				name: MONITORING.params.promql,
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				placeholder: 'up',
				description: 'Instant PromQL expression (mode Query). Sent to Prometheus verbatim on stdin.',
			},
			{
				displayName: 'Prometheus URL',
				name: MONITORING.params.prometheusUrl,
				type: 'string',
				default: 'http://127.0.0.1:9090',
				description:
					'Prometheus as reached from the SSH host (usually its loopback). http(s) only, optional path prefix, no credentials or query string. A bad value answers __UNAVAILABLE__ (tell the operator).',
			},
		],
	};

	methods = { credentialTest: { hermesSshConnectionTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const run = remoteRunner(this);

		return runPerItem(this, async (itemIndex): Promise<IDataObject> => {
			// The setting first: a misconfigured node is the operator's fault whatever the agent sent.
			const baseUrl = checkPrometheusUrl(this.getNodeParameter(MONITORING.params.prometheusUrl, itemIndex, ''));
			if (!baseUrl.ok) return { ...baseUrl.answer };
			const mode = checkMode(this.getNodeParameter(MONITORING.params.mode, itemIndex, ''));
			if (!mode.ok) return { ...mode.answer };

			let promql = '';
			if (mode.value === 'query') {
				const checked = checkPromql(this.getNodeParameter(MONITORING.params.promql, itemIndex, ''));
				if (!checked.ok) return { ...checked.answer };
				promql = checked.value;
			}

			const result = await run({
				script: mode.value === 'query' ? QUERY_SCRIPT : ALERTS_SCRIPT,
				args: [baseUrl.value, String(CURL_SECONDS), String(CAPS.responseBytes)],
				stdin: mode.value === 'query' ? promql : undefined,
				timeoutSeconds: CURL_SECONDS + 10,
				readOnly: true,
			});
			const parsed = parseCurlOutput({ stdout: result.stdout.toString('utf8'), stderr: result.stderr, exitCode: result.exitCode });
			if (!parsed.ok) return { ...parsed.answer };
			return answerFor(mode.value, parsed.data, parsed.warnings);
		});
	}
}
