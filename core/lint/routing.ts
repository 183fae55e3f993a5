import type { WorkflowGraph } from './graph';

/** Which node n8n would run for one tool of one consumer. */
export interface ToolRoute {
	consumer: string;
	/** The node the tool was built from (what `tools/list` shows). */
	tool: string;
	/** The node n8n records as the tool's `sourceNodeName` and runs on a call. */
	runs: string | undefined;
}

/**
 * `getConnectedTools` in @n8n/nodes-langchain before 2.21.5: the tools come from
 * `getInputConnectionData`, which drops disabled parents; their `sourceNodeName` comes from
 * `getParentNodes`, which keeps them; the two lists are zipped by index
 * (`parentNodes[index]`). Every tool at or past a disabled parent's position is shifted.
 */
export function legacyToolRoutes(graph: WorkflowGraph, consumer: string): ToolRoute[] {
	const parents = graph.toolParents(consumer);
	const tools = parents.filter((name) => {
		const node = graph.byName.get(name);
		return node !== undefined && !node.disabled;
	});
	return tools.map((tool, index) => ({ consumer, tool, runs: parents[index] }));
}
