import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { lintWorkflow } from '../../../../generator/lint';
import { WorkflowGraph } from '../../../../core/lint/graph';
import { isManifestFile, manifestPathFor } from '../../../../generator/lint/manifest';
import { parseWorkflowShape } from '../../../../core/lint/schema';
import { fromAiCallsOf } from '../../../../core/lint/walk';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';

const WORKFLOWS = join(__dirname, '../../../../workflows');
const files = readdirSync(WORKFLOWS).filter((file) => file.endsWith('.json') && !isManifestFile(file));
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as unknown;

describe('the generated workflows', () => {
	it('are there: the MCP workflow and the four gateways', () => {
		expect(files).toEqual(
			expect.arrayContaining([
				'hermes-mcp-tools.json',
				'hermes-gateway-vault.json',
				'hermes-gateway-monitoring.json',
				'hermes-gateway-docker.json',
				'hermes-gateway-content.json',
			]),
		);
	});

	// Without `approvals` in the config the sensitive tools have no gate, and HMT017 says so: true findings.
	it.each(files)('%s has no findings but the ungated sensitive tools (manifest included when there is one)', (file) => {
		const path = join(WORKFLOWS, file);
		const manifest = existsSync(manifestPathFor(path)) ? read(manifestPathFor(path)) : undefined;
		const findings = lintWorkflow(read(path), { file, manifest });
		expect(findings.filter((f) => f.code !== 'HMT017')).toEqual([]);
		const ungated = manifest === undefined ? [] : CATALOGUE.filter((tool) => tool.sensitive).map((tool) => tool.name);
		expect(findings.filter((f) => f.code === 'HMT017').map((f) => [f.node, f.severity])).toEqual(ungated.map((name) => [name, 'warning']));
	});

	it('are really inspected: every catalogue tool wired into the trigger, each with $fromAI', () => {
		const shape = parseWorkflowShape(read(join(WORKFLOWS, 'hermes-mcp-tools.json')));
		if (!shape.ok) throw new Error(shape.problems.join('; '));
		const graph = new WorkflowGraph(shape.workflow);
		expect(graph.toolConsumers().map((node) => node.type)).toEqual(['@n8n/n8n-nodes-langchain.mcpTrigger']);
		const tools = graph.wiredTools();
		expect(tools.map((tool) => tool.name)).toEqual(CATALOGUE.map((tool) => tool.name));
		for (const tool of tools) expect(fromAiCallsOf(tool).length).toBeGreaterThan(0);
		expect(read(manifestPathFor(join(WORKFLOWS, 'hermes-mcp-tools.json')))).toMatchObject({ workflow: 'Hermes MCP Tools' });
	});
});
