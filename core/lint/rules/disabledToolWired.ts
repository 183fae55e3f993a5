import { misroutingScope } from '../misroutingVersions';
import { legacyToolRoutes } from '../routing';
import type { LintedNode, Rule, RuleHit } from '../types';
import type { WorkflowGraph } from '../graph';

/** The tools `disabled` hands its position to: every enabled tool listed at or after it. */
function shiftedBy(graph: WorkflowGraph, consumer: string, disabled: string): string[] {
	const position = graph.toolParents(consumer).indexOf(disabled);
	return legacyToolRoutes(graph, consumer)
		.slice(position)
		.filter((route) => route.runs !== route.tool)
		.map((route) => route.tool);
}

function hit(graph: WorkflowGraph, consumer: LintedNode, name: string): RuleHit {
	const shifted = shiftedBy(graph, consumer.name, name);
	const wired = `disabled node "${name}" is still wired as a tool into "${consumer.name}"`;
	if (shifted.length === 0) {
		return {
			node: name,
			severity: 'warning',
			message: `${wired}; it is listed last, so no tool is shifted today, but a tool wired later would run the wrong node ${misroutingScope(consumer)}`,
		};
	}
	const tools = shifted.map((tool) => `"${tool}"`).join(', ');
	const verb = shifted.length === 1 ? `tool ${tools} runs` : `tools ${tools} run`;
	return { node: name, message: `${wired}: ${verb} another node ${misroutingScope(consumer)}` };
}

export const disabledToolWired: Rule = {
	code: 'HMT001',
	name: 'disabled-tool-wired',
	severity: 'error',
	summary: 'A disabled node is still wired as a tool into an MCP trigger or AI agent.',
	why:
		'n8n 2.20 and older (AI nodes before @n8n/n8n-nodes-langchain 2.21.5) zip the tool list (disabled nodes dropped) with the parent list (disabled nodes kept) by index, so the tools listed after it run the wrong node (the AI Agent; the MCP trigger in queue mode). An error when it shifts tools; a warning when it is listed last and shifts none.',
	hint: 'Delete the node, or at least its ai_tool connection. Never disable a tool.',
	check({ graph }) {
		return graph.toolConsumers().flatMap((consumer) =>
			[...new Set(graph.toolParents(consumer.name))]
				.filter((name) => graph.byName.get(name)?.disabled)
				.map((name) => hit(graph, consumer, name)),
		);
	},
};
