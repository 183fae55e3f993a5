/**
 * `gatewayMode: 'direct'` read back: a gateway node's own tool variant (`<prefix>.<type>Tool`) ->
 * a catalogue gateway tool, and the deployment settings the node shows (the generator writes
 * them from the config, so the config that rebuilds the node must hold them).
 */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES, TOOL_TYPE_SUFFIX, type GatewayContract, type GatewayName } from 'n8n-nodes-hermes';

import { ALLOW_LIST_SETTINGS } from '../builders';
import type { HermesConfig } from '../config';
import type { GatewayInput } from '../toolSpec/schema';
import type { RawNode, ToolDraft } from './mapNodes';
import { gatewayDraft, gatewayInput, nodeDescription } from './mapNodes';
import { ParameterCollector } from './values';

/** The gateway whose tool variant this node type is, and the prefix its package was loaded under. */
export function directGatewayOf(type: string): { gateway: GatewayName; prefix: string } | undefined {
	for (const gateway of GATEWAY_NAMES) {
		const suffix = `.${GATEWAY_CONTRACTS[gateway].type}${TOOL_TYPE_SUFFIX}`;
		if (type.endsWith(suffix) && type.length > suffix.length) return { gateway, prefix: type.slice(0, -suffix.length) };
	}
	return undefined;
}

export function mapDirectGatewayNode(node: RawNode, gateway: GatewayName, sensitive: boolean): ToolDraft {
	const contract: GatewayContract = GATEWAY_CONTRACTS[gateway];
	const p = node.parameters ?? {};
	const params = new ParameterCollector();
	const byParam = new Map<string, GatewayInput>();
	const inputOf = new Map(Object.entries(contract.subWorkflowInputs).map(([input, role]) => [contract.params[role], input]));
	// Agent parameters are collected in the node's parameter order, as the builder writes them.
	for (const name of Object.values(contract.params)) {
		const input = inputOf.get(name);
		if (input === undefined || p[name] === undefined) continue;
		const mapped = gatewayInput(input, p[name], params);
		if (!mapped) continue;
		const rule = ALLOW_LIST_SETTINGS[gateway]?.[name];
		const list = rule ? p[rule.setting] : undefined;
		byParam.set(name, typeof list === 'string' && mapped.param !== undefined ? { ...mapped, allowed: list.split(',') } : mapped);
	}
	// Inputs in the sub-workflow's order, as a catalogue lists them.
	const inputs = Object.values(contract.subWorkflowInputs).flatMap((role) => byParam.get(contract.params[role]) ?? []);
	return gatewayDraft(node, nodeDescription(p.toolDescription, 'toolDescription'), sensitive, { gateway, inputs }, params);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: unknown): string[] | undefined => text(value)?.split(',').filter(Boolean);

/** The config keys direct gateway nodes show, written into `implied` (the first node of each gateway wins). */
export function applyDirectSettings(implied: HermesConfig, tools: readonly RawNode[]): void {
	const seen = new Set<GatewayName>();
	for (const node of tools) {
		const direct = directGatewayOf(node.type);
		if (!direct || seen.has(direct.gateway)) continue;
		seen.add(direct.gateway);
		implied.gatewayMode = 'direct';
		implied.nodeTypePrefix = direct.prefix;
		const p = node.parameters ?? {};
		const ssh = (node.credentials as Record<string, { name?: unknown }> | undefined)?.hermesSshApi?.name;
		if (typeof ssh === 'string' && ssh) implied.credentials.ssh = ssh;
		const { vault, docker, monitoring } = GATEWAY_CONTRACTS;
		if (direct.gateway === 'vault') {
			implied.vault.path = text(p[vault.params.vaultPath]) ?? implied.vault.path;
			implied.vault.writePrefixes = list(p[vault.params.writePrefixes]) ?? implied.vault.writePrefixes;
		}
		if (direct.gateway === 'docker') {
			implied.docker.command = text(p[docker.params.dockerCommand]) ?? implied.docker.command;
			implied.docker.protectedStacks = list(p[docker.params.protectedStacks]) ?? implied.docker.protectedStacks;
		}
		if (direct.gateway === 'monitoring') implied.prometheusUrl = text(p[monitoring.params.prometheusUrl]) ?? implied.prometheusUrl;
	}
}
