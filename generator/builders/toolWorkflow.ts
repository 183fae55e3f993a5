/** One catalogue gateway tool -> one `toolWorkflow` (typeVersion 2.2) node's parameters. */
import { TOOL_REFUSAL_INFIX } from 'n8n-nodes-hermes';

import type { GatewayInput, GatewayTarget, ToolSpec } from '../toolSpec/schema';
import { GATEWAY_INPUTS } from '../toolSpec/schema';
import type { HermesConfig } from '../config';
import { expression, fromAiCall, quote } from '../fromAi';
import type { JsonObject, JsonValue } from './n8nTypes';
import type { ParamLookup, ValueOf } from './odooTool';
import { mapperColumn, workflowByName } from './resourceLocator';

/**
 * Suffix of the value sent for an out-of-list action, in the form the gateway node reads back.
 * It is never a valid action (it holds spaces), so the node answers __BAD_ACTION__ and lists
 * the tool's own actions that its settings allow.
 */
export function refusedSuffix(allowed: readonly string[]): string {
	return `${TOOL_REFUSAL_INFIX}${allowed.join(', ')}`;
}

/** A sub-workflow input's value: a literal, a `$fromAI` call, or one refused unless in its allow-list. */
export function inputValue(input: GatewayInput | undefined, param: ParamLookup, valueOf: ValueOf = fromAiCall): JsonValue {
	if (input === undefined) return '';
	if (input.param === undefined) return input.value as JsonValue;
	const call = valueOf(param(input.param));
	if (input.allowed === undefined) return expression(call);
	const allowed = `[${input.allowed.map(quote).join(', ')}]`;
	return expression(`${allowed}.includes(${call}) ? ${call} : ${call} + ${quote(refusedSuffix(input.allowed))}`);
}

export function toolWorkflowParameters(tool: ToolSpec, config: HermesConfig, param: ParamLookup): JsonObject {
	const target = tool.target as GatewayTarget;
	const names = GATEWAY_INPUTS[target.gateway];
	const byName = new Map(target.inputs.map((i) => [i.input, i]));
	return {
		description: tool.description,
		source: 'database',
		workflowId: workflowByName(config.gatewayWorkflows[target.gateway]),
		workflowInputs: {
			mappingMode: 'defineBelow',
			value: Object.fromEntries(names.map((n) => [n, inputValue(byName.get(n), param)])),
			matchingColumns: [],
			schema: names.map((n) => mapperColumn(n, 'string')),
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		},
	};
}
