import { misroutingScope } from '../misroutingVersions';
import { legacyToolRoutes } from '../routing';
import type { Rule } from '../types';

export const toolMisrouted: Rule = {
	code: 'HMT002',
	name: 'tool-misrouted',
	severity: 'error',
	summary: 'A tool would run another node on n8n 2.20 and older (index shift after a disabled tool).',
	why:
		'getConnectedTools gave each tool the sourceNodeName of the parent at the same index; the AI Agent and queue-mode workers of the MCP trigger run that node. tools/list stays correct, so the fault is silent. A tool wired from a node that does not exist is HMT015 instead: n8n then fails listing the tools at all.',
	hint: 'Delete the disabled tool node (or its ai_tool connection); upgrading n8n to 2.22 or later also fixes the routing (measured: 2.20.12 misroutes in queue mode, 2.41.1 does not).',
	check({ graph }) {
		return (
			graph
				.toolConsumers()
				// a parent that is not a node makes n8n fail listing the tools: nothing is misrouted
				.filter((consumer) => graph.toolParents(consumer.name).every((name) => graph.byName.has(name)))
				.flatMap((consumer) =>
					legacyToolRoutes(graph, consumer.name)
						.filter((route) => route.runs !== route.tool)
						// n8n lists tools in reverse connection order; report them in workflow order
						.sort((a, b) => (graph.byName.get(a.tool)?.index ?? 0) - (graph.byName.get(b.tool)?.index ?? 0))
						.map((route) => ({
							node: route.tool,
							message: `tool "${route.tool}" of "${consumer.name}" would run node "${route.runs ?? '(none)'}" ${misroutingScope(consumer)}`,
						})),
				)
		);
	},
};
