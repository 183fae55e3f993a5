/**
 * A workflow generated with `gatewayMode: 'direct'` imports back to the same catalogue, and the
 * config `import` writes (gatewayMode and the settings the gateway nodes show) generates the
 * same workflow byte for byte.
 */
import { generateAll, MAIN_FILE, MAIN_MANIFEST_FILE } from '../../../../generator/project';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { importRoundTrip, normalise } from './generateThenImport';

const generateThenImport = importRoundTrip('hermes-import-direct-');

describe('import of a direct-mode workflow', () => {
	it('maps every tool to the catalogue and writes gatewayMode: direct into the config', async () => {
		const result = await generateThenImport({ gatewayMode: 'direct' });
		expect(result.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools`);
		expect(result.code).toBe(0);
		expect(normalise(result.project.tools)).toEqual(normalise(CATALOGUE));
		expect(result.written).toMatchObject({ gatewayMode: 'direct' });
		expect(result.project.config.gatewayMode).toBe('direct');
	});

	it('rebuilds the same workflow and manifest byte for byte from what it wrote', async () => {
		const result = await generateThenImport({ gatewayMode: 'direct' });
		const again = generateAll(result.project.tools, result.project.config);
		for (const file of [MAIN_FILE, MAIN_MANIFEST_FILE]) {
			expect(again.find((f) => f.file === file)?.content).toBe(result.files.find((f) => f.file === file)?.content);
		}
	});

	it('reads the deployment settings back from the gateway nodes (prefix, SSH credential, vault, docker, Prometheus)', async () => {
		const settings = {
			gatewayMode: 'direct' as const,
			nodeTypePrefix: 'CUSTOM',
			credentials: { odoo: 'Odoo', ssh: 'Ops SSH', bearer: 'Hermes MCP Bearer' },
			vault: { path: '/srv/notes', writePrefixes: ['drafts/', 'inbox/'] },
			docker: { command: '/usr/local/bin/docker-wrapper', protectedStacks: ['db', 'proxy'] },
			prometheusUrl: 'http://prometheus.internal:9090',
		};
		const result = await generateThenImport(settings);
		expect(result.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools`);
		expect(result.project.config).toMatchObject(settings);
		const again = generateAll(result.project.tools, result.project.config);
		expect(again.find((f) => f.file === MAIN_FILE)?.content).toBe(result.files.find((f) => f.file === MAIN_FILE)?.content);
	});

	it('a sub-workflow-mode workflow still imports as subworkflow (nothing written about the mode)', async () => {
		const result = await generateThenImport({});
		expect(result.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools`);
		expect(result.written).not.toHaveProperty('gatewayMode');
		expect(result.project.config.gatewayMode).toBe('subworkflow');
	});
});
