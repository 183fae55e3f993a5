/** One catalogue gateway tool -> one `toolWorkflow` (typeVersion 2.2) node's parameters. */
import type { HermesConfig } from '../config';
import { expression, fromAiCall } from '../fromAi';
import type { GatewayInput, GatewayTarget, ToolSpec } from '../toolSpec/schema';
import { agentArgumentsInputs } from './agentArguments';
import { allowListsOf, checkAllowedInputs, contractOf, inputOfRole, subWorkflowInputNames, toolAllowList } from './gatewayParams';
import type { JsonObject, JsonValue } from './n8nTypes';
import type { ParamLookup, ValueOf } from './odooTool';
import { mapperColumn, workflowByName } from './resourceLocator';

/** A sub-workflow input's value: a literal or a `$fromAI` call. An allow-list travels as its own literal input. */
export function inputValue(input: GatewayInput | undefined, param: ParamLookup, valueOf: ValueOf = fromAiCall): JsonValue {
	if (input === undefined) return '';
	if (input.param === undefined) return input.value as JsonValue;
	return expression(valueOf(param(input.param)));
}

/**
 * The sub-workflow inputs of one tool: the catalogue's, then each allow-list as a literal the
 * gateway node's setting reads (never `$fromAI`: the agent cannot widen its own list), then the
 * agent's raw arguments and the tool's argument names.
 */
export function toolWorkflowInputs(tool: ToolSpec, param: ParamLookup): Record<string, JsonValue> {
	const target = tool.target as GatewayTarget;
	checkAllowedInputs(tool.name, target);
	const contract = contractOf(target.gateway);
	const byName = new Map(target.inputs.map((i) => [i.input, i]));
	const lists = new Map(
		allowListsOf(target.gateway).map(([role, list]) => [list.input, toolAllowList(tool.name, target.gateway, role, byName.get(inputOfRole(contract, role) ?? ''))]),
	);
	const agent = agentArgumentsInputs(tool);
	return Object.fromEntries(subWorkflowInputNames(target.gateway).map((n) => [n, agent[n] ?? lists.get(n) ?? inputValue(byName.get(n), param)]));
}

export function toolWorkflowParameters(tool: ToolSpec, config: HermesConfig, param: ParamLookup): JsonObject {
	const target = tool.target as GatewayTarget;
	const names = subWorkflowInputNames(target.gateway);
	return {
		description: tool.description,
		source: 'database',
		workflowId: workflowByName(config.gatewayWorkflows[target.gateway]),
		workflowInputs: {
			mappingMode: 'defineBelow',
			value: toolWorkflowInputs(tool, param),
			matchingColumns: [],
			schema: names.map((n) => mapperColumn(n, 'string')),
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		},
	};
}
