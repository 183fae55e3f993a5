/**
 * Keys a config no longer takes (`odooMode`, `n8nVersion`): each is refused with what replaced it
 * and what to do, from a config file or in memory, beside every other problem of the same config.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ConfigError, defaultConfig, loadConfig, parseConfig } from '../../../../generator/config';

const dir = mkdtempSync(join(tmpdir(), 'hermes-removed-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const loaded = (user: Record<string, unknown>) => {
	const path = join(dir, `config-${Math.random().toString(16).slice(2)}.json`);
	writeFileSync(path, JSON.stringify(user));
	return () => loadConfig(path);
};
const refusal = (load: () => unknown): string => {
	try {
		load();
	} catch (error) {
		expect(error).toBeInstanceOf(ConfigError);
		return (error as ConfigError).message;
	}
	return '';
};

describe.each([
	['a config file', (user: Record<string, unknown>) => loaded(user)],
	['a config in memory', (user: Record<string, unknown>) => () => parseConfig({ ...defaultConfig(), ...user })],
])('%s', (_label, config) => {
	it.each([
		['odooMode native', { odooMode: 'native' }, /odooMode: removed: the Odoo tools always run the Hermes Odoo node.*Delete the key.*replaces the n8n Odoo nodes.*"Hermes Odoo API" \(hermesOdooApi/],
		['odooMode hermes, the old default', { odooMode: 'hermes' }, /odooMode: removed: .*Delete the key/],
		['n8nVersion 1.x', { n8nVersion: '1.x' }, /n8nVersion: n8n 1\.x is no longer a target: it has no Data Tables for approvals and create-once.*Upgrade n8n to 2\.x.*then delete the key/],
		['n8nVersion 2.x, the old default', { n8nVersion: '2.x' }, /n8nVersion: removed: the workflows are for n8n 2\.x.*Delete the key/],
		['n8nVersion of no line', { n8nVersion: '3.x' }, /n8nVersion: removed: .*Delete the key/],
	])('%s is refused with what replaced it', (_case, user, message) => {
		expect(refusal(config(user))).toMatch(message);
	});

	it('a removed key is said beside every other problem of the config, not instead of them', () => {
		const message = refusal(config({ odooMode: 'native', n8nVersion: '1.x', employeeId: -1, odooModes: 'x' }));
		expect(message).toMatch(/odooMode: removed/);
		expect(message).toMatch(/n8nVersion: n8n 1\.x is no longer a target/);
		expect(message).toMatch(/employeeId: /);
		expect(message).toMatch(/odooModes: unknown key/);
	});

	it('a config without them loads', () => {
		expect(() => config({ odooCredentialType: 'odooApiKeyApi', gatewayMode: 'direct' })()).not.toThrow();
		expect(config({})()).not.toHaveProperty('odooMode');
		expect(config({})()).not.toHaveProperty('n8nVersion');
	});
});
