import { enabledToolNodes } from '../nodeTypes';
import type { Rule, RuleHit } from '../types';
import { fromAiCallsOf } from '../walk';

export const fromAiMalformed: Rule = {
	code: 'HMT006',
	name: 'fromai-malformed',
	severity: 'error',
	summary: 'A $fromAI call in a tool is malformed: bad key, unknown type, non-literal default, unbalanced quotes or parentheses.',
	why:
		'n8n builds the tool schema by parsing the expression text: a malformed call breaks the whole tool or silently becomes another parameter (a non-literal default is taken as text, a number in 2nd place becomes the description). Milder cases (extra arguments n8n ignores, a JSON default cut at its commas) are warnings. Only tool nodes are read: elsewhere $fromAI is text.',
	hint: "Write $fromAI('snake_key', 'description', 'string|number|boolean|json', <literal default>) with quoted literals only; escape a quote inside a text as \\'.",
	check({ workflow, graph }) {
		const hits: RuleHit[] = [];
		for (const node of enabledToolNodes(workflow, graph)) {
			for (const call of fromAiCallsOf(node)) {
				const at = `${call.text.slice(0, 80)} at offset ${call.offset}`;
				for (const problem of call.problems) {
					hits.push({ node: node.name, path: call.path, message: `${at}: ${problem}` });
				}
				for (const warning of call.warnings) {
					hits.push({ node: node.name, path: call.path, severity: 'warning', message: `${at}: ${warning}` });
				}
			}
		}
		return hits;
	},
};
