/**
 * A deployment built with n8n's own Odoo tool nodes (test/fixtures/import/n8n-odoo-nodes: the
 * tools workflow of the default catalogue as it was generated before every Odoo tool ran the
 * Hermes Odoo node, with its manifest and its create-once workflow beside it) imports into
 * catalogue code that generates Hermes Odoo tools, and the agent is listed the same tools: names
 * in the same order, descriptions, and every parameter with its type, requiredness and default.
 * All in memory: no n8n, no Odoo.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { HERMES_ODOO, HERMES_ODOO_CREDENTIALS, TOOL_TYPE_SUFFIX } from '../../../../core';
import { runImport } from '../../../../generator/cli/commands/import';
import { DUPLICATE_PARAM } from '../../../../generator/creates/answers';
import { toolSchemaOf } from '../../../../generator/deploy/toolSchema';
import { generateAll, loadProject, MAIN_FILE } from '../../../../generator/project';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { scratchSpace } from '../../../harness/scratch';
import { normalise } from './generateThenImport';

const FIXTURE = join(__dirname, '../../../fixtures/import/n8n-odoo-nodes');
const N8N_ODOO_TOOL = 'n8n-nodes-base.odooTool';
const scratch = scratchSpace('hermes-import-n8n-odoo-');

interface ListedNode {
	name: string;
	type: string;
	parameters: { toolDescription?: string; description?: string };
}
const original = JSON.parse(readFileSync(join(FIXTURE, MAIN_FILE), 'utf8')) as { nodes: ListedNode[] };
/** What tools/list says of each tool besides its parameters. */
const descriptions = (workflow: { nodes: ListedNode[] }) =>
	workflow.nodes.filter((n) => !n.type.endsWith('mcpTrigger')).map((n) => [n.name, n.parameters.toolDescription ?? n.parameters.description]);

async function imported(edit?: (workflow: { nodes: ListedNode[] }) => void) {
	const out = scratch();
	let source = join(FIXTURE, MAIN_FILE);
	if (edit) {
		const workflow = JSON.parse(readFileSync(source, 'utf8')) as { nodes: ListedNode[] };
		edit(workflow);
		const dir = scratch();
		source = join(dir, MAIN_FILE);
		writeFileSync(source, JSON.stringify(workflow));
	}
	let stdout = '';
	const code = await runImport(source, { out, manifest: join(FIXTURE, 'hermes-mcp-tools.index.json') }, { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stdout += t), env: {} });
	return { code, stdout, out };
}

describe("import of a workflow built with n8n's Odoo tool nodes", () => {
	let result: Awaited<ReturnType<typeof imported>>;
	let generated: { nodes: ListedNode[] };
	let project: ReturnType<typeof loadProject>;
	beforeAll(async () => {
		result = await imported();
		project = loadProject(join(result.out, 'hermes.config.json'));
		generated = JSON.parse(generateAll(project.tools, project.config).find((f) => f.file === MAIN_FILE)!.content) as { nodes: ListedNode[] };
	});

	it('the fixture holds n8n Odoo tool nodes: 23 of them, beside the gateway tools', () => {
		expect(original.nodes.filter((n) => n.type === N8N_ODOO_TOOL)).toHaveLength(CATALOGUE.filter((t) => t.target.kind === 'odoo').length);
	});

	it('every tool imports, to the default catalogue', () => {
		expect(result.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools`);
		expect(result.stdout).not.toContain('NOT IMPORTED');
		expect(result.code).toBe(0);
		expect(normalise(project.tools)).toEqual(normalise(CATALOGUE));
	});

	it('import says the Hermes Odoo credential the generated tools need, by the name the n8n UI shows, named as the n8n one', () => {
		expect(result.stdout).toContain(`"Hermes Odoo API" (${HERMES_ODOO_CREDENTIALS.odooApi}) credential named "Odoo"`);
		expect(project.config.credentials.odoo).toBe('Odoo');
		expect(project.config.odooCredentialType).toBe('odooApi');
	});

	it('the generated workflow has no n8n Odoo node: every Odoo tool is a Hermes Odoo tool', () => {
		const odooTools = CATALOGUE.filter((t) => t.target.kind === 'odoo').map((t) => t.name);
		const types = new Map(generated.nodes.map((n) => [n.name, n.type]));
		expect(generated.nodes.filter((n) => n.type === N8N_ODOO_TOOL)).toEqual([]);
		for (const name of odooTools.filter((n) => types.get(n) !== '@n8n/n8n-nodes-langchain.toolWorkflow')) {
			expect(types.get(name)).toBe(`n8n-nodes-hermes.${HERMES_ODOO.type}${TOOL_TYPE_SUFFIX}`);
		}
	});

	it('tools/list is the same: names in order, descriptions, each parameter with its type, requiredness and default; an Odoo create gains `duplicate`', () => {
		expect(descriptions(generated)).toEqual(descriptions(original));
		const before = toolSchemaOf(original);
		const after = toolSchemaOf(generated);
		expect([...after.keys()]).toEqual([...before.keys()]);
		const odooCreates = CATALOGUE.filter((t) => t.target.kind === 'odoo' && t.target.operation === 'create').map((t) => t.name);
		expect(odooCreates).toHaveLength(5);
		const gained = [...after].filter(([tool, parameters]) => parameters.length !== before.get(tool)?.length).map(([tool]) => tool);
		expect(gained).toEqual(odooCreates);
		for (const [tool, parameters] of before) {
			const duplicate = odooCreates.includes(tool) ? [`${DUPLICATE_PARAM} (boolean, optional, default false)`] : [];
			expect([tool, after.get(tool)]).toEqual([tool, [...parameters, ...duplicate].sort()]);
		}
	});

	it.each([
		['a parameter the mapper does not read', (n: ListedNode) => Object.assign(n.parameters, { requestOptions: { timeout: 5 } }), /parameters\.requestOptions/],
		['an option the mapper does not read', (n: ListedNode) => Object.assign(n.parameters, { options: { fieldsList: 'name', context: 'x' } }), /parameters\.options\.context/],
		['a description the agent would read differently', (n: ListedNode) => Object.assign(n.parameters, { toolDescription: '' }), /toolDescription is empty/],
	])('a node with %s is not imported, with the reason', async (_label, edit, reason) => {
		const { stdout } = await imported((workflow) => edit(workflow.nodes.find((n) => n.name === 'odoo_list_projects')!));
		expect(stdout).toContain(`Imported ${CATALOGUE.length - 1} of ${CATALOGUE.length} tools`);
		expect(stdout).toMatch(reason);
	});
});
