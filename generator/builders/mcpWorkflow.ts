/**
 * The MCP tools workflow: one Bearer-protected MCP Server Trigger, one node per tool, wired
 * ai_tool: per Odoo mode n8n's odooTool nodes or the Hermes Odoo node's tool variant, and per gateway mode either toolWorkflow nodes calling the gateway
 * sub-workflows or the gateway nodes' own tool variants.
 */
import type { ParameterSpec, ToolSpec } from '../toolSpec/schema';
import type { HermesConfig } from '../config';
import { N8N_TARGETS, type N8nVersion } from '../config/n8nTarget';
import { directToolParameters, directToolType } from './directTool';
import { isDirectGateway } from './gatewayMode';
import { gatedToolParameters } from './gatedTool';
import { gatewayCredentials } from './gatewaySettings';
import { hermesOdooCredentials, hermesOdooToolParameters, hermesOdooType } from './hermesOdooTool';
import { nodeId, webhookId } from './ids';
import type { Connections, Workflow, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { odooToolParameters } from './odooTool';
import { toolWorkflowParameters } from './toolWorkflow';

export const TRIGGER_NAME = 'MCP Server Trigger';
const COLUMNS = 8;

export interface McpWorkflowSpec {
	name: string;
	path: string;
	tools: readonly ToolSpec[];
	/** Tools that act only after approval (config `approvals`). */
	gated?: readonly string[];
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

function toolNode(tool: ToolSpec, index: number, workflowName: string, config: HermesConfig, gated: boolean): WorkflowNode {
	const lookup = parameterLookup(tool, config);
	const base = { id: nodeId(workflowName, tool.name), name: tool.name };
	if (gated) {
		return { ...base, ...NODE_TYPES.toolWorkflow, position: toolPosition(index), parameters: gatedToolParameters(tool, config, lookup) };
	}
	if (tool.target.kind === 'odoo' && config.odooMode === 'hermes') {
		return {
			...base,
			...hermesOdooType(config, true),
			position: toolPosition(index),
			parameters: hermesOdooToolParameters(tool, config, lookup),
			credentials: hermesOdooCredentials(config),
		};
	}
	if (tool.target.kind === 'odoo') {
		return {
			...base,
			...NODE_TYPES.odooTool,
			position: toolPosition(index),
			parameters: odooToolParameters(tool, config, lookup),
			credentials: { [config.odooCredentialType]: { name: config.credentials.odoo } },
		};
	}
	const gateway = tool.target.gateway;
	if (isDirectGateway(gateway, config)) {
		return {
			...base,
			...directToolType(gateway, config),
			position: toolPosition(index),
			parameters: directToolParameters(tool, config, lookup),
			...gatewayCredentials(gateway, config),
		};
	}
	return {
		...base,
		...NODE_TYPES.toolWorkflow,
		position: toolPosition(index),
		parameters: toolWorkflowParameters(tool, config, lookup),
	};
}

/** The Bearer-protected MCP Server Trigger of an MCP workflow (the tools, a toolset, the admin channel). */
export function mcpTriggerNode(workflowName: string, path: string, bearerCredential: string, n8nVersion: N8nVersion): WorkflowNode {
	return {
		id: nodeId(workflowName, TRIGGER_NAME),
		name: TRIGGER_NAME,
		type: NODE_TYPES.mcpTrigger.type,
		typeVersion: N8N_TARGETS[n8nVersion].mcpTriggerVersion,
		position: [0, 0],
		parameters: { authentication: 'bearerAuth', path },
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

export function buildMcpWorkflow(spec: McpWorkflowSpec, config: HermesConfig): Workflow {
	const nodes = [
		mcpTriggerNode(spec.name, spec.path, config.credentials.bearer, config.n8nVersion),
		...spec.tools.map((t, i) => toolNode(t, i, spec.name, config, spec.gated?.includes(t.name) ?? false)),
	];
	return { name: spec.name, nodes, connections: toolConnections(spec.tools.map((t) => t.name)), settings: { executionOrder: 'v1' } };
}
