import { toolNameOf } from '../toolName';
import type { Rule, RuleHit } from '../types';

const MAX = 64;

export const toolNameTooLong: Rule = {
	code: 'HMT005',
	name: 'tool-name-too-long',
	severity: 'warning',
	summary: 'A tool name is longer than 64 characters.',
	why: 'n8n cuts node-derived names at 64 (two long names can then collide); a legacy name parameter is sent as is and model APIs refuse it.',
	hint: 'Shorten the node name to 64 characters or fewer.',
	check({ graph }) {
		const hits: RuleHit[] = [];
		for (const node of graph.enabledWiredTools()) {
			const tool = toolNameOf(node);
			const length =
				tool.source === 'node name' ? tool.raw.replace(/[^a-zA-Z0-9_-]+/g, '_').length : tool.raw.length;
			if (length <= MAX) continue;
			hits.push({
				node: node.name,
				message: `tool name is ${length} characters (max ${MAX}); the client sees "${tool.name}"`,
			});
		}
		return hits;
	},
};
