/**
 * `hermes-workflows check-odoo` as a user runs it: the built CLI in its own process, the default
 * catalogue and config, against the Odoo stand-in (test/harness/odoo: no Odoo can run here) in
 * both protocols the options choose. No n8n is needed.
 */
import { CATALOGUE } from '../helpers/defaultCatalogue';
import { startOdooStandIn, type OdooStandIn } from '../harness/odoo';
import { runCli } from './helpers/cli';

let odoo: OdooStandIn;
beforeEach(async () => {
	odoo = await startOdooStandIn();
});
afterEach(async () => {
	await odoo.stop();
});

const ODOO_TOOLS = CATALOGUE.filter((t) => t.target.kind === 'odoo').length;
const PROTOCOLS = {
	'JSON-RPC': () => ['--user', odoo.login.username, '--password', odoo.login.password],
	'JSON-2': () => ['--api-key', odoo.login.apiKey],
};

describe.each(Object.entries(PROTOCOLS))('over %s', (label, secret) => {
	const checkOdoo = (...extra: string[]) => runCli(['check-odoo', '--url', odoo.url, '--db', odoo.login.db, ...secret(), ...extra]);

	test('a complete Odoo: exit 0, every Odoo tool checked in that protocol', async () => {
		const result = await checkOdoo();
		expect(result.stderr).toBe('');
		expect(result.stdout).toContain(`(${label}), database "${odoo.login.db}"`);
		expect(result.stdout).toContain(`OK: all ${ODOO_TOOLS} Odoo tools find their models and fields`);
		expect(result.code).toBe(0);
		expect(new Set(odoo.calls.filter((c) => c.service === 'object').map((c) => c.protocol))).toEqual(new Set([label === 'JSON-2' ? 'json2' : 'jsonrpc']));
	});

	test('a right the user lacks: exit 1, the right and the model named', async () => {
		odoo.store.refuseAccess('crm.lead', ['write']);
		const result = await checkOdoo('--format', 'json');
		expect(result.code).toBe(1);
		const report = JSON.parse(result.stdout) as { problems: Array<{ tool: string; message: string }> };
		const writers = CATALOGUE.filter((t) => t.target.kind === 'odoo' && t.target.model === 'crm.lead' && t.target.operation === 'update').map((t) => t.name);
		expect(report.problems.map((p) => [p.tool, p.message])).toEqual(writers.map((tool) => [tool, 'the user lacks the right write on model crm.lead']));
	});
});
