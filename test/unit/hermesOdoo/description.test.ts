/**
 * The Hermes Odoo node against its contract, which the generator builds the hermes-mode tools
 * from: type name, versions, parameter names, the operation choices, which operations show
 * each parameter, and the layout every gateway node folder has.
 */
import { AGENT_ARGUMENTS } from '../../../nodes/shared/agentArguments';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { HERMES_ODOO, HERMES_ODOO_CREDENTIALS, ODOO_CREDENTIAL_TYPES, ODOO_DOMAIN_OPERATORS } from '../../../nodes/HermesOdoo/contract';
import { HermesOdoo } from '../../../nodes/HermesOdoo/HermesOdoo.node';

const FOLDER = join(__dirname, '../../../nodes/HermesOdoo');
const node = new HermesOdoo();

test('the base description: names, the version new nodes get, the themed icon pair beside the main file', () => {
	expect(node.description).toMatchObject({ name: HERMES_ODOO.type, displayName: HERMES_ODOO.displayName, defaultVersion: HERMES_ODOO.typeVersion });
	expect(Object.keys(node.nodeVersions).map(Number)).toEqual([...HERMES_ODOO.versions]);
	for (const file of [`${HERMES_ODOO.type}.svg`, `${HERMES_ODOO.type}.dark.svg`]) expect(existsSync(join(FOLDER, file))).toBe(true);
});

describe.each(HERMES_ODOO.versions.map((v) => [v]))('version %i', (version) => {
	const { description } = node.getNodeType(version);
	const property = (role: keyof typeof HERMES_ODOO.params) => description.properties.find((p) => p.name === HERMES_ODOO.paramsByVersion[version][role]);

	test('is a tool with exactly the contract parameters and the two agent-arguments ones', () => {
		expect(description).toMatchObject({ name: HERMES_ODOO.type, version, usableAsTool: true, inputs: ['main'], outputs: ['main'] });
		expect(description.properties.map((p) => p.name).sort()).toEqual([...Object.values(HERMES_ODOO.paramsByVersion[version]), ...Object.values(AGENT_ARGUMENTS.params)].sort());
	});

	test("takes the Hermes twin of n8n's Odoo credential the authentication names", () => {
		expect(description.credentials?.map((c) => [c.name, c.displayOptions?.show?.authentication])).toEqual(ODOO_CREDENTIAL_TYPES.map((t) => [HERMES_ODOO_CREDENTIALS[t], [t]]));
		expect((property('authentication')?.options ?? []).map((o) => ('value' in o ? o.value : undefined))).toEqual([...ODOO_CREDENTIAL_TYPES]);
	});

	test('offers exactly the contract operations, and shows each parameter for the operations the contract names', () => {
		expect((property('operation')?.options ?? []).map((o) => ('value' in o ? o.value : undefined)).sort()).toEqual([...HERMES_ODOO.operations].sort());
		for (const role of Object.keys(HERMES_ODOO.params) as Array<keyof typeof HERMES_ODOO.params>) {
			const shown = HERMES_ODOO.shownFor[role];
			expect([role, property(role)?.displayOptions?.show?.operation]).toEqual([role, shown && [...shown]]);
		}
	});

	test('defaults each setting to the contract value; the filter operators are the contract ones', () => {
		for (const [role, value] of Object.entries(HERMES_ODOO.settingDefaults)) expect([role, property(role as keyof typeof HERMES_ODOO.params)?.default]).toEqual([role, value]);
		const filter = (property('filters')?.options ?? [])[0] as { values: Array<{ name: string; options?: Array<{ value: string }> }> };
		expect(filter.values.find((v) => v.name === 'operator')?.options?.map((o) => o.value)).toEqual(Object.keys(ODOO_DOMAIN_OPERATORS));
	});
});

test('the shared layout, one operation file per operation, and a documentation page', () => {
	for (const file of ['HermesOdoo.node.ts', 'HermesOdoo.node.json', 'contract.ts', 'v1/HermesOdooV1.ts', 'v1/versionDescription.ts', 'actions/router.ts', 'helpers/validate.ts', 'helpers/answers.ts']) {
		expect([file, existsSync(join(FOLDER, file))]).toEqual([file, true]);
	}
	const operations = readdirSync(join(FOLDER, 'actions', 'record')).map((file) => file.replace(/\.operation\.ts$/, ''));
	expect(operations.sort()).toEqual([...HERMES_ODOO.operations].sort());
	const codex = JSON.parse(readFileSync(join(FOLDER, 'HermesOdoo.node.json'), 'utf8')) as { node: string; resources: { primaryDocumentation: Array<{ url: string }> } };
	expect(codex.node).toBe(`n8n-nodes-hermes.${HERMES_ODOO.type}`);
	const page = codex.resources.primaryDocumentation[0].url.replace(/^https:\/\/github\.com\/n8n-nodes-hermes\/n8n-nodes-hermes\/blob\/main\//, '');
	expect(readFileSync(join(__dirname, '../../..', page), 'utf8')).toMatch(/^# Hermes Odoo\n/);
});

test("the Hermes Odoo credentials hold the fields of n8n's Odoo credentials, so one set of values serves both modes", async () => {
	const { HermesOdooApi } = await import('../../../credentials/HermesOdooApi.credentials');
	const { HermesOdooApiKeyApi } = await import('../../../credentials/HermesOdooApiKeyApi.credentials');
	const rpc = new HermesOdooApi();
	const json2 = new HermesOdooApiKeyApi();
	expect([rpc.name, json2.name]).toEqual(ODOO_CREDENTIAL_TYPES.map((t) => HERMES_ODOO_CREDENTIALS[t]));
	expect(rpc.properties.map((p) => p.name).sort()).toEqual(['db', 'password', 'url', 'username']);
	expect(json2.properties.map((p) => p.name).sort()).toEqual(['apiKey', 'db', 'url']);
	expect(json2.authenticate).toEqual({ type: 'generic', properties: { headers: { Authorization: '=bearer {{$credentials.apiKey}}' } } });
});
