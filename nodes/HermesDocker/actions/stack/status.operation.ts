import type { IDataObject } from 'n8n-workflow';

import { answerFrom, statusAnswer } from '../../helpers/answers';
import type { DockerContext } from '../../helpers/context';
import { STATUS_SCRIPT } from '../../scripts/compose';

/** The containers of a stack and their state (read-only, retried on transient faults). */
export async function execute(ctx: DockerContext, stack: string): Promise<IDataObject> {
	return answerFrom(await ctx.run(STATUS_SCRIPT, [ctx.docker, stack], true), (output) => statusAnswer(stack, output));
}
