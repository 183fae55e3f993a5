/**
 * `gatewayMode: 'direct'`: one catalogue gateway tool -> the gateway node's own tool variant
 * (`<prefix>.<type>Tool`), wired straight to the MCP trigger. Agent inputs are `$fromAI` calls in
 * the node's parameters (n8n builds the tool's schema from them, as for any node used as a tool),
 * fixed inputs are literals, and an input's allow-list becomes the node's own allow-list setting
 * where the node has one, so the node itself refuses anything else.
 */
import { DOCKER, DOCKER_ACTIONS, GATEWAY_CONTRACTS, TOOL_TYPE_SUFFIX, type GatewayContract, type GatewayName } from 'n8n-nodes-hermes';

import type { HermesConfig } from '../config';
import { ConfigError } from '../config';
import type { GatewayInput, GatewayTarget, ToolSpec } from '../toolSpec/schema';
import type { JsonObject, JsonValue } from './n8nTypes';
import type { ParamLookup, ValueOf } from './odooTool';
import { gatewaySettings } from './gatewaySettings';
import { inputValue } from './toolWorkflow';

export interface AllowListSetting {
	/** The node setting holding the comma-separated allow-list. */
	setting: string;
	/** Every value the node accepts there (an unknown one makes the node refuse to run). */
	values: readonly string[];
}

/** Agent-facing node parameters whose allowed values a node setting restricts, by gateway. */
export const ALLOW_LIST_SETTINGS: Partial<Record<GatewayName, Record<string, AllowListSetting>>> = {
	docker: { [DOCKER.params.action]: { setting: DOCKER.params.allowedActions, values: DOCKER_ACTIONS } },
};

/** n8n gives a node's tool variant a "set automatically / manually" choice only when it has a resource or operation. */
export function hasDescriptionType(contract: GatewayContract): boolean {
	return Object.values(contract.params).some((param) => param === 'resource' || param === 'operation');
}

export function directToolType(gateway: GatewayName, config: Pick<HermesConfig, 'nodeTypePrefix'>): string {
	return `${config.nodeTypePrefix}.${GATEWAY_CONTRACTS[gateway].type}${TOOL_TYPE_SUFFIX}`;
}

function allowListSetting(tool: string, gateway: GatewayName, param: string, input: GatewayInput): [string, JsonValue] | undefined {
	const rule = ALLOW_LIST_SETTINGS[gateway]?.[param];
	if (!rule || input.allowed === undefined) return undefined;
	const unknown = input.allowed.filter((value) => !rule.values.includes(value));
	if (unknown.length > 0) {
		throw new ConfigError(`Tool "${tool}": the ${gateway} node does not know ${unknown.map((v) => `"${v}"`).join(', ')} (its ${rule.setting} takes ${rule.values.join(', ')})`);
	}
	return [rule.setting, input.allowed.join(',')];
}

/**
 * The gateway node's parameters for one tool: agent inputs (from `valueOf`), fixed inputs, the
 * node's settings and allow-lists. Shared by the tool variant and a gate's node.
 */
export function gatewayNodeParameters(tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, valueOf?: ValueOf): JsonObject {
	const target = tool.target as GatewayTarget;
	const contract: GatewayContract = GATEWAY_CONTRACTS[target.gateway];
	const inputOf = new Map(Object.entries(contract.subWorkflowInputs).map(([input, role]) => [role, input]));
	const byInput = new Map(target.inputs.map((i) => [i.input, i]));
	const agentFacing: Array<[string, JsonValue]> = [];
	const allowLists: Array<[string, JsonValue]> = [];
	// In the node's own parameter order; inputs the tool leaves out keep the node's default.
	for (const role of Object.keys(contract.params)) {
		const input = byInput.get(inputOf.get(role) ?? '');
		if (!input) continue;
		const param = contract.params[role];
		const enforced = allowListSetting(tool.name, target.gateway, param, input);
		if (enforced) allowLists.push(enforced);
		agentFacing.push([param, inputValue(enforced ? { ...input, allowed: undefined } : input, lookup, valueOf)]);
	}
	return {
		...Object.fromEntries(agentFacing),
		...gatewaySettings(target.gateway, config),
		...Object.fromEntries(allowLists),
	};
}

export function directToolParameters(tool: ToolSpec, config: HermesConfig, lookup: ParamLookup): JsonObject {
	const contract: GatewayContract = GATEWAY_CONTRACTS[(tool.target as GatewayTarget).gateway];
	return {
		...(hasDescriptionType(contract) ? { descriptionType: 'manual' } : {}),
		toolDescription: tool.description,
		...gatewayNodeParameters(tool, config, lookup),
	};
}
