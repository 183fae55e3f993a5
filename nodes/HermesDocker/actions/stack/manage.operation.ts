import type { IDataObject } from 'n8n-workflow';

import { ok, type Checked } from '../../../../core/checked';
import { settle } from '../../../shared/transport/settle';
import { lostMidCommand, transportFaultAnswer } from '../../../shared/transportAnswer';
import type { DockerManageAction } from '../../../../core/docker/contract';
import { answerFrom, manageAnswer, resolveTarget, usableConfigFiles } from '../../helpers/answers';
import type { DockerContext } from '../../helpers/context';
import { MANAGE_SCRIPTS, RESOLVE_SCRIPT } from '../../scripts/compose';
import * as status from './status.operation';

/** start, stop, restart and update: one module, the compose verb is the only difference. */
export const onStack = true;

/**
 * What Docker resolves the target to: refused (protected, unknown, no usable compose file for
 * `update`), else the compose files `update` passes on (none for the others). Check Only runs
 * this too, so it refuses exactly what the action would.
 */
async function resolveForAction(ctx: DockerContext, action: DockerManageAction, stack: string): Promise<Checked<string[]>> {
	const resolved = resolveTarget(stack, ctx.protectedStacks, await ctx.run(RESOLVE_SCRIPT, [ctx.docker, stack], false));
	if (!resolved.ok || action !== 'update') return resolved.ok ? ok([]) : resolved;
	return usableConfigFiles(stack, resolved.value);
}

/**
 * Docker first resolves the target (a container name or id of a protected stack is refused),
 * then the compose verb runs. The whole path is one-shot: neither the check nor the action is
 * retried.
 */
export async function execute(ctx: DockerContext, action: DockerManageAction, stack: string): Promise<IDataObject> {
	const resolved = await resolveForAction(ctx, action, stack);
	if (!resolved.ok) return resolved.answer;
	const outcome = await settle(ctx.run(MANAGE_SCRIPTS[action], [ctx.docker, stack, ...resolved.value], false));
	if ('error' in outcome) {
		const { error } = outcome;
		// A plain "retry" could run the action twice.
		if (lostMidCommand(error)) {
			return {
				...transportFaultAnswer(error, {
					next: `The ${action} of "${stack}" may have been carried out: check it with action "status" before running it again.`,
					retry: 'after_read',
				}),
			};
		}
		throw error;
	}
	return answerFrom(outcome.value, (output) => manageAnswer(action, stack, output));
}

/** Check Only: the target resolved as the action would resolve it, then read. */
export async function check(ctx: DockerContext, action: DockerManageAction, stack: string): Promise<IDataObject> {
	const resolved = await resolveForAction(ctx, action, stack);
	return resolved.ok ? await status.check(ctx, action, stack) : resolved.answer;
}
