import type { INodeProperties } from 'n8n-workflow';

import { settingDefault } from '../shared/description';
import * as query from './actions/prometheus/query.operation';
import { MONITORING } from '../../core/monitoring/contract';

/** The operation, the query's own parameter and the operator's setting. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: MONITORING.params.operation,
		type: 'options',
		// The gateway sub-workflow sets the operation from an expression ({{ $json.mode }}).
		noDataExpression: false,
		options: [
			{
				name: 'Alerts',
				value: 'alerts',
				description: 'Firing alerts only: name, labels, summary, since',
				action: 'List firing alerts',
			},
			{
				name: 'Query',
				value: 'query',
				description: 'Instant PromQL query, capped with a truncated flag',
				action: 'Run an instant PromQL query',
			},
		],
		default: 'alerts',
	},
	...query.description,
	{
		displayName: 'Prometheus URL',
		name: MONITORING.params.prometheusUrl,
		type: 'string',
		default: settingDefault(MONITORING, 'prometheusUrl'),
		description:
			'Prometheus as reached from the SSH host (usually its loopback). http(s) only, optional path prefix, no credentials or query string. A bad value answers __UNAVAILABLE__ (tell the operator).',
	},
];
