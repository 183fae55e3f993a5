import type { INodeProperties } from 'n8n-workflow';

import { settingDefault, type VersionDescription } from '../../shared/description';
import { DOCKER, DOCKER_LOG_CAPS, DOCKER_V1_PARAMS } from '../contract';

/** The operation's choices; version 1 calls the parameter Action, version 2 Operation. */
export const operationChoices: Omit<INodeProperties, 'displayName' | 'name'> = {
	type: 'options',
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
};

/** The stack and the settings, the same in both versions. */
export const stackAndSettingProperties: INodeProperties[] = [
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
		// n8n's lint takes only a literal for a boolean default; contracts.test.ts holds it to settingDefaults.
		default: false,
		description:
			'Whether to only check the call and read its target: every check the operation would pass (Docker resolves the target of start, stop, restart and update), answered as the call would be refused, else with the normalised operation and stack and the stack\'s current containers. Nothing is started, stopped or pulled. An approval gate runs this before it asks a person.',
	},
];

/** Version 1: the operation parameter was named `action`. */
export const versionProperties: INodeProperties[] = [
	{
		displayName: 'Action',
		name: DOCKER_V1_PARAMS.operation,
		...operationChoices,
	},
	...stackAndSettingProperties,
];

export const versionDescription: VersionDescription = {
	version: 1,
	subtitle: '={{ $parameter["action"] + ": " + $parameter["stack"] }}',
	properties: versionProperties,
};
