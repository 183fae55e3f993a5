import { enabledToolNodes } from '../nodeTypes';
import type { Rule, RuleHit } from '../types';
import { fromAiCallsOf } from '../walk';

/** Wording that tells the model it may leave the parameter out. */
const OPTIONAL_WORDING =
	/\b(optional(ly)?|if omitted|omit(ted)?|leave (it |this )?(empty|blank|out)|can be (empty|left (empty|blank|out))|may be empty|if (not|none) (given|provided|set|specified)|defaults? to)\b/i;

/** The optional-sounding words, unless negated ("not optional", "non-optional"). */
function optionalWording(description: string): string | undefined {
	const match = OPTIONAL_WORDING.exec(description);
	if (!match || /\b(not|non-?)\s*$/i.test(description.slice(0, match.index))) return undefined;
	return match[0];
}

export const optionalWithoutDefault: Rule = {
	code: 'HMT008',
	name: 'optional-without-default',
	severity: 'warning',
	summary: 'A $fromAI parameter is described as optional but has no 4th-argument default, so it is required.',
	why: 'The MCP trigger marks every $fromAI key without a default as required; the agent must invent a value for a field it was told it may omit.',
	hint: "Add a literal default as the 4th argument, e.g. $fromAI('limit', 'Optional max rows', 'number', 20).",
	check({ workflow, graph }) {
		const hits: RuleHit[] = [];
		for (const node of enabledToolNodes(workflow, graph)) {
			const reported = new Set<string>();
			for (const call of fromAiCallsOf(node)) {
				if (call.key === undefined || call.hasDefault || reported.has(call.key)) continue;
				const wording = optionalWording(call.description ?? '');
				if (!wording) continue;
				reported.add(call.key);
				hits.push({
					node: node.name,
					path: call.path,
					message: `key "${call.key}" is described as optional ("${wording}") but has no default, so it is required`,
				});
			}
		}
		return hits;
	},
};
