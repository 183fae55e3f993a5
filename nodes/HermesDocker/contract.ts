import type { GatewayContract } from '../shared/gatewayContract';

export const DOCKER_READ_ACTIONS = ['status', 'logs', 'list'] as const;
export const DOCKER_MANAGE_ACTIONS = ['start', 'stop', 'restart', 'update'] as const;
export const DOCKER_ACTIONS = [...DOCKER_READ_ACTIONS, ...DOCKER_MANAGE_ACTIONS] as const;
export type DockerAction = (typeof DOCKER_ACTIONS)[number];
export type DockerManageAction = (typeof DOCKER_MANAGE_ACTIONS)[number];

/** A compose project name as Docker writes it. */
export const STACK_NAME = /^[a-z0-9][a-z0-9_-]*$/;
/** Room for a full container id (64 hex), which is resolved through Docker like a name. */
export const MAX_STACK_CHARS = 64;
/** One word: a command on the host's PATH or an absolute path (wrap `sudo docker` in a script). */
export const DOCKER_COMMAND = /^[A-Za-z0-9_./+][A-Za-z0-9_./+-]*$/;
export const MAX_DOCKER_COMMAND_CHARS = 256;

export const DOCKER_LOG_CAPS = { tailLines: 100, chars: 20_000 } as const;

export type DockerParam = 'operation' | 'stack' | 'dockerCommand' | 'allowedActions' | 'protectedStacks' | 'checkOnly';

const V2_PARAMS = {
	operation: 'operation',
	stack: 'stack',
	dockerCommand: 'dockerCommand',
	allowedActions: 'allowedActions',
	protectedStacks: 'protectedStacks',
	checkOnly: 'checkOnly',
} as const;

/** Version 1 called the operation `action`. */
export const DOCKER_V1_PARAMS = { ...V2_PARAMS, operation: 'action' } as const;

export const DOCKER: GatewayContract<DockerParam> = {
	type: 'hermesDocker',
	displayName: 'Hermes Docker',
	ssh: true,
	versions: [1, 2],
	typeVersion: 2,
	params: V2_PARAMS,
	paramsByVersion: { 1: DOCKER_V1_PARAMS, 2: V2_PARAMS },
	operations: DOCKER_ACTIONS,
	shownFor: {},
	subWorkflowInputs: { dockerStack: ['stack'], dockerAction: ['operation'] },
	allowLists: { operation: { setting: 'allowedActions', input: 'dockerAllowedActions', values: DOCKER_ACTIONS } },
	settingDefaults: { dockerCommand: 'docker', allowedActions: DOCKER_ACTIONS.join(','), protectedStacks: 'security-stack', checkOnly: false },
	checkOnly: 'checkOnly',
	agentArgumentsSince: 2,
};
