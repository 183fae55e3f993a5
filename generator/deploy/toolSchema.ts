/**
 * The tool catalogue an MCP client sees from a workflow: tool names (n8n's mangling of the node
 * name) and each tool's `$fromAI` parameters. MCP clients fetch `tools/list` once per session
 * and cache it, so when this changes on push the clients must be restarted to see it.
 * Built on the linter's view of a workflow, which mirrors how n8n collects tools.
 */
import { WorkflowGraph } from '../lint/graph';
import { parseWorkflowShape } from '../lint/schema';
import { toolNameOf } from '../lint/toolName';
import { fromAiCallsOf } from '../lint/walk';

/** Tool name -> its parameters as sorted `key (type, required|optional)`. */
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
			parameters.set(call.key, `${call.key} (${call.type}, ${call.hasDefault ? 'optional' : 'required'})`);
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
			const added = parameters.filter((p) => !old.includes(p));
			const removed = old.filter((p) => !parameters.includes(p));
			const parts = [...added.map((p) => `+${p}`), ...removed.map((p) => `-${p}`)];
			lines.push(`tool parameters changed: ${tool}: ${parts.join(', ')}`);
		}
	}
	for (const tool of before.keys()) if (!after.has(tool)) lines.push(`tool removed: ${tool}`);
	return lines;
}

export const RESTART_NOTICE =
	'The MCP tool schema changed: restart your MCP clients (agents), they cache the tool catalogue per session and will not see the change until then.';
