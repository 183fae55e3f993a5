import type { IDataObject } from 'n8n-workflow';

import { checkAction, checkSettings, checkStack } from '../validate';
import type { DockerContext } from './context';
import { manage } from './manage';
import { list, logs, status } from './read';

export { dockerScriptRunner, type DockerContext } from './context';

/** One call of the node: the operator's settings, the agent's action and stack (read lazily). */
export interface DockerRequest {
	settings: { dockerCommand: unknown; allowedActions: unknown; protectedStacks: unknown };
	action: unknown;
	stack: () => unknown;
}

/**
 * Checks the request and runs its action. The settings come first: a misconfigured node is the
 * operator's fault whatever the agent sent. `list` takes no stack; every other action needs one
 * that passes the name and protected checks before anything runs.
 */
export async function runDockerOperation(run: DockerContext['run'], request: DockerRequest): Promise<IDataObject> {
	const settings = checkSettings(request.settings);
	if (!settings.ok) return { ...settings.answer };
	const ctx: DockerContext = { docker: settings.value.docker, protectedStacks: settings.value.protectedStacks, run };
	const action = checkAction(request.action, settings.value.allowed);
	if (!action.ok) return { ...action.answer };
	if (action.value === 'list') return await list(ctx);

	const stack = checkStack(request.stack(), ctx.protectedStacks);
	if (!stack.ok) return { ...stack.answer };
	switch (action.value) {
		case 'status':
			return await status(ctx, stack.value);
		case 'logs':
			return await logs(ctx, stack.value);
		default:
			return await manage(ctx, action.value, stack.value);
	}
}
