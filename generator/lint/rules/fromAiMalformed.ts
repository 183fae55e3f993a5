import { enabledNodes } from '../nodeTypes';
import type { Rule, RuleHit } from '../types';
import { fromAiCallsOf } from '../walk';

export const fromAiMalformed: Rule = {
	code: 'HMT006',
	name: 'fromai-malformed',
	severity: 'error',
	summary: 'A $fromAI call is malformed: bad key, unknown type, non-literal default, unbalanced quotes or parentheses.',
	why: 'n8n builds the tool schema by parsing the expression text: a malformed call breaks the whole tool or silently becomes another parameter (a non-literal default is taken as text).',
	hint: "Write $fromAI('snake_key', 'description', 'string|number|boolean|json', <literal default>) with quoted literals only.",
	check({ workflow }) {
		const hits: RuleHit[] = [];
		for (const node of enabledNodes(workflow)) {
			for (const call of fromAiCallsOf(node)) {
				for (const problem of call.problems) {
					hits.push({
						node: node.name,
						path: call.path,
						message: `${call.text.slice(0, 80)} at offset ${call.offset}: ${problem}`,
					});
				}
			}
		}
		return hits;
	},
};
