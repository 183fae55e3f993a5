import type { IDataObject } from 'n8n-workflow';

import type { DockerContext } from '../../helpers/context';
import { manage } from '../../helpers/manage';

/** Restarts the stack containers, once Docker resolved the target (helpers/manage.ts). */
export async function execute(ctx: DockerContext, stack: string): Promise<IDataObject> {
	return await manage(ctx, 'restart', stack);
}
