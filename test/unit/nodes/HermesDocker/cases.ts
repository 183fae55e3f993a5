import { DOCKER, type DockerAction, type DockerParam } from '../../../../core/docker/contract';
import { HermesDocker } from '../../../../nodes/HermesDocker/HermesDocker.node';
import type { NodeCases } from '../../../helpers/nodeCases';

export const CASES: NodeCases<DockerParam, DockerAction> = {
	node: new HermesDocker(),
	contract: DOCKER,
	group: 'transform',
	passing: { status: { stack: 'web' }, logs: { stack: 'web' }, list: {}, start: { stack: 'web' }, stop: { stack: 'web' }, restart: { stack: 'web' }, update: { stack: 'web' } },
	failures: [
		[{ operation: 'prune', stack: 'web' }, '__BAD_ACTION__'],
		[{ operation: 'restart', stack: 'web', allowedActions: 'status,logs,list' }, '__BAD_ACTION__'],
		[{ operation: 'stop', stack: 'security-stack' }, '__PROTECTED__'],
		[{ operation: 'status', stack: '' }, '__BAD_ARGUMENT__'],
		[{ operation: 'status', stack: 'Web!' }, '__BAD_ARGUMENT__'],
		[{ operation: 'status', stack: 'web', dockerCommand: 'docker; id' }, 'misconfigured'],
		[{ operation: 'status', stack: 'web', allowedActions: '' }, 'misconfigured'],
		[{ operation: 'status', stack: 'web', protectedStacks: 'a b' }, 'misconfigured'],
		[{ operation: 'list', stack: '' }, 'misconfigured'],
	],
};
