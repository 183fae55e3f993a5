/**
 * `gatewayMode: 'direct'`: one catalogue gateway tool -> the gateway node's own tool variant
 * (`<prefix>.<type>Tool`), wired straight to the MCP trigger. Agent inputs are `$fromAI` calls in
 * the node's parameters (n8n builds the tool's schema from them, as for any node used as a tool),
 * fixed inputs are literals, and an input's allow-list becomes the node's own allow-list setting,
 * so the node itself refuses anything else.
 */
import { TOOL_TYPE_SUFFIX, type GatewayName } from '../contracts';

import type { HermesConfig } from '../config';
import { expression, fromAiCall } from '../fromAi';
import type { GatewayTarget, ToolSpec } from '../toolSpec/schema';
import { agentArgumentsParameters } from './agentArguments';
import { allowListsOf, checkAllowedInputs, contractOf, gatewayNodeType, inputOfRole, rolesForTool, toolAllowList } from './gatewayParams';
import { gatewaySettings } from './gatewaySettings';
import type { JsonObject, JsonValue } from './n8nTypes';
import type { ParamLookup, ValueOf } from './odooTool';

export function directToolType(gateway: GatewayName, config: Pick<HermesConfig, 'nodeTypePrefix'>): { type: string; typeVersion: number } {
	return gatewayNodeType(gateway, config.nodeTypePrefix, TOOL_TYPE_SUFFIX);
}

/**
 * The gateway node's parameters for one tool: agent inputs (from `valueOf`), fixed inputs, the
 * node's settings and allow-lists. Shared by the tool variant and a gate's node.
 */
export function gatewayNodeParameters(tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, valueOf: ValueOf = fromAiCall): JsonObject {
	const target = tool.target as GatewayTarget;
	checkAllowedInputs(tool.name, target);
	const contract = contractOf(target.gateway);
	const byInput = new Map(target.inputs.map((i) => [i.input, i]));
	const agentFacing: Array<[string, JsonValue]> = [];
	// In the node's own parameter order; inputs the tool leaves out keep the node's default.
	for (const role of rolesForTool(contract, target)) {
		const input = byInput.get(inputOfRole(contract, role) ?? '');
		if (!input) continue;
		agentFacing.push([contract.params[role], input.param === undefined ? (input.value as JsonValue) : expression(valueOf(lookup(input.param)))]);
	}
	const allowLists = allowListsOf(target.gateway).map(([role, list]) => [
		contract.params[list.setting],
		toolAllowList(tool.name, target.gateway, role, byInput.get(inputOfRole(contract, role) ?? '')),
	]);
	return { ...Object.fromEntries(agentFacing), ...gatewaySettings(target.gateway, config), ...Object.fromEntries(allowLists) };
}

/**
 * Every gateway node has an `operation`, so its tool variant takes a manual description; the node
 * refuses an argument the tool does not take.
 */
export function directToolParameters(tool: ToolSpec, config: HermesConfig, lookup: ParamLookup): JsonObject {
	return { descriptionType: 'manual', toolDescription: tool.description, ...gatewayNodeParameters(tool, config, lookup), ...agentArgumentsParameters(tool) };
}
