import type { IDataObject } from 'n8n-workflow';

import { LIST_SCRIPT, STATUS_SCRIPT } from '../scripts/compose';
import { answerFrom, engineAnswer, listAnswer, listAnswerOf, statusAnswer, statusAnswerOf } from './answers';
import { composeLs, composePs, containerListPath } from './composeViews';
import type { DockerContext } from './context';

/**
 * The reads that compose's views answer: asked of the daemon's Engine API where the SSH
 * connection reaches it, else of `docker compose` on the host. Both ways give compose's records
 * to the same answer.
 */

/** The containers of a stack and their state. */
export async function readStatus(ctx: DockerContext, stack: string): Promise<IDataObject> {
	const reply = await ctx.engine(containerListPath(stack));
	if (reply) return engineAnswer(reply, (body) => statusAnswerOf(stack, composePs(body)));
	return answerFrom(await ctx.run(STATUS_SCRIPT, [ctx.docker, stack], true), (output) => statusAnswer(stack, output));
}

/** The compose stacks Docker knows. */
export async function readList(ctx: DockerContext): Promise<IDataObject> {
	const reply = await ctx.engine(containerListPath());
	if (reply) return engineAnswer(reply, (body) => listAnswerOf(composeLs(body)));
	return answerFrom(await ctx.run(LIST_SCRIPT, [ctx.docker], true), listAnswer);
}
