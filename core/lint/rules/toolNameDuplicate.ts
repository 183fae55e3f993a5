import { MAX_TOOL_NAME_LENGTH, toolNameOf } from '../toolName';
import type { Rule, RuleHit } from '../types';

export const toolNameDuplicate: Rule = {
	code: 'HMT003',
	name: 'tool-name-duplicate',
	severity: 'error',
	summary: 'Two tools of one MCP trigger or agent get the same name after n8n rewrites node names.',
	why: 'n8n refuses the whole tool list ("You have multiple tools with the same name"), so every tool of that trigger or agent fails.',
	hint: `Rename one of the nodes so the names differ after non [A-Za-z0-9_-] runs become "_" and the ${MAX_TOOL_NAME_LENGTH}-character cut.`,
	check({ graph }) {
		const hits: RuleHit[] = [];
		for (const consumer of graph.toolConsumers()) {
			const seen = new Map<string, string>();
			for (const parent of graph.toolParents(consumer.name)) {
				const node = graph.byName.get(parent);
				if (!node || node.disabled) continue;
				const { name } = toolNameOf(node);
				const first = seen.get(name);
				if (first === undefined) {
					seen.set(name, node.name);
				} else {
					hits.push({
						node: node.name,
						message: `tools "${first}" and "${node.name}" of "${consumer.name}" are both named "${name}"`,
					});
				}
			}
		}
		return hits;
	},
};
