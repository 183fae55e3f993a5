/**
 * The config keys that become gateway node settings are judged by the nodes' own checks: a value
 * every call would refuse (`__UNAVAILABLE__ misconfigured`) is a config error naming the key and
 * the node's reason, before anything is generated or pushed.
 */
import { defaultConfig, parseConfig } from '../../../generator/config';

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
