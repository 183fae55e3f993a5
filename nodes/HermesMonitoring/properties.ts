import type { INodeProperties } from 'n8n-workflow';

import { MAX_PROMQL_CHARS, MONITORING } from './contract';

/** Parameter names and setting defaults come from the node's contract, which the workflow generator imports. */
export const monitoringProperties: INodeProperties[] = [
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
		description: `Instant PromQL expression (mode Query), at most ${MAX_PROMQL_CHARS.toLocaleString('en-US')} characters (longer is __TOO_LARGE__). Sent to Prometheus verbatim on stdin.`,
	},
	{
		displayName: 'Prometheus URL',
		name: MONITORING.params.prometheusUrl,
		type: 'string',
		default: 'http://127.0.0.1:9090',
		description:
			'Prometheus as reached from the SSH host (usually its loopback). http(s) only, optional path prefix, no credentials or query string. A bad value answers __UNAVAILABLE__ (tell the operator).',
	},
];
