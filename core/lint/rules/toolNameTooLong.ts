import { MAX_TOOL_NAME_LENGTH, toolNameOf } from '../toolName';
import type { Rule, RuleHit } from '../types';

export const toolNameTooLong: Rule = {
	code: 'HMT005',
	name: 'tool-name-too-long',
	severity: 'warning',
	summary: `A tool name is longer than ${MAX_TOOL_NAME_LENGTH} characters.`,
	why: `n8n cuts node-derived names at ${MAX_TOOL_NAME_LENGTH} (two long names can then collide); a legacy name parameter is sent as is and model APIs refuse it.`,
	hint: `Shorten the node name to ${MAX_TOOL_NAME_LENGTH} characters or fewer.`,
	check({ graph }) {
		const hits: RuleHit[] = [];
		for (const node of graph.enabledWiredTools()) {
			const tool = toolNameOf(node);
			const length =
				tool.source === 'node name' ? tool.raw.replace(/[^a-zA-Z0-9_-]+/g, '_').length : tool.raw.length;
			if (length <= MAX_TOOL_NAME_LENGTH) continue;
			hits.push({
				node: node.name,
				message: `tool name is ${length} characters (max ${MAX_TOOL_NAME_LENGTH}); the client sees "${tool.name}"`,
			});
		}
		return hits;
	},
};
