/**
 * The config keys that become gateway node settings are judged by the nodes' own checks: a value
 * every call would refuse (`__UNAVAILABLE__ misconfigured`) is a config error naming the key and
 * the node's reason, before anything is generated or pushed.
 */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES, HERMES_ODOO, type ConfigSetting, type GatewayContract } from '../../../../core';

import { defaultConfig, parseConfig } from '../../../../generator/config';
import { applyNodeSettings, nodeCredentials, settingParameters } from '../../../../generator/config/nodeSettings';

type Override = Record<string, unknown>;
const DEFAULT = defaultConfig();
const withSetting = (override: Override) => {
	const merged = { ...DEFAULT, ...Object.fromEntries(Object.entries(override).map(([key, value]) => [key, typeof value === 'object' && !Array.isArray(value) ? { ...(DEFAULT as unknown as Record<string, object>)[key], ...value } : value])) };
	return () => parseConfig(merged, 'test config');
};

const ACCEPTED: Array<[string, Override]> = [
	['an absolute vault path', { vault: { path: '/srv/vault' } }],
	['a vault path in the SSH user home', { vault: { path: '~/notes' } }],
	['nested write prefixes', { vault: { writePrefixes: ['drafts/', 'team/inbox/'] } }],
	['a docker command by name', { docker: { command: 'podman' } }],
	['a docker command by absolute path', { docker: { command: '/usr/local/bin/docker-wrapper' } }],
	['no protected stack', { docker: { protectedStacks: [] } }],
	['protected stacks', { docker: { protectedStacks: ['db', 'proxy_2'] } }],
	['a loopback Prometheus', { prometheusUrl: 'http://127.0.0.1:9090' }],
	['a Prometheus behind a path prefix', { prometheusUrl: 'https://prometheus.internal/prom/' }],
];

const REFUSED: Array<[string, Override, RegExp]> = [
	['a relative vault path', { vault: { path: 'vaults/notes' } }, /^ {2}vault\.path: vaultPath must be absolute or start with ~\/$/m],
	['a vault path with ..', { vault: { path: '/srv/../etc' } }, /vault\.path: vaultPath contains "\.\."/],
	['a vault path with a control character', { vault: { path: '/srv/va\u0007ult' } }, /vault\.path: vaultPath contains a control character/],
	['a write prefix segment the node refuses', { vault: { writePrefixes: ['-x/'] } }, /vault\.writePrefixes: writePrefixes entry "-x\/" is not a folder path inside the vault \(segment starts with "-"\)/],
	['a docker command of two words', { docker: { command: 'sudo docker' } }, /docker\.command: it must be one word/],
	['a docker command starting with -', { docker: { command: '-H' } }, /docker\.command: it must be one word/],
	['a protected stack that is no stack name', { docker: { protectedStacks: ['Security Stack'] } }, /docker\.protectedStacks: not a stack name: "security stack"/],
	['a protected stack over the length cap', { docker: { protectedStacks: ['a'.repeat(65)] } }, /docker\.protectedStacks: not a stack name/],
	['a Prometheus URL of another scheme', { prometheusUrl: 'ftp://127.0.0.1:9090' }, /prometheusUrl: only http and https are allowed/],
	['a Prometheus URL with credentials', { prometheusUrl: 'http://user:pw@127.0.0.1:9090' }, /prometheusUrl: credentials in the URL are not allowed/],
	['a Prometheus URL with a query string', { prometheusUrl: 'http://127.0.0.1:9090/?x=1' }, /prometheusUrl: a query string or fragment is not allowed/],
	['a Prometheus URL that is no URL', { prometheusUrl: 'localhost:9090' }, /prometheusUrl: it is not a URL|prometheusUrl: only http/],
];

test.each(ACCEPTED)('accepts %s', (_case, override) => {
	expect(withSetting(override)).not.toThrow();
});

test.each(REFUSED)('refuses %s, naming the key and the node\'s reason', (_case, override, message) => {
	expect(withSetting(override)).toThrow(message);
});

/** Every contract with settings the config holds: the four gateways and the Hermes Odoo node. */
const CONTRACTS: GatewayContract[] = [...GATEWAY_NAMES.map((gateway) => GATEWAY_CONTRACTS[gateway]), HERMES_ODOO];

/** The value at a dotted key. */
const at = (root: object, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], root);

describe.each(CONTRACTS.map((contract) => [contract.type, contract] as const))('%s: its settings table, read both ways', (_type, contract) => {
	const settings = Object.entries(contract.configSettings ?? {}).filter((entry): entry is [string, ConfigSetting] => entry[1] !== undefined);
	// Values no default has, so only the table can carry them across.
	const config = defaultConfig();
	for (const [role, setting] of settings) {
		const keys = setting.key.split('.');
		const holder = keys.slice(0, -1).reduce<Record<string, unknown>>((node, part) => node[part] as Record<string, unknown>, config as unknown as Record<string, unknown>);
		holder[keys[keys.length - 1]] = setting.list ? [`${role}-a/`, `${role}-b/`] : `${role}-value`;
	}
	config.credentials.ssh = 'Another SSH';

	it('writes each setting onto the parameter it names, a list comma-separated', () => {
		const parameters = settingParameters(contract, config);
		expect(Object.keys(parameters)).toEqual(settings.map(([role]) => contract.params[role]));
		for (const [role, setting] of settings) expect(parameters[contract.params[role]]).toBe(setting.list ? `${role}-a/,${role}-b/` : `${role}-value`);
	});

	it('reads a node written from a config back into the same keys, with its credential', () => {
		const read = defaultConfig();
		applyNodeSettings(contract, { parameters: settingParameters(contract, config), ...nodeCredentials(contract, config) }, read);
		for (const [, setting] of settings) expect(at(read, setting.key)).toEqual(at(config, setting.key));
		expect(read.credentials.ssh).toBe(contract.credential ? 'Another SSH' : defaultConfig().credentials.ssh);
	});

	it('a node that does not show a setting leaves its key as it was', () => {
		const read = defaultConfig();
		applyNodeSettings(contract, { parameters: {} }, read);
		expect(read).toEqual(defaultConfig());
	});
});
