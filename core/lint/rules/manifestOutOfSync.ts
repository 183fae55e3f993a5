import { AI_TOOL } from '../graph';
import { toolNameOf } from '../toolName';
import type { Rule, RuleContext, RuleHit } from '../types';

/** Position of each tool in the order its ai_tool connections are written (the generator's order). */
function aiToolIndexes({ workflow, graph }: RuleContext): Map<string, number> {
	const indexes = new Map<string, number>();
	for (const [source, outputs] of Object.entries(workflow.connections)) {
		const wired = (outputs[AI_TOOL] ?? []).some((targets) =>
			(targets ?? []).some((target) => graph.byName.has(target.node)),
		);
		if (wired && !indexes.has(source)) indexes.set(source, indexes.size);
	}
	return indexes;
}

export const manifestOutOfSync: Rule = {
	code: 'HMT013',
	name: 'manifest-out-of-sync',
	severity: 'error',
	summary: 'The node-index manifest (<name>.index.json or --manifest) does not match the workflow.',
	why: 'The manifest is the reviewed list of tools, node names and positions; drift means a tool was added, removed, renamed or disabled outside the generator.',
	hint: 'Regenerate the workflow and its manifest (hermes-workflows generate), or fix the hand edit the manifest reveals.',
	check(ctx) {
		if (ctx.manifest === undefined) return [];
		if (!ctx.manifest.ok) return [{ message: `the manifest is not a tool manifest: ${ctx.manifest.problems.join('; ')}` }];
		const { manifest } = ctx.manifest;
		const { workflow, graph } = ctx;
		const hits: RuleHit[] = [];
		if (manifest.workflow !== workflow.name) {
			hits.push({ message: `the manifest is for workflow "${manifest.workflow}", this workflow is "${workflow.name ?? '(unnamed)'}"` });
		}
		const positions = aiToolIndexes(ctx);
		const listed = new Set<string>();
		for (const entry of manifest.tools) {
			listed.add(entry.nodeName);
			const node = graph.byName.get(entry.nodeName);
			if (!node) {
				hits.push({ message: `tool "${entry.tool}": the manifest names node "${entry.nodeName}", which is not in the workflow` });
				continue;
			}
			const at = (what: string) => hits.push({ node: node.name, message: `tool "${entry.tool}": ${what}` });
			if (workflow.nodes[entry.nodeIndex]?.name !== node.name) {
				at(`manifest nodeIndex ${entry.nodeIndex}, workflow has the node at ${node.index}`);
			}
			const actualName = toolNameOf(node).name;
			if (actualName !== entry.tool) at(`the workflow names this tool "${actualName}"`);
			const position = positions.get(node.name);
			if (position === undefined) at('the node is not wired as a tool');
			else if (position !== entry.aiToolIndex) {
				at(`manifest aiToolIndex ${entry.aiToolIndex}, workflow wires it at ${position}`);
			}
		}
		for (const node of graph.wiredTools()) {
			if (!listed.has(node.name)) {
				hits.push({ node: node.name, message: `tool node "${node.name}" is wired but missing from the manifest` });
			}
		}
		return hits;
	},
};
