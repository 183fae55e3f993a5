import { AI_TOOL, type WorkflowGraph } from '../graph';
import type { LintedConnections, Rule, RuleHit } from '../types';

/** A missing source; wired as a tool, it stops its consumer from listing any tool. */
function unknownSource(source: string, outputs: LintedConnections[string], graph: WorkflowGraph): RuleHit[] {
	const consumers = (outputs[AI_TOOL] ?? [])
		.flatMap((targets) => targets ?? [])
		.map((target) => graph.byName.get(target.node))
		.filter((node) => node !== undefined && !node.disabled);
	if (consumers.length === 0) return [{ message: `connections start at "${source}", which is not a node` }];
	return consumers.map((consumer) => ({
		node: consumer?.name,
		message: `"${source}" is wired as a tool into "${consumer?.name}" but is not a node: n8n fails listing the tools of "${consumer?.name}", so none of them works`,
	}));
}

export const connectionUnknownNode: Rule = {
	code: 'HMT015',
	name: 'connection-unknown-node',
	severity: 'error',
	summary: 'A connection starts or ends at a node name that is not in nodes[].',
	why: 'n8n connects nodes by name: a renamed or deleted node leaves a dangling connection; a tool wired from a node that is not there makes n8n fail listing every tool of its MCP trigger or agent.',
	hint: 'Remove the connection or restore the node name it points to.',
	check({ workflow, graph }) {
		const hits: RuleHit[] = [];
		for (const [source, outputs] of Object.entries(workflow.connections)) {
			if (!graph.byName.has(source)) {
				hits.push(...unknownSource(source, outputs, graph));
			}
			for (const [outputType, byIndex] of Object.entries(outputs)) {
				for (const target of byIndex.flatMap((targets) => targets ?? [])) {
					if (graph.byName.has(target.node)) continue;
					hits.push({
						node: graph.byName.has(source) ? source : undefined,
						message: `${outputType} connection from "${source}" goes to "${target.node}", which is not a node`,
					});
				}
			}
		}
		return hits;
	},
};
