import type { IDataObject } from 'n8n-workflow';

import { DOCKER_MANAGE_ACTIONS, type DockerAction, type DockerManageAction } from '../contract';
import type { DockerContext } from './context';
import { resolveForAction } from './manage';
import { readStatus } from './reads';

const isManage = (action: DockerAction): action is DockerManageAction => (DOCKER_MANAGE_ACTIONS as readonly string[]).includes(action);

/**
 * Check Only: the call passed the node's own input checks (the router ran them); a manage
 * action's target is then resolved through Docker as the action would resolve it, and the
 * stack's containers are read (the status operation's read) so a person sees what it acts on.
 * Nothing but reads runs.
 */
export async function check(ctx: DockerContext, action: DockerAction, stack: string | undefined): Promise<IDataObject> {
	if (stack === undefined) return { success: true, checked: true, normalised: { operation: action }, target: null };
	if (isManage(action)) {
		const resolved = await resolveForAction(ctx, action, stack);
		if (!resolved.ok) return { ...resolved.answer };
	}
	const status = await readStatus(ctx, stack);
	// A stack Docker knows without containers is still a target; any other failure refuses.
	if (status.success !== true && status.error !== '__NOT_FOUND__') return status;
	const containers = status.success === true ? status.containers : [];
	return { success: true, checked: true, normalised: { operation: action, stack }, target: { stack, containers } };
}
