import { Workflow, type INode, type INodeTypes, type IConnections } from 'n8n-workflow';

/** n8n's own Workflow class over a workflow JSON; no node type is needed to walk connections. */
export function n8nWorkflow(json: { nodes: unknown[]; connections: unknown }): Workflow {
	const description = { properties: [], inputs: [], outputs: [] };
	const nodeTypes = {
		getByName: () => ({ description }),
		getByNameAndVersion: () => ({ description }),
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	return new Workflow({
		nodes: json.nodes as INode[],
		connections: json.connections as IConnections,
		active: false,
		nodeTypes,
	});
}
