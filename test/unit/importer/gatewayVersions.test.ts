/**
 * `import` reads gateway nodes of every version n8n loads: a workflow saved with version 1 of a
 * gateway node (its own parameter names: `action`, `mode`, the vault's one `query`) imports to
 * the same catalogue as one with version 2.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { GATEWAY_CONTRACTS, GATEWAY_NAMES, TOOL_TYPE_SUFFIX } from 'n8n-nodes-hermes';

import { generateAll, MAIN_FILE, type Workflow } from '../../../generator/builders';
import { runImport } from '../../../generator/cli/commands/import';
import { defaultConfig, parseConfig, type HermesConfig } from '../../../generator/config';
import { loadProject } from '../../../generator/project';
import { CATALOGUE } from '../../helpers/defaultCatalogue';
import { scratchSpace } from '../../harness/scratch';

const scratch = scratchSpace('hermes-import-versions-');

const mainOf = (config: HermesConfig): Workflow => JSON.parse(generateAll(CATALOGUE, config).find((f) => f.file === MAIN_FILE)!.content) as Workflow;

async function importWorkflow(workflow: Workflow) {
	const source = scratch();
	writeFileSync(join(source, MAIN_FILE), JSON.stringify(workflow, null, 2));
	const out = scratch();
	let stdout = '';
	const write = (text: string) => (stdout += text);
	const code = await runImport(join(source, MAIN_FILE), { out }, { stdout: write, stderr: write, env: {} });
	return { code, stdout, tools: code === 0 ? loadProject(join(out, 'hermes.config.json')).tools : [] };
}

/** Same data; only the order of parameters may differ (the importer lists them in order of use). */
const normalise = (tools: readonly unknown[]) =>
	JSON.parse(JSON.stringify(tools), (key, value) =>
		key === 'parameters' ? [...value].sort((a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key)) : value,
	);

/** A direct gateway node as version 1 saved it: typeVersion 1, each parameter under its version 1 name. */
function asVersion1(workflow: Workflow): Workflow {
	const copy = JSON.parse(JSON.stringify(workflow)) as Workflow;
	for (const node of copy.nodes) {
		const gateway = GATEWAY_NAMES.find((g) => node.type.endsWith(`.${GATEWAY_CONTRACTS[g].type}${TOOL_TYPE_SUFFIX}`));
		if (!gateway) continue;
		const contract = GATEWAY_CONTRACTS[gateway];
		const v1 = contract.paramsByVersion[1] as Record<string, string | undefined>;
		const byV2Name = new Map(Object.entries(contract.params).map(([role, name]) => [name, v1[role]]));
		node.typeVersion = 1;
		node.parameters = Object.fromEntries(
			Object.entries(node.parameters).flatMap(([name, value]) => {
				if (name === 'descriptionType' && gateway !== 'vault') return [];
				const renamed = byV2Name.has(name) ? byV2Name.get(name) : name;
				return renamed === undefined ? [] : [[renamed, value]];
			}),
		);
	}
	return copy;
}

describe('import of gateway nodes by version', () => {
	const direct = mainOf(parseConfig({ ...defaultConfig(), gatewayMode: 'direct' }, 'test config'));

	it('the generated direct-mode workflow has version 2 gateway nodes', () => {
		const versions = direct.nodes.filter((n) => n.type.endsWith(TOOL_TYPE_SUFFIX) && n.type.startsWith('n8n-nodes-hermes.')).map((n) => n.typeVersion);
		expect(versions.length).toBeGreaterThan(0);
		expect(new Set(versions)).toEqual(new Set([2]));
	});

	it.each([
		['version 2', direct],
		['version 1', asVersion1(direct)],
	])('%s gateway nodes import to the catalogue', async (_version, workflow) => {
		const result = await importWorkflow(workflow);
		expect(result.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools`);
		expect(result.code).toBe(0);
		expect(normalise(result.tools)).toEqual(normalise(CATALOGUE));
	});

	it('version 1 names are what the saved node holds (action, mode, one query), not version 2\'s', () => {
		const v1 = asVersion1(direct);
		const params = (tool: string) => v1.nodes.find((n) => n.name === tool)!.parameters;
		expect(params('docker_read')).toHaveProperty('action');
		expect(params('docker_read')).not.toHaveProperty('operation');
		expect(params('monitoring_query')).toHaveProperty('mode');
		expect(params('vault_read')).toHaveProperty('query');
		expect(params('vault_read')).not.toHaveProperty('path');
	});
});
