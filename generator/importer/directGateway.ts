/**
 * `gatewayMode: 'direct'` read back: a gateway node's own tool variant (`<prefix>.<type>Tool`) ->
 * a catalogue gateway tool, and the deployment settings the node shows (the generator writes
 * them from the config, so the config that rebuilds the node must hold them).
 */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES, type GatewayContract, type GatewayName } from '../contracts';

import { inputOfRole, toolVariantPrefix } from '../builders/gatewayParams';
import type { HermesConfig } from '../config';
import { applyNodeSettings } from '../config/nodeSettings';
import type { GatewayInput } from '../toolSpec/schema';
import type { RawNode, ToolDraft } from './mapNodes';
import { gatewayDraft, gatewayInput, nodeDescription } from './mapNodes';
import { ParameterCollector } from './values';

/** The gateway whose tool variant this node type is, and the prefix its package was loaded under. */
export function directGatewayOf(type: string): { gateway: GatewayName; prefix: string } | undefined {
	for (const gateway of GATEWAY_NAMES) {
		const prefix = toolVariantPrefix(type, GATEWAY_CONTRACTS[gateway]);
		if (prefix !== undefined) return { gateway, prefix };
	}
	return undefined;
}

export function mapDirectGatewayNode(node: RawNode, gateway: GatewayName, sensitive: boolean): ToolDraft {
	const contract: GatewayContract = GATEWAY_CONTRACTS[gateway];
	const names: Readonly<Record<string, string>> = contract.params;
	const p = node.parameters ?? {};
	const params = new ParameterCollector();
	const byInput = new Map<string, GatewayInput>();
	// Agent parameters are collected in the node's parameter order, as the builder writes them;
	// several roles of one input (the vault's query, prefix and path) give it once.
	for (const role of Object.keys(contract.params)) {
		const name = names[role];
		const input = inputOfRole(contract, role);
		if (name === undefined || input === undefined || byInput.has(input) || p[name] === undefined) continue;
		const mapped = gatewayInput(input, p[name], params);
		if (!mapped) continue;
		const rule = contract.allowLists[role];
		const list = rule ? p[names[rule.setting]] : undefined;
		byInput.set(input, typeof list === 'string' && mapped.param !== undefined ? { ...mapped, allowed: list.split(',') } : mapped);
	}
	// Inputs in the sub-workflow's order, as a catalogue lists them.
	const inputs = Object.keys(contract.subWorkflowInputs).flatMap((input) => byInput.get(input) ?? []);
	return gatewayDraft(node, nodeDescription(p.toolDescription, 'toolDescription'), sensitive, { gateway, inputs }, params);
}

/** The config keys direct gateway nodes show, written into `implied` (the first node of each gateway wins). */
export function applyDirectSettings(implied: HermesConfig, tools: readonly RawNode[]): void {
	const seen = new Set<GatewayName>();
	for (const node of tools) {
		const direct = directGatewayOf(node.type);
		if (!direct || seen.has(direct.gateway)) continue;
		seen.add(direct.gateway);
		implied.gatewayMode = 'direct';
		implied.nodeTypePrefix = direct.prefix;
		applyNodeSettings(GATEWAY_CONTRACTS[direct.gateway], node, implied);
	}
}
