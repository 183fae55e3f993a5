/**
 * `import` on a workflow built by hand in the editor (test/fixtures/import/hand-built-tools.json):
 * the tools the catalogue can express are written, every other one is listed with its reason,
 * exit 1. Then the bad-input table: exit 2, nothing written.
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';

import { generateAll, MAIN_FILE } from '../../../../generator/project';
import { sentCall } from '../../../../generator/builders/agentArguments';
import { mapperColumn } from '../../../../generator/builders/nodeParts';
import { AGENT_ARGUMENTS, GATEWAY_CONTRACTS, GATEWAY_NAMES, HERMES_ODOO, HERMES_ODOO_CREDENTIALS, TOOL_TYPE_SUFFIX } from '../../../../generator/contracts';
import { toolSchemaOf } from '../../../../generator/deploy/toolSchema';
import { runImport } from '../../../../generator/cli/commands/import';
import { loadConfig } from '../../../../generator/config';
import { scratchSpace } from '../../../harness/scratch';
import { loadEmittedCatalogue } from './loadEmitted';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';

const scratch = scratchSpace('hermes-import-');
const FIXTURE = join(__dirname, '../../../fixtures/import/hand-built-tools.json');
const GENERATED = join(__dirname, '../../../../workflows/hermes-mcp-tools.json');
/** The default catalogue's tool workflow built with n8n's own Odoo tool nodes: the table below edits them. */
const NATIVE = readFileSync(join(__dirname, '../../../fixtures/import/n8n-odoo-nodes', MAIN_FILE), 'utf8');

async function run(file: string, options: { format?: 'text' | 'json'; config?: string } = {}) {
	const out = join(scratch(), 'catalogue');
	const sink = { stdout: '', stderr: '' };
	const io = { stdout: (t: string) => (sink.stdout += t), stderr: (t: string) => (sink.stderr += t), env: {} };
	const code = await runImport(file, { out, ...options }, io);
	return { code, out, ...sink };
}

describe('a hand-built workflow', () => {
	test('lists each tool it cannot map with the reason, writes the others, exits 1', async () => {
		const result = await run(FIXTURE, { format: 'json' });
		expect(result.code).toBe(1);
		const report = JSON.parse(result.stdout);
		expect(report.tools).toEqual(['list_projects', 'read_note']);
		const reasons = Object.fromEntries(report.problems.map((p: { tool: string; reason: string }) => [p.tool, p.reason]));
		expect(Object.keys(reasons)).toEqual([
			'find_contact',
			'weather',
			'bad_fromai',
			'call_reports',
			'tagged_task',
			'old_tool',
			'noted_tool',
			'orphan_tool',
		]);
		expect(reasons.find_contact).toMatch(/resource "contact".*"custom"/);
		expect(reasons.weather).toMatch(/node type n8n-nodes-base\.httpRequestTool has no catalogue equivalent/);
		expect(reasons.bad_fromai).toMatch(/cannot parse \$fromAI: .*Invalid type: integer/);
		expect(reasons.call_reports).toMatch(/sub-workflow "Monthly Reports", which is not a gateway workflow/);
		expect(reasons.tagged_task).toMatch(/field name: expression the catalogue cannot express/);
		expect(reasons.old_tool).toMatch(/^disabled: .*delete the node/);
		expect(reasons.noted_tool).toBe('node settings the catalogue cannot express: notes, retryOnFail');
		expect(reasons.orphan_tool).toMatch(/not wired into the MCP Server Trigger/);
		expect(report.ignoredNodes).toEqual(['Sticky Note (n8n-nodes-base.stickyNote)']);
		expect(report.notes).toEqual([expect.stringMatching(/^The Odoo tools use n8n's own Odoo node; the generated ones run the Hermes Odoo node, which needs a "Hermes Odoo API" \(hermesOdooApi\) credential named "Odoo prod"/)]);
		expect(report.configOverrides).toEqual({
			workflowName: 'Agent tools',
			mcpPath: 'agent-tools',
			credentials: { odoo: 'Odoo prod', ssh: 'Hermes SSH', bearer: 'Agent bearer' },
			// Off the default path the gateways' names are written: left out they would follow the path.
			gatewayWorkflows: Object.fromEntries(GATEWAY_NAMES.map((gateway) => [gateway, GATEWAY_CONTRACTS[gateway].subWorkflow.name])),
		});
	});

	test('the written catalogue holds the mapped tools and names the others in a comment', async () => {
		const result = await run(FIXTURE);
		expect(result.stdout).toContain('Imported 2 of 10 tools from');
		expect(result.stdout).toContain('NOT IMPORTED weather: node type n8n-nodes-base.httpRequestTool');
		expect(result.stdout).toContain('Ignored non-tool nodes: Sticky Note');
		expect(readdirSync(result.out).sort()).toEqual(['catalogue', 'hermes.config.json']);
		expect(readdirSync(join(result.out, 'catalogue')).sort()).toEqual(['odooProjects.ts', 'vault.ts']);
		expect(JSON.parse(readFileSync(join(result.out, 'hermes.config.json'), 'utf8')).catalogue).toEqual(['catalogue/odooProjects.ts', 'catalogue/vault.ts']);
		const first = readFileSync(join(result.out, 'catalogue', 'odooProjects.ts'), 'utf8');
		expect(first).toContain(' *   call_reports: calls sub-workflow "Monthly Reports"');
		expect(first).toContain("import { defineTool } from 'hermes-workflows';");
		const tools = loadEmittedCatalogue(result.out);
		expect(tools.map((t) => t.name)).toEqual(['list_projects', 'read_note']);
		expect(tools[0].parameters).toEqual([
			{ key: 'limit', type: 'number', description: 'Maximum number of projects to return', required: false, default: 20 },
		]);
	});

	test('generate with the written config rebuilds the gateway tool exactly, and the Odoo tool as a Hermes Odoo tool the agent sees the same', async () => {
		const result = await run(FIXTURE);
		const config = loadConfig(join(result.out, 'hermes.config.json'));
		const workflow = generateAll(loadEmittedCatalogue(result.out), config).find((f) => f.file === MAIN_FILE)?.workflow;
		const original = JSON.parse(readFileSync(FIXTURE, 'utf8'));
		const rebuilt = (name: string) => workflow?.nodes.find((n) => n.name === name);
		const hand = (name: string) => original.nodes.find((n: { name: string }) => n.name === name);
		// The gateway tool gains the agent-arguments inputs, derived from its parameters; nothing else changes.
		expect(rebuilt('read_note')?.parameters).toEqual(withAgentInputs(hand('read_note').parameters, 'read_note', 'path'));
		expect(rebuilt('read_note')?.credentials).toEqual(hand('read_note').credentials);
		expect(rebuilt('list_projects')?.type).toBe(`n8n-nodes-hermes.${HERMES_ODOO.type}${TOOL_TYPE_SUFFIX}`);
		expect(rebuilt('list_projects')?.credentials).toEqual({ [HERMES_ODOO_CREDENTIALS.odooApi]: { name: 'Odoo prod' } });
		expect(toolSchemaOf(workflow).get('list_projects')).toEqual(toolSchemaOf(original).get('list_projects'));
		expect(rebuilt('list_projects')?.parameters.toolDescription).toBe(hand('list_projects').parameters.toolDescription);
		expect(workflow?.name).toBe('Agent tools');
		expect(workflow?.nodes[0].parameters).toEqual({ authentication: 'bearerAuth', path: 'agent-tools', instructions: expect.stringContaining('Every tool here only reads.') });
	});
});

/** A toolWorkflow's parameters with the two agent-arguments inputs the generator adds. */
function withAgentInputs(parameters: { workflowInputs: { value: object; schema: object[] } }, name: string, accepted: string): object {
	const { value, schema } = parameters.workflowInputs;
	return {
		...parameters,
		workflowInputs: {
			...parameters.workflowInputs,
			value: { ...value, [AGENT_ARGUMENTS.inputs.sent]: sentCall(name), [AGENT_ARGUMENTS.inputs.accepted]: accepted },
			schema: [...schema, mapperColumn(AGENT_ARGUMENTS.inputs.sent, 'string'), mapperColumn(AGENT_ARGUMENTS.inputs.accepted, 'string')],
		},
	};
}

type Workflow = { nodes: Array<{ name: string }>; connections: Record<string, unknown> };
/** Reads or writes `path` (a.b.c) inside the node named `node`. */
function at(w: Workflow, node: string, path: string, value?: unknown): unknown {
	const keys = path.split('.');
	let target = w.nodes.find((n) => n.name === node) as Record<string, unknown>;
	for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
	if (value !== undefined) target[keys[keys.length - 1]] = value;
	return target[keys[keys.length - 1]];
}

test('the Odoo model "By ID", as workflows generated before "From List" hold it, imports as the same tool', async () => {
	const workflow = JSON.parse(NATIVE) as Workflow;
	const odoo = CATALOGUE.filter((t) => t.target.kind === 'odoo').map((t) => t.name);
	for (const tool of odoo) at(workflow, tool, 'parameters.customResource', { __rl: true, mode: 'id', value: (at(workflow, tool, 'parameters.customResource') as { value: string }).value });
	const dir = scratch();
	writeFileSync(join(dir, 'tools.json'), JSON.stringify(workflow));
	const result = await run(join(dir, 'tools.json'));
	expect(odoo.length).toBeGreaterThan(0);
	expect(result.stdout).not.toContain('NOT IMPORTED');
	expect(result.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools`);
	expect(result.code).toBe(0);
});

test.each<[string, string, (w: Workflow) => void, string]>([
	['an option the generator does not write', 'odoo_list_tasks', (w) => {
		at(w, 'odoo_list_tasks', 'parameters.options.orderBy', 'date_deadline desc');
	}, 'parameters the catalogue cannot express (the generated node would differ at parameters.options.orderBy)'],
	['another node version', 'odoo_get_task', (w) => {
		at(w, 'odoo_get_task', 'typeVersion', 1);
	}, 'parameters the catalogue cannot express (the generated node would differ at typeVersion)'],
	['a name the catalogue refuses', 'Get Task', (w) => {
		at(w, 'odoo_get_task', 'name', 'Get Task');
		w.connections['Get Task'] = w.connections.odoo_get_task;
		delete w.connections.odoo_get_task;
	}, 'tool name "Get Task" is not lower snake_case'],
	['gateway inputs of another shape', 'vault_read', (w) => {
		at(w, 'vault_read', 'parameters.workflowInputs.value', { query: at(w, 'vault_read', 'parameters.workflowInputs.value.vaultQuery') });
	}, 'sub-workflow inputs query do not match the vault gateway\'s inputs vaultAction, vaultQuery, vaultContent, vaultBaseHash'],
	['a JSON default', 'odoo_list_projects', (w) => {
		at(w, 'odoo_list_projects', 'parameters.limit', '={{ $fromAI(\'limit\', \'How many\', \'json\', {"n": 1}) }}');
	}, '$fromAI key "limit" has a default the catalogue cannot express'],
	['one key with two descriptions', 'crm_create_lead', (w) => {
		const name = String(at(w, 'crm_create_lead', 'parameters.fieldsToSend.value.name'));
		at(w, 'crm_create_lead', 'parameters.fieldsToSend.value.partner_name', name.replace("'Title'", "'Another text'"));
	}, '$fromAI key "name" is used twice with different description, type or default'],
])('%s is reported, the other tools are imported', async (_label, tool, mutate, reason) => {
	const workflow = JSON.parse(NATIVE) as Workflow;
	mutate(workflow);
	const dir = scratch();
	writeFileSync(join(dir, 'tools.json'), JSON.stringify(workflow));
	const result = await run(join(dir, 'tools.json'));
	expect(result.code).toBe(1);
	expect(result.stdout).toContain(`NOT IMPORTED ${tool}: ${reason}`);
	expect(result.stdout).toContain(`Imported ${CATALOGUE.length - 1} of ${CATALOGUE.length} tools`);
});

describe('bad input: exit 2 with a hint, nothing written', () => {
	const dir = scratch();
	const write = (name: string, content: string) => {
		writeFileSync(join(dir, name), content);
		return join(dir, name);
	};
	const trigger = { name: 'T', type: '@n8n/n8n-nodes-langchain.mcpTrigger', parameters: {} };
	const cases: Array<[string, () => string, RegExp]> = [
		['missing file', () => join(dir, 'nope.json'), /nope\.json does not exist/],
		['not JSON', () => write('a.json', '{"nodes": ['), /is not JSON/],
		['a JSON array', () => write('b.json', '[]'), /does not hold a JSON object/],
		['no nodes', () => write('c.json', '{"name": "x", "connections": {}}'), /is not an n8n workflow/],
		['no connections', () => write('d.json', '{"nodes": []}'), /is not an n8n workflow/],
		['a node without a type', () => write('e.json', JSON.stringify({ nodes: [{ name: 'x' }], connections: {} })), /node #0 has no name or type/],
		['no MCP trigger', () => write('f.json', JSON.stringify({ nodes: [{ name: 'x', type: 'n8n-nodes-base.noOp' }], connections: {} })), /has no MCP Server Trigger/],
		['two MCP triggers', () => write('g.json', JSON.stringify({ nodes: [trigger, { ...trigger, name: 'U' }], connections: {} })), /has 2 MCP Server Triggers/],
		['duplicate node names', () => write('h.json', JSON.stringify({ nodes: [trigger, trigger], connections: {} })), /two nodes are named "T"/],
	];
	test.each(cases)('%s', async (_label, file, message) => {
		const result = await run(file());
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(message);
		expect(result.stderr).toMatch(/\nhint: \S/);
		expect(existsSync(result.out)).toBe(false);
	});

	test('a broken config file', async () => {
		const config = write('config.json', '{"mcpPath": "has space"}');
		const result = await run(FIXTURE, { config });
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/mcpPath/);
		expect(existsSync(result.out)).toBe(false);
	});
});

test('an open trigger under another name is imported with notes on what generate changes', async () => {
	const workflow = JSON.parse(readFileSync(GENERATED, 'utf8')) as Workflow;
	at(workflow, 'MCP Server Trigger', 'parameters', { path: 'hermes-tools' });
	at(workflow, 'MCP Server Trigger', 'name', 'Tools');
	for (const outputs of Object.values(workflow.connections) as Array<{ ai_tool: Array<Array<{ node: string }>> }>) {
		outputs.ai_tool[0][0].node = 'Tools';
	}
	const dir = scratch();
	writeFileSync(join(dir, 'tools.json'), JSON.stringify(workflow));
	// The Odoo create tools call their create-once workflows, which import reads from the files beside.
	const creates = readdirSync(dirname(GENERATED)).filter((f) => /^hermes-create-.*\.json$/.test(f));
	expect(creates.length).toBeGreaterThan(0);
	for (const file of creates) copyFileSync(join(dirname(GENERATED), file), join(dir, file));
	const result = await run(join(dir, 'tools.json'));
	expect(result.code).toBe(0);
	expect(result.stdout).toContain(`Imported ${CATALOGUE.length} of ${CATALOGUE.length} tools`);
	expect(result.stdout).toContain('Note: The MCP trigger is named "Tools"; the generated one is named "MCP Server Trigger".');
	expect(result.stdout).toContain('Note: The MCP trigger has no Bearer authentication; the generated workflow requires a Bearer token.');
});

test('without the create-once files beside it, each Odoo create tool is reported with the file it needs, the others are imported', async () => {
	const dir = scratch();
	writeFileSync(join(dir, 'tools.json'), readFileSync(GENERATED, 'utf8'));
	// A file of that name holding another workflow is not read as it.
	writeFileSync(join(dir, 'hermes-create-crm-create-lead.json'), JSON.stringify({ name: 'Something else', nodes: [], connections: {} }));
	const result = await run(join(dir, 'tools.json'), { format: 'json' });
	expect(result.code).toBe(1);
	const report = JSON.parse(result.stdout) as { tools: string[]; problems: Array<{ tool: string; reason: string }> };
	const odooCreates = CATALOGUE.filter((t) => t.target.kind === 'odoo' && t.target.operation === 'create').map((t) => t.name);
	expect(odooCreates.length).toBeGreaterThan(0);
	expect(report.problems.map((p) => p.tool)).toEqual(odooCreates);
	for (const { tool, reason } of report.problems) expect(reason).toContain(`hermes-create-${tool.replace(/_/g, '-')}.json beside the imported file`);
	// The gateway create tool reads back from its toolWorkflow alone.
	expect(report.tools).toContain('content_generate');
	expect(report.tools).toHaveLength(CATALOGUE.length - odooCreates.length);
});
