/**
 * A generated workflow's Hermes Odoo tools import back to the same catalogue, and the config
 * `import` writes (the credential type and name the Hermes Odoo nodes show) generates the same
 * workflow byte for byte.
 */
import { generateAll, MAIN_FILE, MAIN_MANIFEST_FILE } from '../../../../generator/project';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { importRoundTrip, normalise } from '../importer/generateThenImport';

const generateThenImport = importRoundTrip('hermes-import-odoo-');

describe('import of the Hermes Odoo tools', () => {
	it.each([
		['JSON-RPC', {}],
		['JSON-2, a custom prefix and credential name, direct gateways', { odooCredentialType: 'odooApiKeyApi' as const, nodeTypePrefix: 'CUSTOM', gatewayMode: 'direct' as const, credentials: { odoo: 'Odoo 19', ssh: 'Hermes SSH', bearer: 'Hermes MCP Bearer' } }],
	])('%s: every tool maps back to the catalogue, the config it writes rebuilds the workflow byte for byte', async (_label, settings) => {
		const result = await generateThenImport(settings);
		expect(result.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools`);
		expect(result.code).toBe(0);
		expect(normalise(result.project.tools)).toEqual(normalise(CATALOGUE));
		expect(result.project.config).toMatchObject(settings);
		const again = generateAll(result.project.tools, result.project.config);
		for (const file of [MAIN_FILE, MAIN_MANIFEST_FILE]) {
			expect(again.find((f) => f.file === file)?.content).toBe(result.files.find((f) => f.file === file)?.content);
		}
	});
});
