import type { LintedConnections, LintedWorkflow, LintedNode } from './types';

export const AI_TOOL = 'ai_tool';

type ByDestination = Record<string, Record<string, string[][]>>;

/**
 * n8n's `mapConnectionsByDestination`: walks `connections` in key order (JSON key order, with
 * integer-like names first, as `for...in` does) and files each source under the target's
 * input type and index. The order matters: it is the order n8n lists a node's tools in.
 */
function mapByDestination(connections: LintedConnections): ByDestination {
	const result: ByDestination = {};
	for (const source of Object.keys(connections)) {
		for (const outputType of Object.keys(connections[source])) {
			for (const targets of connections[source][outputType]) {
				for (const target of targets ?? []) {
					const inputs = ((result[target.node] ??= {})[target.type] ??= []);
					while (inputs.length <= target.index) inputs.push([]);
					inputs[target.index].push(source);
				}
			}
		}
	}
	return result;
}

/** Read-only view of a workflow's nodes and connections, indexed the way n8n indexes them. */
export class WorkflowGraph {
	/** By name; n8n keys nodes by name, so a later duplicate shadows an earlier one. */
	readonly byName = new Map<string, LintedNode>();

	private readonly byDestination: ByDestination;

	/** toolParents per consumer: several rules ask, and the list is quadratic to build. */
	private readonly parentsCache = new Map<string, readonly string[]>();

	constructor(readonly workflow: LintedWorkflow) {
		for (const node of workflow.nodes) this.byName.set(node.name, node);
		this.byDestination = mapByDestination(workflow.connections);
	}

	/**
	 * n8n's `getParentNodes(name, 'ai_tool', 1)`: every node wired into `consumer` as a tool,
	 * disabled ones included. `getConnectedNodes` unshifts each parent, so the list is the
	 * reverse of the connection order; a node wired twice moves to the front (n8n-workflow 2.x;
	 * older versions kept both, which shifts both of getConnectedTools' lists alike), self-loops
	 * are skipped.
	 */
	toolParents(consumer: string): readonly string[] {
		const cached = this.parentsCache.get(consumer);
		if (cached) return cached;
		const parents: string[] = [];
		for (const byIndex of this.byDestination[consumer]?.[AI_TOOL] ?? []) {
			for (const source of byIndex) {
				if (source === consumer) continue;
				const earlier = parents.indexOf(source);
				if (earlier !== -1) parents.splice(earlier, 1);
				parents.unshift(source);
			}
		}
		this.parentsCache.set(consumer, parents);
		return parents;
	}

	/** Whether `name` has an outgoing `ai_tool` connection (it is used as somebody's tool). */
	isToolSource(name: string): boolean {
		return (this.workflow.connections[name]?.[AI_TOOL] ?? []).some((targets) => (targets ?? []).length > 0);
	}

	/** Enabled nodes that receive at least one `ai_tool` connection (MCP triggers, agents, ...). */
	toolConsumers(): LintedNode[] {
		return this.workflow.nodes.filter(
			(node) =>
				!node.disabled &&
				this.byName.get(node.name) === node &&
				(this.byDestination[node.name]?.[AI_TOOL] ?? []).some((inputs) => inputs.length > 0),
		);
	}

	/** The enabled ones of `wiredTools()`: the tools n8n actually builds. */
	enabledWiredTools(): LintedNode[] {
		return this.wiredTools().filter((node) => !node.disabled);
	}

	/** Every node wired as a tool into an enabled consumer, once, in workflow order. */
	wiredTools(): LintedNode[] {
		const names = new Set(this.toolConsumers().flatMap((c) => this.toolParents(c.name)));
		return this.workflow.nodes.filter((node) => names.has(node.name) && this.byName.get(node.name) === node);
	}
}
