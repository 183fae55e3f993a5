/**
 * How catalogue inputs meet a gateway node's parameters, from the node's contract: which input
 * feeds which parameter, which parameters an operation uses, and the allow-list a tool puts on
 * the node. Shared by both gateway modes, the approval gates and the importer.
 */
import { AGENT_ARGUMENT_INPUTS, GATEWAY_CONTRACTS, type AllowList, type GatewayContract, type GatewayName } from '../contracts';

import { ConfigError } from '../config';
import type { GatewayInput, GatewayTarget } from '../toolSpec/schema';
import { GATEWAY_INPUTS } from '../toolSpec/schema';

export const contractOf = (gateway: GatewayName): GatewayContract => GATEWAY_CONTRACTS[gateway];

/** The node type and the version the generator emits for a gateway. */
export function gatewayNodeType(gateway: GatewayName, prefix: string, suffix = ''): { type: string; typeVersion: number } {
	const contract = contractOf(gateway);
	return { type: `${prefix}.${contract.type}${suffix}`, typeVersion: contract.typeVersion };
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
export function toolAllowList(tool: string, gateway: GatewayName, role: string, input: GatewayInput | undefined): string {
	const rule = contractOf(gateway).allowLists[role];
	if (!rule) return '';
	const allowed = input?.allowed ?? rule.values;
	const unknown = allowed.filter((value) => !rule.values.includes(value));
	if (unknown.length > 0) {
		throw new ConfigError(`Tool "${tool}": the ${gateway} node does not know ${unknown.map((v) => `"${v}"`).join(', ')} (its ${rule.setting} takes ${rule.values.join(', ')})`);
	}
	return allowed.join(',');
}

/** An `allowed` list works only where the node holds an allow-list for that input: say so at generate time. */
export function checkAllowedInputs(tool: string, target: GatewayTarget): void {
	const contract = contractOf(target.gateway);
	for (const input of target.inputs) {
		if (input.allowed === undefined) continue;
		const roles = contract.subWorkflowInputs[input.input] ?? [];
		if (!roles.some((role) => contract.allowLists[role])) {
			throw new ConfigError(`Tool "${tool}": input "${input.input}" has an allowed list, but the ${target.gateway} node has no allow-list setting for it`);
		}
	}
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
