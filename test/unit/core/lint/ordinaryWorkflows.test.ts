import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { lintWorkflow, SHAPE_RULE } from '../../../../generator/lint';

/** Workflows in everyday shapes, written for this project (see the folder's README.md). */
const ORDINARY = join(__dirname, '../../../fixtures/lint/ordinary');

/** Every finding expected per file, as `CODE@node`; anything else is a false positive. */
const EXPECTED: Record<string, string[]> = {
	// a toolWorkflow placeholder not yet pointed at a sub-workflow (empty schema, no $fromAI):
	// n8n makes it a one-string tool, which is what a tool with no inputs is, so neither HMT009
	// nor HMT010; its node name has spaces (mangled, warning). The calculator and the memory are
	// ordinary sub-nodes; the sticky note is documentation.
	'agent-with-placeholder-workflow-tool.json': ['HMT004@Order Lookup Tool'],
	// node-as-tool with hand-written $fromAI in double quotes; a sticky note explains $fromAI in
	// prose; "Leave empty for today" without a 4th argument is still required (HMT008)
	'agent-with-sheets-tools.json': [
		'HMT004@Stock by product name',
		'HMT004@All stock',
		'HMT004@Movements by date',
		'HMT008@Movements by date',
	],
	// a disabled node on a main branch is not a tool: nothing to report
	'error-alert-with-disabled-branch.json': [],
	'error-output-and-merge.json': [],
	// headerAuth is authentication; without a webhookId the URL becomes <workflowId>/<node>/<path>
	'mcp-trigger-header-auth.json': ['HMT012@MCP Server Trigger'],
	'mcp-trigger-open.json': ['HMT011@MCP Server Trigger', 'HMT012@MCP Server Trigger'],
	// n8n 0.x export: numeric id, string credentials, node notes, staticData/tags/dates at the top
	'old-export-string-credentials.json': [],
	'subworkflow-with-inputs.json': [],
	'webhook-with-pin-data.json': [],
};

const files = readdirSync(ORDINARY).filter((file) => file.endsWith('.json'));

function findingsOf(workflow: unknown): string[] {
	return lintWorkflow(workflow).map((finding) => `${finding.code}@${finding.node ?? ''}`);
}

describe('lint on ordinary n8n workflows', () => {
	it('has an expectation for every fixture in the folder, and a fixture for every expectation', () => {
		expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
	});

	it.each(files)('%s: parses, and gives exactly the expected findings', (file) => {
		const workflow = JSON.parse(readFileSync(join(ORDINARY, file), 'utf8')) as unknown;
		const found = findingsOf(workflow);
		expect(found.filter((entry) => entry.startsWith(SHAPE_RULE.code))).toEqual([]);
		expect(found).toEqual(EXPECTED[file]);
	});
});

/** Shapes n8n accepts that the rules once misread. */
describe('no false positives on ordinary workflow shapes', () => {
	const trigger = {
		name: 'MCP',
		type: '@n8n/n8n-nodes-langchain.mcpTrigger',
		typeVersion: 2,
		webhookId: '4625bcf4-0dd9-4562-a70f-6fee41f6f12d',
		parameters: { authentication: 'bearerAuth', path: 'p' },
	};
	const wiredAsTool = (name: string) => ({ [name]: { ai_tool: [[{ node: 'MCP', type: 'ai_tool', index: 0 }]] } });

	it('a sticky note that explains $fromAI is documentation, not a tool parameter', () => {
		const sticky = {
			name: 'Sticky Note',
			type: 'n8n-nodes-base.stickyNote',
			typeVersion: 1,
			parameters: {
				content: "## Tools\nEach tool field uses `$fromAI()`, e.g. $fromAI('limit', optional) - an optional limit",
			},
		};
		expect(findingsOf({ nodes: [sticky], connections: {} })).toEqual([]);
	});

	it('a toolWorkflow with source "parameter" (inline workflow JSON) has no workflowInputs to fill', () => {
		const inline = {
			name: 'inline_tool',
			type: '@n8n/n8n-nodes-langchain.toolWorkflow',
			typeVersion: 2.2,
			parameters: { source: 'parameter', workflowJson: '{"nodes":[],"connections":{}}', description: 'Echo' },
		};
		expect(findingsOf({ nodes: [trigger, inline], connections: wiredAsTool('inline_tool') })).toEqual([]);
	});

	it('a toolWorkflow from the database without workflowInputs is a one-string tool on purpose', () => {
		const fromDatabase = {
			name: 'db_tool',
			type: '@n8n/n8n-nodes-langchain.toolWorkflow',
			typeVersion: 2.2,
			parameters: { source: 'database', workflowId: { __rl: true, mode: 'id', value: '1' } },
		};
		expect(findingsOf({ nodes: [trigger, fromDatabase], connections: wiredAsTool('db_tool') })).toEqual([]);
	});
});
