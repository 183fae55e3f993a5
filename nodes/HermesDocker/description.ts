import type { INodeProperties } from 'n8n-workflow';

import { settingDefault } from '../shared/description';
import { DOCKER, DOCKER_LOG_CAPS } from '../../core/docker/contract';

/** No operation has parameters of its own: the stack (every operation but List) and the operator's settings. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: DOCKER.params.operation,
		type: 'options',
		// The gateway sub-workflow sets the operation from an expression ({{ $json.dockerAction }}).
		noDataExpression: false,
		options: [
			{
				name: 'List',
				value: 'list',
				description: 'Compose stacks Docker knows, with their status',
				action: 'List stacks',
			},
			{
				name: 'Logs',
				value: 'logs',
				description: `Last ${DOCKER_LOG_CAPS.tailLines} log lines of a stack, capped`,
				action: 'Read stack logs',
			},
			{
				name: 'Restart',
				value: 'restart',
				description: 'Restart the stack containers',
				action: 'Restart a stack',
			},
			{
				name: 'Start',
				value: 'start',
				description: 'Start the stack containers',
				action: 'Start a stack',
			},
			{
				name: 'Status',
				value: 'status',
				description: 'Containers of a stack and their state',
				action: 'Get stack status',
			},
			{
				name: 'Stop',
				value: 'stop',
				description: 'Stop the stack containers',
				action: 'Stop a stack',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Pull images then up -d, with the compose files Docker recorded',
				action: 'Update a stack',
			},
		],
		default: 'status',
	},
	{
		displayName: 'Stack',
		name: DOCKER.params.stack,
		type: 'string',
		default: '',
		placeholder: 'my-stack',
		description: 'Compose project name: lower-case letters, digits, _ and -. Not needed for List.',
	},
	{
		displayName: 'Docker Command',
		name: DOCKER.params.dockerCommand,
		type: 'string',
		default: settingDefault(DOCKER, 'dockerCommand'),
		description:
			'Docker CLI on the host: a command name or an absolute path, one word (wrap sudo in a script). A bad value answers __UNAVAILABLE__ (tell the operator).',
	},
	{
		displayName: 'Allowed Actions',
		name: DOCKER.params.allowedActions,
		type: 'string',
		default: settingDefault(DOCKER, 'allowedActions'),
		description:
			'Comma-separated whitelist; any other action is refused with __BAD_ACTION__. An unknown entry or an empty list makes the node answer __UNAVAILABLE__ (tell the operator).',
	},
	{
		displayName: 'Protected Stacks',
		name: DOCKER.params.protectedStacks,
		type: 'string',
		default: settingDefault(DOCKER, 'protectedStacks'),
		description:
			'Comma-separated stacks that can never be actioned (__PROTECTED__), matched case-insensitively, and also when a container name or ID resolves to them. An entry that is not a stack name makes the node answer __UNAVAILABLE__ (tell the operator).',
	},
	{
		displayName: 'Check Only',
		name: DOCKER.params.checkOnly,
		type: 'boolean',
		// n8n's lint takes only a literal for a boolean default; a unit test holds it to settingDefaults.
		default: false,
		description:
			'Whether to only check the call and read its target: every check the operation would pass (Docker resolves the target of start, stop, restart and update), answered as the call would be refused, else with the normalised operation and stack and the stack\'s current containers. Nothing is started, stopped or pulled. An approval gate runs this before it asks a person.',
	},
];
