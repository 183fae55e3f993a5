/**
 * A workflow generated with `odooMode: 'hermes'` imports back to the same catalogue, and the
 * config `import` writes (odooMode, the credential type and name the Hermes Odoo nodes show)
 * generates the same workflow byte for byte.
 */
import { generateAll, MAIN_FILE, MAIN_MANIFEST_FILE } from '../../../../generator/project';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { importRoundTrip, normalise } from '../importer/generateThenImport';

const generateThenImport = importRoundTrip('hermes-import-odoo-');

describe('import of a hermes-mode workflow', () => {
	it.each([
		['JSON-RPC', { odooMode: 'hermes' as const }],
		['JSON-2, a custom prefix and credential name, direct gateways', { odooMode: 'hermes' as const, odooCredentialType: 'odooApiKeyApi' as const, nodeTypePrefix: 'CUSTOM', gatewayMode: 'direct' as const, credentials: { odoo: 'Odoo 19', ssh: 'Hermes SSH', bearer: 'Hermes MCP Bearer' } }],
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

	it('both modes import to the same catalogue; a hermes workflow writes nothing about the mode, a native one writes native', async () => {
		// hermes is the default: only native is a setting the written config has to keep.
		const [native, hermes] = await Promise.all([generateThenImport({ odooMode: 'native' }), generateThenImport({})]);
		expect(native.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools`);
		expect(hermes.project.tools).toEqual(native.project.tools);
		expect(native.written).toMatchObject({ odooMode: 'native' });
		expect(hermes.written).not.toHaveProperty('odooMode');
		expect(hermes.project.config.odooMode).toBe('hermes');
	});
});
