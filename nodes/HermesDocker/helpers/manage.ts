import type { IDataObject } from 'n8n-workflow';

import { ok, type Checked } from '../../shared/checked';
import { TransportError } from '../../shared/transport/types';
import { transportFaultAnswer } from '../../shared/transportAnswer';
import type { DockerManageAction } from '../contract';
import { MANAGE_SCRIPTS, RESOLVE_SCRIPT } from '../scripts/compose';
import { answerFrom, manageAnswer, resolveTarget, usableConfigFiles } from './answers';
import type { DockerContext } from './context';

/**
 * What Docker resolves a manage action's target to: refused (protected, unknown, no usable
 * compose file for `update`), else the compose files `update` passes on (none for the others).
 * A check-only call runs this too, so it refuses exactly what the action would.
 */
export async function resolveForAction(ctx: DockerContext, action: DockerManageAction, stack: string): Promise<Checked<string[]>> {
	const resolved = resolveTarget(stack, ctx.protectedStacks, await ctx.run(RESOLVE_SCRIPT, [ctx.docker, stack], false));
	if (!resolved.ok || action !== 'update') return resolved.ok ? ok([]) : resolved;
	return usableConfigFiles(stack, resolved.value);
}

/**
 * start, stop, restart, update: Docker first resolves the target (a container name or id of a
 * protected stack is refused), then the compose verb runs. The whole path is one-shot: neither
 * the check nor the action is retried.
 */
export async function manage(ctx: DockerContext, action: DockerManageAction, stack: string): Promise<IDataObject> {
	const resolved = await resolveForAction(ctx, action, stack);
	if (!resolved.ok) return { ...resolved.answer };
	const files = resolved.value;
	const outcome = await ctx.run(MANAGE_SCRIPTS[action], [ctx.docker, stack, ...files], false).then(
		(output) => ({ output }),
		(error: unknown) => ({ error }),
	);
	if ('error' in outcome) {
		const { error } = outcome;
		// Lost or timed out once started: the action may have run. A plain "retry" could run it twice.
		if (error instanceof TransportError && (error.kind === 'dropped' || error.kind === 'timeout')) {
			return {
				...transportFaultAnswer(error, {
					next: `The ${action} of "${stack}" may have been carried out: check it with action "status" before running it again.`,
					retry: 'after_read',
				}),
			};
		}
		throw error;
	}
	return answerFrom(outcome.output, (output) => manageAnswer(action, stack, output));
}
