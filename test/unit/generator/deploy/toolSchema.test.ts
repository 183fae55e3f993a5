import { desiredWorkflows } from '../../../../generator/deploy/desired';
import { RESTART_NOTICE, reloadNotice, toolSchemaChanges, toolSchemaOf } from '../../../../generator/deploy/toolSchema';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';

const mcp = desiredWorkflows().find((d) => d.body.name === 'Hermes MCP Tools')!.body;

describe('tool schema (what MCP clients cache)', () => {
	it('lists every tool with its $fromAI parameters', () => {
		const schema = toolSchemaOf(mcp);
		expect(schema.size).toBe(CATALOGUE.length);
		expect(schema.get('vault_read')).toEqual(['path (string, required)']);
	});

	it('reports nothing when the same', () => {
		expect(toolSchemaChanges(toolSchemaOf(mcp), toolSchemaOf(structuredClone(mcp)))).toEqual([]);
	});

	it('sees a disabled tool as removed, a renamed one as removed + added, a new parameter as changed', () => {
		const live = structuredClone(mcp);
		live.nodes.find((n) => n.name === 'vault_read')!.disabled = true;
		live.nodes.find((n) => n.name === 'vault_list')!.name = 'vault_ls';
		live.connections.vault_ls = live.connections.vault_list;
		delete live.connections.vault_list;
		const changes = toolSchemaChanges(toolSchemaOf(live), toolSchemaOf(mcp));
		expect(changes).toEqual(expect.arrayContaining(['tool added: vault_read', 'tool added: vault_list', 'tool removed: vault_ls']));

		const extra = structuredClone(mcp);
		const parameters = extra.nodes.find((n) => n.name === 'vault_read')!.parameters as { workflowInputs: { value: Record<string, string> } };
		const value = parameters.workflowInputs.value;
		value.vaultQuery = "={{ $fromAI('path', 'p', 'string') }}{{ $fromAI('rev', 'Revision', 'string', 'HEAD') }}";
		expect(toolSchemaChanges(toolSchemaOf(mcp), toolSchemaOf(extra))).toEqual(["tool parameters changed: vault_read: +rev (string, optional, default 'HEAD')"]);
	});

	it('gives an empty schema for a workflow without tools or of the wrong shape', () => {
		expect(toolSchemaOf({ name: 'x', nodes: [], connections: {} }).size).toBe(0);
		expect(toolSchemaOf('nonsense').size).toBe(0);
	});

	/** One tool whose `q` parameter is the given `$fromAI` call. */
	const withCall = (call: string) => ({
		name: 'w',
		nodes: [
			{ id: '1', name: 'MCP Server Trigger', type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2.1, position: [0, 0], parameters: {} },
			{ id: '2', name: 't', type: 'n8n-nodes-base.httpRequestTool', typeVersion: 4.2, position: [0, 0], parameters: { url: `={{ ${call} }}` } },
		],
		connections: { t: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] } },
	});
	it.each([
		['a changed default', "$fromAI('q', 'd', 'number', 20)", "$fromAI('q', 'd', 'number', 30)", ['tool parameters changed: t: q (number, optional, default 20) -> q (number, optional, default 30)']],
		['a changed text default', "$fromAI('q', 'd', 'string', 'a')", "$fromAI('q', 'd', 'string', 'b')", ["tool parameters changed: t: q (string, optional, default 'a') -> q (string, optional, default 'b')"]],
		['optional made required', "$fromAI('q', 'd', 'string', '')", "$fromAI('q', 'd', 'string')", ["tool parameters changed: t: q (string, optional, default '') -> q (string, required)"]],
		['a changed type', "$fromAI('q', 'd', 'string')", "$fromAI('q', 'd', 'number')", ['tool parameters changed: t: q (string, required) -> q (number, required)']],
		['a renamed parameter', "$fromAI('q', 'd', 'string')", "$fromAI('r', 'd', 'string')", ['tool parameters changed: t: +r (string, required), -q (string, required)']],
		['only the description changed (not in the schema a client keeps for calls)', "$fromAI('q', 'd', 'number', 20)", "$fromAI('q', 'other', 'number', 20)", []],
		['the same default written alike', "$fromAI('q', 'd', 'number', 20)", "$fromAI('q', 'd', 'number', 20)", []],
	])('%s', (_, before, after, changes) => {
		expect(toolSchemaChanges(toolSchemaOf(withCall(before)), toolSchemaOf(withCall(after)))).toEqual(changes);
	});
});

describe('the schema-change notice', () => {
	const endpoints = [
		{ server: 'hermes-tools', workflow: 'Hermes MCP Tools' },
		{ server: 'hermes-ops', workflow: 'Hermes MCP Tools - ops' },
		{ server: 'hermes-admin', workflow: 'Hermes MCP Admin' },
	];
	it.each([
		[['Hermes MCP Admin'], 'hermes-admin'],
		[['Hermes MCP Tools', 'Hermes MCP Admin'], 'hermes-tools, hermes-admin'],
		[['Hermes MCP Admin', 'Hermes MCP Tools - ops', 'Hermes MCP Tools'], 'hermes-tools, hermes-ops, hermes-admin'],
	])('%j changed: names %s and how each client reloads', (changed, servers) => {
		const notice = reloadNotice(changed, endpoints);
		expect(notice.split('\n')).toEqual([
			`The MCP tool schema changed on ${servers}: clients cache the tool catalogue per session and will not see the change until they reload it.`,
			`  Hermes Agent (agent-config --for hermes): run /reload-mcp (servers ${servers}).`,
			`  Other MCP clients (agent-config --for mcp-json): restart your MCP clients, or start a new session of ${servers}.`,
		]);
	});
	it('a workflow of no known endpoint gets the general advice', () => {
		expect(reloadNotice(['Someone Else'], endpoints)).toBe(RESTART_NOTICE);
		expect(reloadNotice(['Hermes MCP Tools'], [])).toBe(RESTART_NOTICE);
	});
});
