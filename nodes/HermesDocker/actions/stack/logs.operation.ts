import type { IDataObject } from 'n8n-workflow';

import { DOCKER_LOG_CAPS, type DockerAction } from '../../../../core/docker/contract';
import { answerFrom, logsAnswer } from '../../helpers/answers';
import type { DockerContext } from '../../helpers/context';
import { LOGS_SCRIPT } from '../../scripts/compose';

export const onStack = true;

/** The newest log lines of a stack, capped (read-only, retried on transient faults). */
export async function execute(ctx: DockerContext, _action: DockerAction, stack: string): Promise<IDataObject> {
	const args = [ctx.docker, stack, String(DOCKER_LOG_CAPS.tailLines), String(DOCKER_LOG_CAPS.chars + 1)];
	return answerFrom(await ctx.run(LOGS_SCRIPT, args, true), (output) => logsAnswer(stack, output));
}

export { check } from './status.operation';
