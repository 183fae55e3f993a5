/** One catalogue gateway tool -> one `toolWorkflow` (typeVersion 2.2) node's parameters, calling its gateway sub-workflow. */
import type { HermesConfig } from '../config';
import { expression, fromAiCall } from '../fromAi';
import type { GatewayInput, GatewayTarget, ToolSpec } from '../toolSpec/schema';
import { agentArgumentsInputs } from './agentArguments';
import { subWorkflowInputNames, toolAllowLists } from './gatewayParams';
import type { ToolPlan } from '../plan';
import type { JsonObject, JsonValue } from './n8nTypes';
import { callWorkflowParameters, type CallInput, type ParamLookup } from './nodeParts';

/** A sub-workflow input's value: a literal or a `$fromAI` call. */
function inputValue(input: GatewayInput | undefined, param: ParamLookup): JsonValue {
	if (input === undefined) return '';
	if (input.param === undefined) return input.value as JsonValue;
	return expression(fromAiCall(param(input.param)));
}

/**
 * The sub-workflow inputs of one tool: the catalogue's, then each allow-list as a literal the
 * gateway node's setting reads (never `$fromAI`: the agent cannot widen its own list), then the
 * agent's raw arguments and the tool's argument names.
 */
export function toolWorkflowInputs(tool: ToolSpec, param: ParamLookup): CallInput[] {
	const target = tool.target as GatewayTarget;
	const lists = new Map(toolAllowLists(tool.name, target).map(([list, value]) => [list.input, value]));
	const byName = new Map(target.inputs.map((i) => [i.input, i]));
	const agent = agentArgumentsInputs(tool);
	return subWorkflowInputNames(target.gateway).map((name) => ({ name, type: 'string', value: agent[name] ?? lists.get(name) ?? inputValue(byName.get(name), param) }));
}

export function toolWorkflowParameters({ tool, lookup }: ToolPlan, config: HermesConfig): JsonObject {
	return callWorkflowParameters(tool.description, config.gatewayWorkflows[(tool.target as GatewayTarget).gateway], toolWorkflowInputs(tool, lookup));
}
