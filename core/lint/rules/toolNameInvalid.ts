import { toolNameOf } from '../toolName';
import type { Rule, RuleHit } from '../types';

const OUTSIDE = /[^A-Za-z0-9_-]/;

export const toolNameInvalid: Rule = {
	code: 'HMT004',
	name: 'tool-name-invalid',
	severity: 'warning',
	summary: 'A tool name has characters outside [A-Za-z0-9_-], so the client sees another name (or none).',
	why: 'n8n replaces each run of other characters with "_" (a legacy name parameter is sent as is and refused by model APIs); the agent prompt and the name it calls then disagree.',
	hint: 'Name tool nodes in snake_case (letters, digits, "_" and "-"), as the client will call them.',
	check({ graph }) {
		const hits: RuleHit[] = [];
		for (const node of graph.enabledWiredTools()) {
			const tool = toolNameOf(node);
			if (tool.raw !== '' && !OUTSIDE.test(tool.raw)) continue;
			hits.push({
				node: node.name,
				message:
					tool.source === 'node name'
						? `tool name "${tool.raw}" becomes "${tool.name}" (characters outside [A-Za-z0-9_-])`
						: `tool name "${tool.raw}" (${tool.source}) is not a valid tool name`,
			});
		}
		return hits;
	},
};
