/**
 * The MCP tools workflow: one Bearer-protected MCP Server Trigger, one node per tool, wired
 * ai_tool as its plan wires it (plan/): the tool variant of its node (toolNodes.ts), or a
 * toolWorkflow calling the gateway sub-workflow, its approval gate or its create-once workflow.
 */
import { projectNote } from './projectMark';
import type { HermesConfig } from '../config';
import type { ToolPlan } from '../plan';
import { serverInstructions, type EndpointTools } from './serverInstructions';
import type { Connections, JsonObject, Workflow, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { node, webhookId } from './nodeParts';
import { toolVariant } from './toolNodes';
import { toolWorkflowParameters } from './toolWorkflow';

export const TRIGGER_NAME = 'MCP Server Trigger';
const COLUMNS = 8;

export interface McpWorkflowSpec {
	name: string;
	path: string;
	tools: readonly ToolPlan[];
	/** The toolWorkflow parameters of a tool wired to its approval gate or create-once workflow. */
	wrapper: (plan: ToolPlan) => JsonObject;
}

/** Tidy grid under the trigger, in catalogue order. */
export function toolPosition(index: number): [number, number] {
	return [(index % COLUMNS) * 220 - 770, 300 + Math.floor(index / COLUMNS) * 200];
}

/** The node of the tool at `index` of workflow `workflow`, as its plan wires it (import rebuilds one alone to compare). */
export function mcpToolNode(plan: ToolPlan, index: number, workflow: string, config: HermesConfig, wrapper: McpWorkflowSpec['wrapper']): WorkflowNode {
	const { tool, wiring } = plan;
	const position = toolPosition(index);
	if (wiring === 'node') return toolVariant(workflow, plan, config, position);
	if (wiring === 'gateway') return node(workflow, tool.name, NODE_TYPES.toolWorkflow, position, toolWorkflowParameters(plan, config));
	return node(workflow, tool.name, NODE_TYPES.toolWorkflow, position, wrapper(plan));
}

/**
 * The Bearer-protected MCP Server Trigger of an MCP workflow (the tools, a toolset, the admin
 * channel), with the endpoint's instructions.
 */
export function mcpTriggerNode(workflowName: string, path: string, bearerCredential: string, endpoint: EndpointTools): WorkflowNode {
	return {
		...node(workflowName, TRIGGER_NAME, NODE_TYPES.mcpTrigger, [0, 0], { authentication: 'bearerAuth', path, instructions: serverInstructions(endpoint) }),
		credentials: { httpBearerAuth: { name: bearerCredential } },
		webhookId: webhookId(workflowName, TRIGGER_NAME),
	};
}

/**
 * Every tool node wired ai_tool into the trigger. n8n collects a node's ai_tool parents by
 * putting each one it meets first (its getConnectedNodes), so the trigger lists its tools in the
 * reverse of the connections' order: wired last-to-first, tools/list comes in the order given.
 */
export function toolConnections(toolNodes: readonly string[]): Connections {
	return Object.fromEntries([...toolNodes].reverse().map((name) => [name, { ai_tool: [[{ node: TRIGGER_NAME, type: 'ai_tool', index: 0 }]] }]));
}

/** An MCP workflow of the given tool nodes: the trigger, the tools in order, wired. */
export function mcpWorkflow(name: string, trigger: WorkflowNode, tools: readonly WorkflowNode[]): Workflow {
	return { name, nodes: [trigger, ...tools], connections: toolConnections(tools.map((t) => t.name)), settings: { executionOrder: 'v1' } };
}

export function buildMcpWorkflow(spec: McpWorkflowSpec, config: HermesConfig): Workflow {
	const tools = spec.tools.map((p) => p.tool);
	const trigger = mcpTriggerNode(spec.name, spec.path, config.credentials.bearer, { tools, gated: spec.tools.filter((p) => p.gated).map((p) => p.tool.name) });
	return mcpWorkflow(
		spec.name,
		config.project === undefined ? trigger : { ...trigger, notes: projectNote(config.project) },
		spec.tools.map((p, i) => mcpToolNode(p, i, spec.name, config, spec.wrapper)),
	);
}
