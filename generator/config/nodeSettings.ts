/**
 * A node's operator settings and credential as the deployment config holds them, through its
 * contract's tables (`configSettings`, `credential`), read both ways: the generator writes them
 * onto the node, the importer reads a node back into the config. The built-in default takes the
 * node's own defaults, so a generated node behaves as the node does by default.
 */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES, type ConfigSetting, type GatewayContract } from '../contracts';

type Tree = Record<string, unknown>;

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted key (`vault.path`). */
function valueAt(root: object, key: string): unknown {
	return key.split('.').reduce<unknown>((node, part) => (isTree(node) ? node[part] : undefined), root);
}

/** Sets the value at a dotted key, making the objects on the way. */
function setAt(root: object, key: string, value: unknown): void {
	const parts = key.split('.');
	const last = parts.pop()!;
	let node = root as Tree;
	for (const part of parts) node = isTree(node[part]) ? node[part] : (node[part] = {});
	node[last] = value;
}

const settingsOf = (contract: GatewayContract) =>
	Object.entries(contract.configSettings ?? {}).filter((entry): entry is [string, ConfigSetting] => entry[1] !== undefined);
const listOf = (text: string) => text.split(',').filter(Boolean);

/** The node parameters the config sets: parameter name -> value, a list comma-separated. */
export function settingParameters(contract: GatewayContract, config: object): Record<string, string> {
	return Object.fromEntries(
		settingsOf(contract).map(([role, setting]) => {
			const value = valueAt(config, setting.key);
			return [contract.params[role], setting.list ? (value as string[]).join(',') : (value as string)];
		}),
	);
}

/** The node's credential under the name the config gives it, if the node needs one. */
export function nodeCredentials(contract: GatewayContract, config: object): { credentials?: Record<string, { name: string }> } {
	const use = contract.credential;
	return use ? { credentials: { [use.type]: { name: valueAt(config, use.configKey) as string } } } : {};
}

/** Reads a node's settings and credential name back into `config`; what the node does not show keeps its value. */
export function applyNodeSettings(contract: GatewayContract, node: { parameters?: Tree; credentials?: unknown }, config: object): void {
	const parameters = node.parameters ?? {};
	for (const [role, setting] of settingsOf(contract)) {
		const value = parameters[contract.params[role]];
		if (typeof value === 'string') setAt(config, setting.key, setting.list ? listOf(value) : value);
	}
	const use = contract.credential;
	const name = use && isTree(node.credentials) ? valueAt(node.credentials, `${use.type}.name`) : undefined;
	if (use && typeof name === 'string' && name) setAt(config, use.configKey, name);
}

/** Every gateway's settings at the node's own defaults, as the config holds them. */
export function defaultNodeSettings(): Tree {
	const defaults: Tree = {};
	for (const contract of GATEWAY_NAMES.map((gateway) => GATEWAY_CONTRACTS[gateway] as GatewayContract)) {
		for (const [role, setting] of settingsOf(contract)) {
			const value = String(contract.settingDefaults[role] ?? '');
			setAt(defaults, setting.key, setting.list ? listOf(value) : value);
		}
	}
	return defaults;
}
