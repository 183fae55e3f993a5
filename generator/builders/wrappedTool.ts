/**
 * A tool that runs inside a workflow of its own (an approval gate, a create-once workflow) is
 * called by a toolWorkflow in the MCP tools workflow. Both sides are built from one list: an
 * input per parameter of the tool, then the parameter the wrapper adds, then, where the tool's
 * node checks arguments, the raw call it checks them against.
 */
import { expression, fromAiCall } from '../fromAi';
import type { ToolPlan } from '../plan';
import type { ParameterSpec } from '../toolSpec/schema';
import { agentArgumentsInputs } from './agentArguments';
import type { JsonValue } from './n8nTypes';

/** Workflow input type of a tool parameter. */
export function inputType(param: ParameterSpec): string {
	return param.type === 'json' ? 'any' : param.type;
}

export interface WrapperInput {
	name: string;
	type: string;
	/** What the calling toolWorkflow passes: the agent's argument, or the raw call. */
	value: JsonValue;
}

export function wrapperInputs({ tool, checksArguments, lookup }: ToolPlan, added: ParameterSpec): WrapperInput[] {
	const params = [...tool.parameters.map((p) => lookup(p.key)), added];
	const agent = checksArguments ? agentArgumentsInputs({ name: tool.name, parameters: params }) : {};
	return [
		...params.map((p) => ({ name: p.key, type: inputType(p), value: expression(fromAiCall(p)) })),
		...Object.entries(agent).map(([name, value]) => ({ name, type: 'string', value })),
	];
}
