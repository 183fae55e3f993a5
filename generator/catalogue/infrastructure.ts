/** Infrastructure (5 tools): Docker, Prometheus monitoring, content pipeline, through their gateways. */
import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'docker_read',
		description: 'Reads the Docker compose stacks of the host.',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'gateway',
			gateway: 'docker',
			inputs: [
				{ input: 'dockerStack', param: 'stack' },
				{ input: 'dockerAction', param: 'action', allowed: ['status', 'logs', 'list'] },
			],
		},
		parameters: [
			{ key: 'action', type: 'string', description: 'One of status, logs (recent lines), list (of stacks)', required: true },
			{ key: 'stack', type: 'string', description: 'Compose stack: lowercase letters, digits, - and _; empty for list', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'docker_manage',
		description: 'SENSITIVE: changes a Docker compose stack; protected stacks are refused. Ask the user for explicit confirmation first.',
		sensitive: true,
		readOnly: false,
		target: {
			kind: 'gateway',
			gateway: 'docker',
			inputs: [
				{ input: 'dockerStack', param: 'stack' },
				{ input: 'dockerAction', param: 'action', allowed: ['start', 'stop', 'restart', 'update'] },
			],
		},
		parameters: [
			{ key: 'action', type: 'string', description: 'One of start, stop, restart, update (pull + up -d)', required: true },
			{ key: 'stack', type: 'string', description: 'As in docker_read', required: true },
		],
	}),
	defineTool({
		name: 'monitoring_alerts',
		description: 'Lists the Prometheus alerts currently firing (name, labels, summary, since).',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'gateway',
			gateway: 'monitoring',
			inputs: [
				{ input: 'mode', value: 'alerts' },
				{ input: 'promql', param: 'reason' },
			],
		},
		parameters: [
			{ key: 'reason', type: 'string', description: 'Why you check; not a filter', required: false, default: '' },
		],
	}),
	defineTool({
		name: 'monitoring_query',
		description: 'Runs an instant PromQL query on Prometheus (result capped, truncated flag).',
		sensitive: false,
		readOnly: true,
		target: {
			kind: 'gateway',
			gateway: 'monitoring',
			inputs: [
				{ input: 'mode', value: 'query' },
				{ input: 'promql', param: 'promql' },
			],
		},
		parameters: [
			{ key: 'promql', type: 'string', description: 'e.g. up == 0', required: true },
		],
	}),
	defineTool({
		name: 'content_generate',
		description: 'Hands a request for a draft to the content pipeline. Give a text, a url, or both.',
		sensitive: false,
		readOnly: false,
		target: {
			kind: 'gateway',
			gateway: 'content',
			inputs: [
				{ input: 'contentType', param: 'content_type' },
				{ input: 'text', param: 'text' },
				{ input: 'url', param: 'url' },
			],
		},
		parameters: [
			{ key: 'content_type', type: 'string', description: 'One of note, article, research', required: true },
			{ key: 'text', type: 'string', description: 'Text or idea to work from', required: false, default: '' },
			{ key: 'url', type: 'string', description: 'http or https link to work from', required: false, default: '' },
		],
	}),
];
