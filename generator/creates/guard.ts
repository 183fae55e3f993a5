/** Create-once as a guarded call (project/guards.ts): a create sent again creates nothing. */
import type { Guard } from '../dataTables/guard';
import { onceToolParameters, onceWorkflowFileName, onceWorkflowName } from './createTools';
import { buildOnceWorkflow } from './onceWorkflow';
import { CREATE_COLUMNS } from './store';

export const createOnceGuard: Guard = {
	wiring: 'once',
	workflowName: onceWorkflowName,
	fileName: onceWorkflowFileName,
	toolParameters: onceToolParameters,
	build: buildOnceWorkflow,
	stores: ({ creates }, plans) => (plans.some((p) => p.wiring === 'once') ? [{ name: creates.table, columns: CREATE_COLUMNS }] : []),
};
