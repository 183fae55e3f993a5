import type { IDataObject } from 'n8n-workflow';

import type { DockerContext } from '../../helpers/context';
import { readList } from '../../helpers/reads';

/** The compose stacks Docker knows (read-only, retried on transient faults; takes no stack). */
export async function execute(ctx: DockerContext): Promise<IDataObject> {
	return await readList(ctx);
}
