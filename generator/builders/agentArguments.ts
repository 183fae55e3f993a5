/**
 * The two gateway-node parameters that refuse arguments no parameter of the tool takes
 * (`core/agentArguments.ts` says why n8n would drop them): the MCP call as the agent
 * sent it and the tool's own argument names.
 */
import { AGENT_ARGUMENTS } from '../contracts';

import { expression, quote } from '../fromAi';
import type { ToolSpec } from '../toolSpec/schema';
import type { JsonObject } from './n8nTypes';

/**
 * The `tools/call` params (name and arguments as the agent sent them), read from the tool's input
 * item: MCP Trigger 2.1 hands its tools `{ body, headers }`, older versions the request body
 * itself. JSON text, so a sub-workflow's string input carries it unchanged. n8n's expressions
 * refuse the name `arguments`, so the node takes the arguments out of the params itself. Only a
 * call of this very tool counts (empty otherwise: nothing is checked), so the check can never
 * judge one tool's call by another's arguments.
 */
export function sentCall(toolName: string): string {
	const params = '($json.body ?? $json).params';
	return expression(`${params}?.name === ${quote(toolName)} ? JSON.stringify(${params}) : ''`);
}

/** The tool's arguments as `tools/list` shows them to the agent, sorted: the parameters' order does not matter here. */
export function acceptedArguments(tool: Pick<ToolSpec, 'parameters'>): string {
	return tool.parameters
		.map((p) => p.key)
		.sort()
		.join(', ');
}

/** Both parameters on a gateway node used directly as a tool. */
export function agentArgumentsParameters(tool: Pick<ToolSpec, 'name' | 'parameters'>): JsonObject {
	return { [AGENT_ARGUMENTS.params.sent]: sentCall(tool.name), [AGENT_ARGUMENTS.params.accepted]: acceptedArguments(tool) };
}

/** Both as the inputs a calling toolWorkflow passes to a gateway sub-workflow. */
export function agentArgumentsInputs(tool: Pick<ToolSpec, 'name' | 'parameters'>): JsonObject {
	return { [AGENT_ARGUMENTS.inputs.sent]: sentCall(tool.name), [AGENT_ARGUMENTS.inputs.accepted]: acceptedArguments(tool) };
}

/** The node reads both from its trigger's inputs: the item itself in a gateway sub-workflow, the trigger by name in a gate. */
export function agentArgumentsFromInputs(input: (name: string) => string = (name) => `$json.${name}`): JsonObject {
	return {
		[AGENT_ARGUMENTS.params.sent]: expression(input(AGENT_ARGUMENTS.inputs.sent)),
		[AGENT_ARGUMENTS.params.accepted]: expression(input(AGENT_ARGUMENTS.inputs.accepted)),
	};
}
