import { desiredWorkflows } from '../../../generator/deploy/desired';
import { toolSchemaChanges, toolSchemaOf } from '../../../generator/deploy/toolSchema';
import { CATALOGUE } from '../../helpers/defaultCatalogue';

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
		expect(toolSchemaChanges(toolSchemaOf(mcp), toolSchemaOf(extra))).toEqual(['tool parameters changed: vault_read: +rev (string, optional)']);
	});

	it('gives an empty schema for a workflow without tools or of the wrong shape', () => {
		expect(toolSchemaOf({ name: 'x', nodes: [], connections: {} }).size).toBe(0);
		expect(toolSchemaOf('nonsense').size).toBe(0);
	});
});
