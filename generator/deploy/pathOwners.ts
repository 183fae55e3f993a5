/**
 * Webhook paths are n8n-wide: one published workflow serves a path, and n8n refuses to publish a
 * second one on it. Before push writes anything it finds the published workflows that already
 * serve a path of this config and are not this config's (another deployment), so it can refuse
 * with the fix instead of failing half way.
 */
import type { Workflow } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { runningVersion, type LiveWorkflow, type N8nApi } from '../n8nClient/client';

/** Where n8n serves each kind of trigger: MCP triggers under /mcp/, webhooks under /webhook/. */
const PATH_PREFIX: Readonly<Record<string, string>> = {
	[NODE_TYPES.mcpTrigger.type]: '/mcp/',
	[NODE_TYPES.webhook.type]: '/webhook/',
};

/** The paths a workflow serves once published, as `/mcp/<path>` or `/webhook/<path>`. */
export function servedPaths(workflow: Pick<Workflow, 'nodes'>): string[] {
	return workflow.nodes
		.filter((node) => node.type in PATH_PREFIX && node.disabled !== true && typeof node.parameters?.path === 'string')
		.map((node) => `${PATH_PREFIX[node.type]}${String(node.parameters.path)}`);
}

export interface PathOwner {
	path: string;
	/** The workflow of this config that serves the path. */
	workflow: string;
	/** The published workflow that serves it now. */
	owner: Pick<LiveWorkflow, 'id' | 'name'>;
}

/** The paths of `desired` that a published workflow of another name serves now. */
export async function pathsTakenByOthers(client: N8nApi, desired: readonly Workflow[]): Promise<PathOwner[]> {
	const wanted = desired.flatMap((workflow) => servedPaths(workflow).map((path) => ({ path, workflow: workflow.name })));
	if (wanted.length === 0) return [];
	const names = new Set(desired.map((workflow) => workflow.name));
	const published = (await client.listWorkflows()).filter((live) => live.active && !names.has(live.name));
	const taken: PathOwner[] = [];
	for (const live of published) {
		const paths = servedPaths(runningVersion(live));
		for (const want of wanted.filter((w) => paths.includes(w.path))) taken.push({ ...want, owner: { id: live.id, name: live.name } });
	}
	return taken;
}
