import type { Rule, RuleHit } from '../types';

export const connectionUnknownNode: Rule = {
	code: 'HMT015',
	name: 'connection-unknown-node',
	severity: 'error',
	summary: 'A connection starts or ends at a node name that is not in nodes[].',
	why: 'n8n connects nodes by name: a renamed or deleted node leaves a dangling connection, and n8n before 2.21.5 fails listing the tools of a node that has one.',
	hint: 'Remove the connection or restore the node name it points to.',
	check({ workflow, graph }) {
		const hits: RuleHit[] = [];
		for (const [source, outputs] of Object.entries(workflow.connections)) {
			if (!graph.byName.has(source)) {
				hits.push({ message: `connections start at "${source}", which is not a node` });
			}
			for (const [outputType, byIndex] of Object.entries(outputs)) {
				for (const target of byIndex.flatMap((targets) => targets ?? [])) {
					if (graph.byName.has(target.node)) continue;
					hits.push({
						node: graph.byName.has(source) ? source : undefined,
						message: `${outputType} connection from "${source}" goes to "${target.node}", which is not a node`,
					});
				}
			}
		}
		return hits;
	},
};
