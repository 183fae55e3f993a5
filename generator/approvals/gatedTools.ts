/**
 * What a gated tool's (plan/) gate is called, and its toolWorkflow in the MCP tools workflow: it
 * calls the tool's gate with the tool's own parameters plus an optional `approval_id`.
 */
import type { JsonObject } from '../builders/n8nTypes';
import { callWorkflowParameters } from '../builders/nodeParts';
import { wrapperInputs } from '../builders/wrappedTool';
import type { HermesConfig } from '../config';
import { APPROVAL_ID_PARAM } from '../lint/core';
import type { ToolPlan } from '../plan';
import type { ParameterSpec } from '../toolSpec/schema';

// Defined with the lint core, which recognises gated tools in any workflow by it.
export { APPROVAL_ID_PARAM };

export function gateWorkflowName(tool: string, config: Pick<HermesConfig, 'approvals'>): string {
	if (!config.approvals) throw new Error('gateWorkflowName without approvals');
	return `${config.approvals.gateWorkflowPrefix}${tool}`;
}

export function gateWorkflowFileName(tool: string): string {
	return `hermes-approval-${tool.replace(/_/g, '-')}.json`;
}

export const APPROVAL_PAGE_FILE = 'hermes-approval-page.json';

export const APPROVAL_ID_SPEC: ParameterSpec = {
	key: APPROVAL_ID_PARAM,
	type: 'string',
	description: 'Leave empty on the first call. After a person approved, the approval_id that the first call answered',
	required: false,
	default: '',
};

/** Told to the agent, so it knows the first call only asks. */
export const GATED_NOTE =
	' Each call needs a person\'s approval: the first call executes nothing and answers __APPROVAL_REQUIRED__ with an approval_id; once the person approved, call again with that approval_id and the same arguments.';

/** The tool's parameters and `approval_id`, and where the gate's check can refuse an argument the tool does not take, the raw call. */
export function gatedToolParameters(plan: ToolPlan, config: HermesConfig): JsonObject {
	return callWorkflowParameters(`${plan.tool.description}${GATED_NOTE}`, gateWorkflowName(plan.tool.name, config), wrapperInputs(plan, APPROVAL_ID_SPEC));
}
