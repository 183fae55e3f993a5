import type { IDataObject } from 'n8n-workflow';

import type { ParameterReader } from '../../shared/parameterReader';
import type { DockerParam } from '../contract';
import { check } from '../helpers/check';
import type { DockerContext, DockerHost } from '../helpers/context';
import { checkAction, checkSettings, checkStack } from '../helpers/validate';
import * as list from './stack/list.operation';
import * as logs from './stack/logs.operation';
import * as restart from './stack/restart.operation';
import * as start from './stack/start.operation';
import * as status from './stack/status.operation';
import * as stop from './stack/stop.operation';
import * as update from './stack/update.operation';

/** One call of the node, whichever version read it: the operator's settings, the agent's operation and stack (read lazily). */
export interface DockerRequest {
	settings: { dockerCommand: unknown; allowedActions: unknown; protectedStacks: unknown };
	operation: unknown;
	stack: () => unknown;
	/** Check Only: check and read the target, run nothing. */
	checkOnly: () => unknown;
}

/** The request from one version's parameter names: versions differ only in what they call a parameter. */
export function dockerRequest(names: Readonly<Record<DockerParam, string>>, param: ParameterReader): DockerRequest {
	return {
		settings: {
			dockerCommand: param(names.dockerCommand)(),
			allowedActions: param(names.allowedActions)(),
			protectedStacks: param(names.protectedStacks)(),
		},
		operation: param(names.operation)(),
		stack: param(names.stack),
		checkOnly: param(names.checkOnly, false),
	};
}

const ON_A_STACK = { status, logs, start, stop, restart, update } as const;

/**
 * Checks the request and runs its operation. The settings come first: a misconfigured node is
 * the operator's fault whatever the agent sent. `list` takes no stack; every other operation
 * needs one that passes the name and protected checks before anything runs. With Check Only the
 * same checks run and the answer says what would run (helpers/check.ts).
 */
export async function router(host: DockerHost, request: DockerRequest): Promise<IDataObject> {
	const settings = checkSettings(request.settings);
	if (!settings.ok) return { ...settings.answer };
	const docker = settings.value.docker;
	const ctx: DockerContext = { docker, protectedStacks: settings.value.protectedStacks, run: host.run, engine: async (path) => await host.engine(docker, path) };
	const operation = checkAction(request.operation, settings.value.allowed);
	if (!operation.ok) return { ...operation.answer };
	const checkOnly = request.checkOnly() === true;
	if (operation.value === 'list') return checkOnly ? await check(ctx, operation.value, undefined) : await list.execute(ctx);

	const stack = checkStack(request.stack(), ctx.protectedStacks);
	if (!stack.ok) return { ...stack.answer };
	if (checkOnly) return await check(ctx, operation.value, stack.value);
	return await ON_A_STACK[operation.value].execute(ctx, stack.value);
}
