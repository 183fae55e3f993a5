/** The node-index manifest: tool -> node name -> index in nodes[] and in the ai_tool order. */
import type { Manifest } from '../lint/core';
import type { ToolSpec } from '../toolSpec/schema';
import type { Workflow } from './n8nTypes';

// The schema is the lint core's, which reads manifests with it; the generator builds them.
export { manifestSchema, type Manifest, type ManifestEntry } from '../lint/core';

/** Derived from the built workflow itself, so it cannot disagree with the JSON it describes. */
export function buildManifest(workflow: Workflow, tools: readonly ToolSpec[], gates: ReadonlyMap<string, string> = new Map()): Manifest {
	const sensitive = new Map(tools.map((t) => [t.name, t.sensitive]));
	const aiToolSources = Object.entries(workflow.connections)
		.filter(([, outputs]) => outputs.ai_tool !== undefined)
		.map(([source]) => source);
	const nodeIndexOf = (name: string) => workflow.nodes.findIndex((n) => n.name === name);
	// Listed in node (catalogue) order; aiToolIndex is the tool's place in the connections.
	const inNodeOrder = aiToolSources.map((nodeName, aiToolIndex) => ({ nodeName, aiToolIndex, nodeIndex: nodeIndexOf(nodeName) }));
	inNodeOrder.sort((a, b) => a.nodeIndex - b.nodeIndex);
	return {
		workflow: workflow.name,
		tools: inNodeOrder.map(({ nodeName, aiToolIndex, nodeIndex }) => {
			if (nodeIndex < 0) throw new Error(`connection from unknown node ${nodeName}`);
			const gate = gates.get(nodeName);
			return { tool: nodeName, nodeName, nodeIndex, aiToolIndex, sensitive: sensitive.get(nodeName) ?? false, ...(gate ? { gate } : {}) };
		}),
	};
}
