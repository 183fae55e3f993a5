/**
 * What only the Hermes Odoo node's description holds (the rest is every node's, in
 * test/unit/nodes/shared): its two credentials, the filter operators, and the credentials'
 * fields, the same as n8n's own Odoo credentials so an n8n Odoo credential's values fill a Hermes one.
 */
import { HermesOdooApi } from '../../../../credentials/HermesOdooApi.credentials';
import { HermesOdooApiKeyApi } from '../../../../credentials/HermesOdooApiKeyApi.credentials';
import { HERMES_ODOO, HERMES_ODOO_CREDENTIALS, ODOO_CREDENTIAL_TYPES, ODOO_DOMAIN_OPERATORS } from '../../../../core/odoo/contract';
import { HermesOdoo } from '../../../../nodes/HermesOdoo/HermesOdoo.node';

const { description } = new HermesOdoo();
const property = (role: keyof typeof HERMES_ODOO.params) => description.properties.find((p) => p.name === HERMES_ODOO.params[role]);

test("takes the Hermes twin of n8n's Odoo credential the authentication names", () => {
	expect(description.credentials?.map((c) => [c.name, c.displayOptions?.show?.authentication])).toEqual(ODOO_CREDENTIAL_TYPES.map((t) => [HERMES_ODOO_CREDENTIALS[t], [t]]));
	expect((property('authentication')?.options ?? []).map((o) => ('value' in o ? o.value : undefined))).toEqual([...ODOO_CREDENTIAL_TYPES]);
});

test('the filter operators are the contract ones', () => {
	const filter = (property('filters')?.options ?? [])[0] as { values: Array<{ name: string; options?: Array<{ value: string }> }> };
	expect(filter.values.find((v) => v.name === 'operator')?.options?.map((o) => o.value)).toEqual(Object.keys(ODOO_DOMAIN_OPERATORS));
});

test("the Hermes Odoo credentials hold the fields of n8n's Odoo credentials", () => {
	const rpc = new HermesOdooApi();
	const json2 = new HermesOdooApiKeyApi();
	expect([rpc.name, json2.name]).toEqual(ODOO_CREDENTIAL_TYPES.map((t) => HERMES_ODOO_CREDENTIALS[t]));
	expect(rpc.properties.map((p) => p.name).sort()).toEqual(['db', 'password', 'url', 'username']);
	expect(json2.properties.map((p) => p.name).sort()).toEqual(['apiKey', 'db', 'url']);
	expect(json2.authenticate).toEqual({ type: 'generic', properties: { headers: { Authorization: '=bearer {{$credentials.apiKey}}' } } });
});
