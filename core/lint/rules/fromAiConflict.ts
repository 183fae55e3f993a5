import { enabledToolNodes } from '../nodeTypes';
import type { Rule, RuleHit } from '../types';
import { fromAiCallsOf, type LocatedFromAiCall } from '../walk';

export const fromAiConflict: Rule = {
	code: 'HMT007',
	name: 'fromai-conflict',
	severity: 'error',
	summary: 'One $fromAI key is declared twice in a node with a different description or type.',
	why: 'A node used as a tool throws ("Duplicate key ... with different description or type"); a toolWorkflow silently keeps the last one.',
	hint: 'Use one description and one type per key, or give the second use its own key.',
	check({ workflow, graph }) {
		const hits: RuleHit[] = [];
		for (const node of enabledToolNodes(workflow, graph)) {
			const firstByKey = new Map<string, LocatedFromAiCall>();
			const reported = new Set<string>();
			for (const call of fromAiCallsOf(node)) {
				if (call.key === undefined || call.problems.length > 0) continue;
				const first = firstByKey.get(call.key);
				if (!first) {
					firstByKey.set(call.key, call);
					continue;
				}
				const differs = first.type !== call.type || (first.description ?? '') !== (call.description ?? '');
				if (!differs || reported.has(call.key)) continue;
				reported.add(call.key);
				hits.push({
					node: node.name,
					path: call.path,
					message: `key "${call.key}" is declared as ${first.type} "${first.description ?? ''}" at ${first.path} and as ${call.type} "${call.description ?? ''}" here`,
				});
			}
		}
		return hits;
	},
};
