/**
 * How catalogue inputs meet a gateway node's parameters, from the node's contract: which input
 * feeds which parameter, which parameters an operation uses, and the allow-list a tool puts on
 * the node. Shared by both gateway modes, the approval gates and the importer.
 */
import { AGENT_ARGUMENT_INPUTS, GATEWAY_CONTRACTS, TOOL_TYPE_SUFFIX, type AllowList, type GatewayContract, type GatewayName, type SubWorkflowGateway } from '../contracts';

import { ConfigError, type HermesConfig } from '../config';
import { settingParameters } from '../config/nodeSettings';
import { expression, fromAiCall } from '../fromAi';
import type { GatewayInput, GatewayTarget, ToolSpec } from '../toolSpec/schema';
import { GATEWAY_INPUTS } from '../toolSpec/schema';
import type { JsonObject, JsonValue } from './n8nTypes';
import type { NodeKind, ParamLookup, ValueOf } from './nodeParts';

export const contractOf = (gateway: GatewayName): SubWorkflowGateway => GATEWAY_CONTRACTS[gateway];

/** A contract's node type under the package prefix (`<prefix>.<type>`, its tool variant `<prefix>.<type>Tool`) and the version the generator emits. */
export function nodeKind(contract: GatewayContract, prefix: string, asTool = false): NodeKind {
	return { type: `${prefix}.${contract.type}${asTool ? TOOL_TYPE_SUFFIX : ''}`, typeVersion: contract.typeVersion };
}

/** The prefix a node type of the contract's tool variant was loaded under; undefined for any other type. */
export function toolVariantPrefix(type: string, contract: GatewayContract): string | undefined {
	const suffix = `.${contract.type}${TOOL_TYPE_SUFFIX}`;
	return type.endsWith(suffix) && type.length > suffix.length ? type.slice(0, -suffix.length) : undefined;
}

/** The catalogue input feeding a role, if any. */
export function inputOfRole(contract: GatewayContract, role: string): string | undefined {
	return Object.entries(contract.subWorkflowInputs).find(([, roles]) => roles.includes(role))?.[0];
}

/** The allow-lists of a gateway, by the role they restrict. */
export function allowListsOf(gateway: GatewayName): Array<[string, AllowList]> {
	return Object.entries(contractOf(gateway).allowLists).filter((entry): entry is [string, AllowList] => entry[1] !== undefined);
}

/**
 * Every Execute Workflow Trigger input of a gateway sub-workflow: the catalogue's, then the
 * allow-lists', then the agent's raw arguments and the tool's argument names.
 */
export function subWorkflowInputNames(gateway: GatewayName): string[] {
	return [...GATEWAY_INPUTS[gateway], ...allowListsOf(gateway).map(([, list]) => list.input), ...AGENT_ARGUMENT_INPUTS];
}

/**
 * The list a tool puts on the node for one allow-listed role: its `allowed` values (checked
 * against what the node takes), else everything the node takes. A tool without the input gets
 * the node's whole list too: the node still refuses values it does not know.
 */
function toolAllowList(tool: string, gateway: GatewayName, role: string, input: GatewayInput | undefined): string {
	const rule = contractOf(gateway).allowLists[role];
	if (!rule) return '';
	const allowed = input?.allowed ?? rule.values;
	const unknown = allowed.filter((value) => !rule.values.includes(value));
	if (unknown.length > 0) {
		throw new ConfigError(`Tool "${tool}": the ${gateway} node does not know ${unknown.map((v) => `"${v}"`).join(', ')} (its ${rule.setting} takes ${rule.values.join(', ')})`);
	}
	return allowed.join(',');
}

/**
 * Each allow-list of the tool's gateway, with the values the tool puts on it. An `allowed`
 * list works only where the node holds an allow-list for that input: said at generate time.
 */
export function toolAllowLists(tool: string, target: GatewayTarget): Array<[AllowList, string]> {
	const contract = contractOf(target.gateway);
	for (const input of target.inputs) {
		if (input.allowed === undefined) continue;
		const roles = contract.subWorkflowInputs[input.input] ?? [];
		if (!roles.some((role) => contract.allowLists[role])) {
			throw new ConfigError(`Tool "${tool}": input "${input.input}" has an allowed list, but the ${target.gateway} node has no allow-list setting for it`);
		}
	}
	const byInput = new Map(target.inputs.map((i) => [i.input, i]));
	return allowListsOf(target.gateway).map(([role, list]) => [list, toolAllowList(tool, target.gateway, role, byInput.get(inputOfRole(contract, role) ?? ''))]);
}

/**
 * The roles a tool's node uses: every role, less those serving only other operations when the
 * tool fixes the operation (vault_read sets `path`, not `query` or `prefix`).
 */
export function rolesForTool(contract: GatewayContract, target: GatewayTarget): string[] {
	const operationInput = inputOfRole(contract, 'operation');
	const fixed = target.inputs.find((i) => i.input === operationInput && i.param === undefined)?.value;
	return Object.keys(contract.params).filter((role) => {
		const serves = contract.shownFor[role];
		return fixed === undefined || serves === undefined || serves.includes(String(fixed));
	});
}

/**
 * The gateway node's parameters for one tool: agent inputs (from `valueOf`), fixed inputs, the
 * node's settings and allow-lists. Shared by the tool variant and a gate's node.
 */
export function gatewayNodeParameters(tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, valueOf: ValueOf = fromAiCall): JsonObject {
	const target = tool.target as GatewayTarget;
	const lists = toolAllowLists(tool.name, target);
	const contract = contractOf(target.gateway);
	const byInput = new Map(target.inputs.map((i) => [i.input, i]));
	const agentFacing: Array<[string, JsonValue]> = [];
	// In the node's own parameter order; inputs the tool leaves out keep the node's default.
	for (const role of rolesForTool(contract, target)) {
		const input = byInput.get(inputOfRole(contract, role) ?? '');
		if (!input) continue;
		agentFacing.push([contract.params[role], input.param === undefined ? (input.value as JsonValue) : expression(valueOf(lookup(input.param)))]);
	}
	return {
		...Object.fromEntries(agentFacing),
		...settingParameters(contract, config),
		...Object.fromEntries(lists.map(([list, value]) => [contract.params[list.setting], value])),
	};
}
