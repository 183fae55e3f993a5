import type { IDataObject } from 'n8n-workflow';

import { ok } from '../../../core/checked';
import { pickOperation, runOperation, type ItemParameters, type OperationModule } from '../../shared/operations';
import { DOCKER, type DockerAction } from '../../../core/docker/contract';
import type { DockerContext, DockerHost } from '../helpers/context';
import { checkSettings, checkStack } from '../../../core/docker/validate';
import * as list from './stack/list.operation';
import * as logs from './stack/logs.operation';
import * as manage from './stack/manage.operation';
import * as status from './stack/status.operation';

/** An operation on one checked stack (none for list); its Check Only run runs only reads. */
interface DockerOperationModule extends OperationModule<[DockerContext, DockerAction, string]> {
	readonly onStack: boolean;
}

const OPERATIONS: Readonly<Record<DockerAction, DockerOperationModule>> = {
	status,
	logs,
	list,
	start: manage,
	stop: manage,
	restart: manage,
	update: manage,
};

const P = DOCKER.params;

/**
 * The settings first: a misconfigured node is the operator's fault whatever the agent sent. Then
 * the operation, off the Allowed Actions setting, and its stack, which passes the name and
 * protected checks before anything runs.
 */
export async function router(host: DockerHost, param: ItemParameters): Promise<IDataObject> {
	const settings = checkSettings({ dockerCommand: param(P.dockerCommand), allowedActions: param(P.allowedActions), protectedStacks: param(P.protectedStacks) });
	if (!settings.ok) return settings.answer;
	const { docker, protectedStacks, allowed } = settings.value;
	const picked = pickOperation(OPERATIONS, param(P.operation), allowed);
	if (!picked.ok) return picked.answer;
	const { operation, module } = picked.value;
	const stack = module.onStack ? checkStack(param(P.stack), protectedStacks) : ok('');
	if (!stack.ok) return stack.answer;
	const ctx: DockerContext = { docker, protectedStacks, run: host.run, engine: async (path) => await host.engine(docker, path) };
	return await runOperation(DOCKER, module, param, ctx, operation, stack.value);
}
