/**
 * The MCP tools workflow: one Bearer-protected MCP Server Trigger, one node per tool, wired
 * ai_tool: the tool variant of its node (toolNodes.ts), or per gateway mode a toolWorkflow
 * calling the gateway sub-workflow; a gated tool's toolWorkflow calls its approval gate, a create
 * tool's its create-once workflow.
 */
import { projectNote } from './projectMark';
import type { ParameterSpec, ToolSpec } from '../toolSpec/schema';
import type { HermesConfig } from '../config';
import { isDirectGateway } from './gatewayWorkflows';
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
	tools: readonly ToolSpec[];
	/** The toolWorkflow parameters of the tools that act only after approval (config `approvals`), by tool. */
	gated?: ReadonlyMap<string, JsonObject>;
	/** The toolWorkflow parameters of the tools that create once (creates/), by tool. */
	once?: ReadonlyMap<string, JsonObject>;
}

/** Tidy grid under the trigger, in catalogue order. */
export function toolPosition(index: number): [number, number] {
	return [(index % COLUMNS) * 220 - 770, 300 + Math.floor(index / COLUMNS) * 200];
}

/** Parameter lookup with deployment overrides (the timesheet employee comes from the config). */
export function parameterLookup(tool: ToolSpec, config: HermesConfig) {
	return (key: string): ParameterSpec => {
		const spec = tool.parameters.find((p) => p.key === key);
		if (!spec) throw new Error(`${tool.name}: unknown parameter ${key}`);
		if (key === 'employee_id' && !spec.required) return { ...spec, default: config.employeeId };
		return spec;
	};
}

function toolNode(tool: ToolSpec, index: number, workflow: string, config: HermesConfig, wrapper: JsonObject | undefined): WorkflowNode {
	const lookup = parameterLookup(tool, config);
	const position = toolPosition(index);
	if (wrapper) return node(workflow, tool.name, NODE_TYPES.toolWorkflow, position, wrapper);
	if (tool.target.kind === 'gateway' && !isDirectGateway(tool.target.gateway, config)) {
		return node(workflow, tool.name, NODE_TYPES.toolWorkflow, position, toolWorkflowParameters(tool, config, lookup));
	}
	return toolVariant(workflow, tool, config, lookup, position);
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
	const trigger = mcpTriggerNode(spec.name, spec.path, config.credentials.bearer, { tools: spec.tools, gated: spec.tools.filter((t) => spec.gated?.has(t.name)).map((t) => t.name) });
	return mcpWorkflow(
		spec.name,
		config.project === undefined ? trigger : { ...trigger, notes: projectNote(config.project) },
		spec.tools.map((t, i) => toolNode(t, i, spec.name, config, spec.gated?.get(t.name) ?? spec.once?.get(t.name))),
	);
}
