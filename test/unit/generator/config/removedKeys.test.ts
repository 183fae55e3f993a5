/**
 * Keys a config no longer takes (`odooMode`, `n8nVersion`, `approvals.lockTable`,
 * `creates.lockTable`): each is refused with what replaced it and what to do, from a config file
 * or in memory, beside every other problem of the same config.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ConfigError, defaultConfig, loadConfig, parseConfig } from '../../../../generator/config';

const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };
const APPROVALS = { channel: EMAIL, publicUrl: 'https://n8n.example.com' };
/** The refusal of a lock table key, for the section whose store replaced it. */
const lockTableRefusal = (section: string) =>
	new RegExp(
		`${section}\\.lockTable: removed: identical calls are now told apart by their own rows in the store \\(${section}\\.table\\), so no lock table is needed\\. Delete the key; the old table can be deleted in n8n \\(Overview > Data tables\\) once no older deployment uses it`,
	);

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
		['odooMode native, with an API key', { odooMode: 'native', odooCredentialType: 'odooApiKeyApi' }, /odooMode: removed: .*"Hermes Odoo API Key API" \(hermesOdooApiKeyApi\) credential named "Odoo" .*the same URL, database and API key as your n8n Odoo credential/],
		['odooMode hermes, the old default', { odooMode: 'hermes' }, /odooMode: removed: .*Delete the key/],
		['n8nVersion 1.x', { n8nVersion: '1.x' }, /n8nVersion: n8n 1\.x is no longer a target: it has no Data Tables for approvals and create-once.*Upgrade n8n to 2\.x.*then delete the key/],
		['n8nVersion 2.x, the old default', { n8nVersion: '2.x' }, /n8nVersion: removed: the workflows are for n8n 2\.x.*Delete the key/],
		['n8nVersion of no line', { n8nVersion: '3.x' }, /n8nVersion: removed: .*Delete the key/],
		['approvals.lockTable, the old default', { approvals: { ...APPROVALS, lockTable: 'hermes_approval_locks' } }, lockTableRefusal('approvals')],
		['approvals.lockTable of another name', { approvals: { ...APPROVALS, table: 'ops_approvals', lockTable: 'ops_approval_locks' } }, lockTableRefusal('approvals')],
		['creates.lockTable, the old default', { creates: { lockTable: 'hermes_create_locks' } }, lockTableRefusal('creates')],
		['creates.lockTable of another name', { creates: { table: 'ops_creates', lockTable: 'ops_create_locks', workflowPrefix: 'Ops Create - ' } }, lockTableRefusal('creates')],
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

	it('a removed lock table key is said beside every other problem of its section and of the config', () => {
		const message = refusal(config({ approvals: { ...APPROVALS, lockTable: 'hermes_approval_locks', ttlMinutes: 0 }, creates: { lockTable: 'hermes_create_locks', windowMinutes: 0, locktable: 'x' }, odooMode: 'native' }));
		expect(message).toMatch(lockTableRefusal('approvals'));
		expect(message).toMatch(lockTableRefusal('creates'));
		expect(message).toMatch(/odooMode: removed/);
		expect(message).toMatch(/approvals\.ttlMinutes: /);
		expect(message).toMatch(/creates\.windowMinutes: /);
		expect(message).toMatch(/creates\.locktable: unknown key/);
		// Each removed key said once, as removed, never as an unknown key.
		expect(message.match(/lockTable: /g)).toHaveLength(2);
		expect(message).not.toMatch(/lockTable: unknown key/);
	});

	it('a config without them loads', () => {
		expect(() => config({ odooCredentialType: 'odooApiKeyApi', gatewayMode: 'direct' })()).not.toThrow();
		expect(config({})()).not.toHaveProperty('odooMode');
		expect(config({})()).not.toHaveProperty('n8nVersion');
		const withApprovals = config({ approvals: { ...APPROVALS, table: 'ops_approvals' }, creates: { table: 'ops_creates' } })() as { approvals: object; creates: object };
		expect(withApprovals.approvals).toMatchObject({ table: 'ops_approvals' });
		expect(withApprovals.approvals).not.toHaveProperty('lockTable');
		expect(withApprovals.creates).toMatchObject({ table: 'ops_creates' });
		expect(withApprovals.creates).not.toHaveProperty('lockTable');
	});
});
