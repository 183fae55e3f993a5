import { SSH_CREDENTIAL, type SubWorkflowGateway } from '../gatewayContract';

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

/** Seconds a read (status, logs, list, the target check) may take, by the command or the daemon's socket; a managing action (`update` pulls images) may take. */
export const DOCKER_SECONDS = { read: 30, manage: 300 } as const;

export type DockerParam = 'operation' | 'stack' | 'dockerCommand' | 'allowedActions' | 'protectedStacks' | 'checkOnly';

const PARAMS = {
	operation: 'operation',
	stack: 'stack',
	dockerCommand: 'dockerCommand',
	allowedActions: 'allowedActions',
	protectedStacks: 'protectedStacks',
	checkOnly: 'checkOnly',
} as const;

export const DOCKER: SubWorkflowGateway<DockerParam> = {
	type: 'hermesDocker',
	displayName: 'Hermes Docker',
	ssh: true,
	typeVersion: 2,
	params: PARAMS,
	operations: DOCKER_ACTIONS,
	readOperations: DOCKER_READ_ACTIONS,
	createOperations: [],
	operationSeconds: {
		...Object.fromEntries(DOCKER_READ_ACTIONS.map((action) => [action, DOCKER_SECONDS.read])),
		// The target check, then the action.
		...Object.fromEntries(DOCKER_MANAGE_ACTIONS.map((action) => [action, DOCKER_SECONDS.read + DOCKER_SECONDS.manage])),
	},
	shownFor: {},
	subWorkflowInputs: { dockerStack: ['stack'], dockerAction: ['operation'] },
	allowLists: { operation: { setting: 'allowedActions', input: 'dockerAllowedActions', values: DOCKER_ACTIONS } },
	settingDefaults: { dockerCommand: 'docker', allowedActions: DOCKER_ACTIONS.join(','), protectedStacks: 'security-stack', checkOnly: false },
	checkOnly: 'checkOnly',
	agentArguments: true,
	credential: SSH_CREDENTIAL,
	subWorkflow: { node: 'Docker', name: 'Hermes Gateway - Docker' },
	configSettings: { dockerCommand: { key: 'docker.command' }, protectedStacks: { key: 'docker.protectedStacks', list: true } },
};
