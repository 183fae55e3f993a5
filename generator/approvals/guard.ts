/** Approvals as a guarded call (project/guards.ts): a tool acts only on a call a person approved. */
import type { Guard } from '../dataTables/guard';
import { buildApprovalGate } from './gate';
import { gatedToolParameters, gateWorkflowFileName, gateWorkflowName } from './gatedTools';
import { APPROVAL_COLUMNS } from './store';

export const approvalGuard: Guard = {
	wiring: 'gate',
	workflowName: gateWorkflowName,
	fileName: gateWorkflowFileName,
	toolParameters: gatedToolParameters,
	build: buildApprovalGate,
	// The page reads the store too: it is made whenever approvals are configured.
	stores: ({ approvals }) => (approvals ? [{ name: approvals.table, columns: APPROVAL_COLUMNS }] : []),
};
