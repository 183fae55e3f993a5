import type { INodeProperties } from 'n8n-workflow';

import { settingDefault, type VersionDescription } from '../../shared/description';
import { MAX_PROMQL_CHARS, MONITORING, MONITORING_V1_PARAMS } from '../contract';

/** The operation's choices; version 1 calls the parameter Mode, version 2 Operation. */
export const operationChoices: Omit<INodeProperties, 'displayName' | 'name'> = {
	type: 'options',
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
};

/** The query and the setting, the same in both versions. */
export const queryAndSettingProperties: INodeProperties[] = [
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
		default: settingDefault(MONITORING, 'prometheusUrl'),
		description:
			'Prometheus as reached from the SSH host (usually its loopback). http(s) only, optional path prefix, no credentials or query string. A bad value answers __UNAVAILABLE__ (tell the operator).',
	},
];

/** Version 1: the operation parameter was named `mode`. */
export const versionProperties: INodeProperties[] = [
	{
		displayName: 'Mode',
		name: MONITORING_V1_PARAMS.operation,
		...operationChoices,
	},
	...queryAndSettingProperties,
];

export const versionDescription: VersionDescription = { version: 1, subtitle: '={{ $parameter["mode"] }}', properties: versionProperties };
