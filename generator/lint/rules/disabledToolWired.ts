import type { Rule } from '../types';

export const disabledToolWired: Rule = {
	code: 'HMT001',
	name: 'disabled-tool-wired',
	severity: 'error',
	summary: 'A disabled node is still wired as a tool into an MCP trigger or AI agent.',
	why:
		'n8n before 2.21.5 zips the tool list (disabled nodes dropped) with the parent list (disabled nodes kept) by index, so tools after it run the wrong node; the MCP trigger also validates calls against its schema (n8n #30615).',
	hint: 'Delete the node, or at least its ai_tool connection. Never disable a tool.',
	check({ graph }) {
		return graph.toolConsumers().flatMap((consumer) =>
			[...new Set(graph.toolParents(consumer.name))]
				.filter((name) => graph.byName.get(name)?.disabled)
				.map((name) => ({
					node: name,
					message: `disabled node "${name}" is still wired as a tool into "${consumer.name}"`,
				})),
		);
	},
};
