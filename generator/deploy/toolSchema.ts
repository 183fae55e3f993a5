/**
 * The tool catalogue an MCP client sees from a workflow: tool names (n8n's mangling of the node
 * name) and each tool's `$fromAI` parameters. MCP clients fetch `tools/list` once per session
 * and cache it, so when this changes on push the clients must be restarted to see it.
 * Built on the linter's view of a workflow, which mirrors how n8n collects tools.
 */
import { fromAiCallsOf, parseWorkflowShape, toolNameOf, WorkflowGraph } from '../lint/core';

/**
 * Tool name -> its parameters as sorted `key (type, required)` or `key (type, optional, default
 * <as written>)`: a client caches the default too, so a changed default is a schema change.
 */
export type ToolSchema = Map<string, string[]>;

/** The tools wired (and enabled) into a consumer such as the MCP trigger; empty when none. */
export function toolSchemaOf(workflow: unknown): ToolSchema {
	const shape = parseWorkflowShape(workflow);
	const schema: ToolSchema = new Map();
	if (!shape.ok) return schema;
	for (const node of new WorkflowGraph(shape.workflow).enabledWiredTools()) {
		const parameters = new Map<string, string>();
		for (const call of fromAiCallsOf(node)) {
			if (call.key === undefined) continue;
			// n8n: for a toolWorkflow the last call of a key wins.
			const fallback = call.args[3]?.raw;
			const optional = fallback === undefined ? 'optional' : `optional, default ${fallback}`;
			parameters.set(call.key, `${call.key} (${call.type}, ${call.hasDefault ? optional : 'required'})`);
		}
		schema.set(toolNameOf(node).name, [...parameters.values()].sort());
	}
	return schema;
}

/** One line per tool added, removed or with different parameters; empty when the same. */
export function toolSchemaChanges(before: ToolSchema, after: ToolSchema): string[] {
	const lines: string[] = [];
	for (const [tool, parameters] of after) {
		const old = before.get(tool);
		if (!old) lines.push(`tool added: ${tool}`);
		else if (old.join('|') !== parameters.join('|')) {
			const keyOf = (line: string) => line.split(' ')[0];
			const added = parameters.filter((p) => !old.includes(p));
			const removed = old.filter((p) => !parameters.includes(p));
			const changed = added.filter((p) => removed.some((r) => keyOf(r) === keyOf(p)));
			const parts = [
				...added.filter((p) => !changed.includes(p)).map((p) => `+${p}`),
				...removed.filter((r) => !changed.some((p) => keyOf(p) === keyOf(r))).map((p) => `-${p}`),
				...changed.map((p) => `${removed.find((r) => keyOf(r) === keyOf(p))} -> ${p}`),
			];
			lines.push(`tool parameters changed: ${tool}: ${parts.join(', ')}`);
		}
	}
	for (const tool of before.keys()) if (!after.has(tool)) lines.push(`tool removed: ${tool}`);
	return lines;
}

export const RESTART_NOTICE =
	'The MCP tool schema changed: restart your MCP clients (agents), they cache the tool catalogue per session and will not see the change until then.';

/** An endpoint as the notice names it: its MCP server name and the workflow serving it. */
export interface NoticeEndpoint {
	server: string;
	workflow: string;
}

/**
 * What push prints after a tool schema change: the endpoints whose tools changed and how each
 * client `agent-config` writes for reloads them; without endpoints (a workflow of no known
 * endpoint) the general restart advice.
 */
export function reloadNotice(changedWorkflows: readonly string[], endpoints: readonly NoticeEndpoint[]): string {
	const servers = endpoints.filter((e) => changedWorkflows.includes(e.workflow)).map((e) => e.server);
	if (servers.length === 0) return RESTART_NOTICE;
	const list = servers.join(', ');
	return [
		`The MCP tool schema changed on ${list}: clients cache the tool catalogue per session and will not see the change until they reload it.`,
		`  Hermes Agent (agent-config --for hermes): run /reload-mcp (servers ${list}).`,
		`  Other MCP clients (agent-config --for mcp-json): restart your MCP clients, or start a new session of ${list}.`,
	].join('\n');
}
