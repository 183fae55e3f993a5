/**
 * What create-once workflows are called, and the toolWorkflow a create-once tool (plan/) is in the
 * MCP tools workflow: it calls its create-once workflow with the tool's own inputs and `duplicate`.
 */
import type { JsonObject } from '../builders/n8nTypes';
import { callWorkflowParameters } from '../builders/nodeParts';
import { toolWorkflowInputs } from '../builders/toolWorkflow';
import type { HermesConfig } from '../config';
import type { ToolPlan } from '../plan';
import { inputType, wrapperInputs, type WrapperInput } from '../builders/wrappedTool';
import { expression, fromAiCall } from '../fromAi';
import type { ParameterSpec } from '../toolSpec/schema';
import { DUPLICATE_DESCRIPTION, DUPLICATE_PARAM } from './answers';

export const DUPLICATE_SPEC: ParameterSpec = { key: DUPLICATE_PARAM, type: 'boolean', description: DUPLICATE_DESCRIPTION, required: false, default: false };

export function onceWorkflowName(tool: string, config: Pick<HermesConfig, 'creates'>): string {
	return `${config.creates.workflowPrefix}${tool}`;
}

export function onceWorkflowFileName(tool: string): string {
	return `hermes-create-${tool.replace(/_/g, '-')}.json`;
}

/** The inputs of the create-once workflow, with what the toolWorkflow passes: a gateway tool's sub-workflow inputs, else the tool's parameters and its raw call; and `duplicate`. */
function onceCallInputs(plan: ToolPlan): WrapperInput[] {
	const { tool, gateway, lookup } = plan;
	if (gateway === undefined) return wrapperInputs(plan, DUPLICATE_SPEC);
	// The gateway's inputs as its own toolWorkflow passes them, for the tool as the agent sees it (with `duplicate`).
	const duplicate = { name: DUPLICATE_PARAM, type: inputType(DUPLICATE_SPEC), value: expression(fromAiCall(DUPLICATE_SPEC)) };
	return [...toolWorkflowInputs({ ...tool, parameters: [...tool.parameters, DUPLICATE_SPEC] }, lookup), duplicate];
}

/** What the create-once workflow's trigger takes. */
export function onceInputs(plan: ToolPlan): Array<{ name: string; type: string }> {
	return onceCallInputs(plan).map(({ name, type }) => ({ name, type }));
}

export function onceToolParameters(plan: ToolPlan, config: HermesConfig): JsonObject {
	return callWorkflowParameters(plan.tool.description, onceWorkflowName(plan.tool.name, config), onceCallInputs(plan));
}
