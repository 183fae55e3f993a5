import type { IDataObject } from 'n8n-workflow';

import { answerFrom, listAnswer } from '../../helpers/answers';
import type { DockerContext } from '../../helpers/context';
import { LIST_SCRIPT } from '../../scripts/compose';

/** The compose stacks Docker knows (read-only, retried on transient faults; takes no stack). */
export async function execute(ctx: DockerContext): Promise<IDataObject> {
	return answerFrom(await ctx.run(LIST_SCRIPT, [ctx.docker], true), listAnswer);
}
