import type { IDataObject } from 'n8n-workflow';

import { checkPassed } from '../../../shared/operations';
import { answerFrom, engineAnswer, listAnswer, listAnswerOf } from '../../helpers/answers';
import { composeLs, containerListPath } from '../../helpers/composeViews';
import type { DockerContext } from '../../helpers/context';
import { LIST_SCRIPT } from '../../scripts/compose';

/** List takes no stack. */
export const onStack = false;

/**
 * The compose stacks Docker knows (read-only, retried on transient faults): asked of the
 * daemon's Engine API where the SSH connection reaches it, else of `docker compose ls`.
 */
export async function execute(ctx: DockerContext): Promise<IDataObject> {
	const reply = await ctx.engine(containerListPath());
	if (reply) return engineAnswer(reply, (body) => listAnswerOf(composeLs(body)));
	return answerFrom(await ctx.run(LIST_SCRIPT, [ctx.docker], true), listAnswer);
}

/** Check Only: nothing to resolve or read. */
export async function check(): Promise<IDataObject> {
	return checkPassed({ operation: 'list' }, null);
}
