import type { IDataObject } from 'n8n-workflow';

import type { DockerContext } from '../../helpers/context';
import { readStatus } from '../../helpers/reads';

/** The containers of a stack and their state (read-only, retried on transient faults). */
export async function execute(ctx: DockerContext, stack: string): Promise<IDataObject> {
	return await readStatus(ctx, stack);
}
