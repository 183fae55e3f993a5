/**
 * `gatewayMode: 'direct'` read back: a gateway node's own tool variant (`<prefix>.<type>Tool`) ->
 * a catalogue gateway tool, and the deployment settings the node shows (the generator writes
 * them from the config, so the config that rebuilds the node must hold them).
 */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES, TOOL_TYPE_SUFFIX, type GatewayContract, type GatewayName } from '../contracts';

import { inputOfRole } from '../builders/gatewayParams';
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

/**
 * A gateway node saved with another version than the generator emits (version 1 named its
 * parameters `action`, `mode`, and one vault `query` for search text, prefix and path) as the
 * emitted version writes it: the same call under that version's names. The vault's one query
 * goes to the parameter its operation uses (to all three when the operation is not fixed), and
 * the description is the manual one every version-2 tool variant takes. Anything else is left
 * as it is, for the rebuild check to report.
 */
export function asEmittedVersion(node: RawNode): RawNode {
	const direct = directGatewayOf(node.type);
	if (!direct) return node;
	const contract: GatewayContract = GATEWAY_CONTRACTS[direct.gateway];
	const saved = typeof node.typeVersion === 'number' ? contract.paramsByVersion[node.typeVersion] : undefined;
	if (!saved || node.typeVersion === contract.typeVersion) return node;
	const savedNames = saved as Readonly<Record<string, string | undefined>>;
	const p = node.parameters ?? {};
	const operation = savedNames.operation === undefined ? undefined : p[savedNames.operation];
	const fixed = typeof operation === 'string' && !operation.startsWith('=') ? operation : undefined;
	const serves = (role: string) => fixed === undefined || (contract.shownFor[role]?.includes(fixed) ?? true);
	const renamed = new Set(Object.values(savedNames));
	const parameters: Record<string, unknown> = { descriptionType: 'manual' };
	for (const [name, value] of Object.entries(p)) if (!renamed.has(name)) parameters[name] = value;
	for (const [role, name] of Object.entries(contract.params)) {
		const from = savedNames[role];
		if (from !== undefined && p[from] !== undefined && serves(role)) parameters[name] = p[from];
	}
	return { ...node, typeVersion: contract.typeVersion, parameters };
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
