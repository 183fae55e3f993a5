import type { IDataObject } from 'n8n-workflow';

import { answerFrom, listAnswer, LOG_CAPS, logsAnswer, statusAnswer } from '../dockerAnswer';
import { LIST_SCRIPT, LOGS_SCRIPT, STATUS_SCRIPT } from '../remoteScripts';
import type { DockerContext } from './context';

/** The read actions: one read-only script each, retried on transient transport faults. */

export async function list(ctx: DockerContext): Promise<IDataObject> {
	return answerFrom(await ctx.run(LIST_SCRIPT, [ctx.docker], true), listAnswer);
}

export async function status(ctx: DockerContext, stack: string): Promise<IDataObject> {
	return answerFrom(await ctx.run(STATUS_SCRIPT, [ctx.docker, stack], true), (output) => statusAnswer(stack, output));
}

export async function logs(ctx: DockerContext, stack: string): Promise<IDataObject> {
	const args = [ctx.docker, stack, String(LOG_CAPS.tailLines), String(LOG_CAPS.chars + 1)];
	return answerFrom(await ctx.run(LOGS_SCRIPT, args, true), (output) => logsAnswer(stack, output));
}
