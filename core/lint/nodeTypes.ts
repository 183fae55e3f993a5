import type { WorkflowGraph } from './graph';
import type { LintedWorkflow, LintedNode } from './types';

/** n8n node type names the rules look for. */
export const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
export const TOOL_WORKFLOW = '@n8n/n8n-nodes-langchain.toolWorkflow';
export const STICKY_NOTE = 'n8n-nodes-base.stickyNote';

/** toolWorkflow took its inputs from a resource mapper (`workflowInputs`) from version 2. */
const TOOL_WORKFLOW_MAPPER_VERSION = 2;

/** Nodes that run (not disabled), optionally only of one type. */
export function enabledNodes(workflow: LintedWorkflow, type?: string): LintedNode[] {
	return workflow.nodes.filter((node) => !node.disabled && (type === undefined || node.type === type));
}

/**
 * Enabled toolWorkflow nodes of a version with `workflowInputs`. n8n shows `workflowInputs`
 * only for `source: database` (the default); an inline workflow (`source: parameter`) always
 * receives one `query` string, so it has no inputs to check.
 */
export function mappedToolWorkflows(workflow: LintedWorkflow): LintedNode[] {
	return enabledNodes(workflow, TOOL_WORKFLOW).filter(
		(node) =>
			node.typeVersion >= TOOL_WORKFLOW_MAPPER_VERSION && (node.parameters.source ?? 'database') === 'database',
	);
}

/** Tool node types: `...Tool` (a node used as a tool, `httpRequestTool`, `mcpClientTool`) and langchain's `tool*`. */
const TOOL_TYPE = /(Tool$|\.tool[A-Z])/;

/**
 * Enabled nodes n8n builds a tool from, the only ones whose `$fromAI` calls it reads: a tool
 * type, or any node wired out through `ai_tool`. Elsewhere (an agent's prompt, a chat message)
 * `$fromAI(...)` is text.
 */
export function enabledToolNodes(workflow: LintedWorkflow, graph: WorkflowGraph): LintedNode[] {
	return enabledNodes(workflow).filter((node) => TOOL_TYPE.test(node.type) || graph.isToolSource(node.name));
}
