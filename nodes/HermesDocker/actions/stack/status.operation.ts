import type { IDataObject } from 'n8n-workflow';

import { checkPassed } from '../../../shared/operations';
import type { DockerAction } from '../../../../core/docker/contract';
import { answerFrom, engineAnswer, statusAnswer, statusAnswerOf } from '../../helpers/answers';
import { composePs, containerListPath } from '../../helpers/composeViews';
import type { DockerContext } from '../../helpers/context';
import { STATUS_SCRIPT } from '../../scripts/compose';

export const onStack = true;

/**
 * The containers of a stack and their state (read-only, retried on transient faults): asked of
 * the daemon's Engine API where the SSH connection reaches it, else of `docker compose ps`.
 */
export async function execute(ctx: DockerContext, _action: DockerAction, stack: string): Promise<IDataObject> {
	const reply = await ctx.engine(containerListPath(stack));
	if (reply) return engineAnswer(reply, (body) => statusAnswerOf(stack, composePs(body)));
	return answerFrom(await ctx.run(STATUS_SCRIPT, [ctx.docker, stack], true), (output) => statusAnswer(stack, output));
}

/**
 * Check Only of a call on a stack, once its own checks passed: the stack's containers, so a
 * person sees what it acts on. A stack Docker knows without containers is still a target.
 */
export async function check(ctx: DockerContext, action: DockerAction, stack: string): Promise<IDataObject> {
	const status = await execute(ctx, action, stack);
	if (status.success !== true && status.error !== '__NOT_FOUND__') return status;
	const containers = status.success === true ? status.containers : [];
	return checkPassed({ operation: action, stack }, { stack, containers });
}
