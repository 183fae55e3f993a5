/**
 * Which tools create once, what their sub-workflows are called, and the toolWorkflow such a tool
 * is in the MCP tools workflow: it calls the tool's create-once workflow with the tool's own
 * inputs plus an optional `duplicate`.
 *
 * A tool creates once when it can run an operation each call of which makes something new (its
 * contract's createOperations) and a workflow can keep the record: an Odoo tool, or a gateway
 * tool that calls its sub-workflow. A gated tool is not wrapped again: its approval runs once.
 */
import type { JsonObject } from '../builders/n8nTypes';
import { callWorkflowParameters } from '../builders/nodeParts';
import { parameterLookup } from '../builders/mcpWorkflow';
import { toolWorkflowInputs } from '../builders/toolWorkflow';
import { subWorkflowInputNames } from '../builders/gatewayParams';
import { isDirectGateway } from '../builders/gatewayWorkflows';
import type { HermesConfig } from '../config';
import { ConfigError } from '../config';
import { inputType, wrapperInputs, type WrapperInput } from '../builders/wrappedTool';
import { expression, fromAiCall } from '../fromAi';
import { createsRecords, type ParameterSpec, type ToolSpec } from '../toolSpec/schema';
import { DUPLICATE_DESCRIPTION, DUPLICATE_PARAM } from './answers';

export const DUPLICATE_SPEC: ParameterSpec = { key: DUPLICATE_PARAM, type: 'boolean', description: DUPLICATE_DESCRIPTION, required: false, default: false };

/** The tools that create once: creating, not gated, and run inside a workflow (a gateway's sub-workflow, the Hermes Odoo node). */
export function createTools(catalogue: readonly ToolSpec[], config: Pick<HermesConfig, 'gatewayMode'>, gated: readonly string[]): ToolSpec[] {
	const inWorkflow = (t: ToolSpec) => t.target.kind !== 'gateway' || !isDirectGateway(t.target.gateway, config);
	const tools = catalogue.filter((t) => createsRecords(t.target) && !gated.includes(t.name) && inWorkflow(t));
	const clashing = tools.filter((t) => t.parameters.some((p) => p.key === DUPLICATE_PARAM));
	if (clashing.length > 0) throw new ConfigError(`These tools create records and already have a parameter "${DUPLICATE_PARAM}", which a create tool adds:`, clashing.map((t) => t.name));
	return tools;
}

export function onceWorkflowName(tool: string, config: Pick<HermesConfig, 'creates'>): string {
	return `${config.creates.workflowPrefix}${tool}`;
}

export function onceWorkflowFileName(tool: string): string {
	return `hermes-create-${tool.replace(/_/g, '-')}.json`;
}

/** The inputs of the create-once workflow, with what the toolWorkflow passes: a gateway tool's sub-workflow inputs, else the tool's parameters and its raw call; and `duplicate`. */
function onceCallInputs(tool: ToolSpec, config: HermesConfig): WrapperInput[] {
	const lookup = parameterLookup(tool, config);
	if (tool.target.kind !== 'gateway') return wrapperInputs(tool, DUPLICATE_SPEC, lookup);
	// The gateway's inputs as its own toolWorkflow passes them, for the tool as the agent sees it (with `duplicate`).
	const values = toolWorkflowInputs({ ...tool, parameters: [...tool.parameters, DUPLICATE_SPEC] }, lookup);
	const duplicate = { name: DUPLICATE_PARAM, type: inputType(DUPLICATE_SPEC), value: expression(fromAiCall(DUPLICATE_SPEC)) };
	return [...subWorkflowInputNames(tool.target.gateway).map((name) => ({ name, type: 'string', value: values[name] })), duplicate];
}

/** What the create-once workflow's trigger takes. */
export function onceInputs(tool: ToolSpec, config: HermesConfig): Array<{ name: string; type: string }> {
	return onceCallInputs(tool, config).map(({ name, type }) => ({ name, type }));
}

export function onceToolParameters(tool: ToolSpec, config: HermesConfig): JsonObject {
	return callWorkflowParameters(tool.description, onceWorkflowName(tool.name, config), onceCallInputs(tool, config));
}
