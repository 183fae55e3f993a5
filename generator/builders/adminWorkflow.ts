/**
 * The admin channel's workflow: its own Bearer-protected MCP Server Trigger and one tool per
 * allowed admin tool, each a toolWorkflow calling the tool's sub-workflow (adminSubWorkflow.ts),
 * which sends the one GET on n8n's public API and turns what n8n answered into the project's
 * answer shape, cut to its cap. The method is a constant, never a parameter.
 */
import { ADMIN_TOOLS, type AdminTool } from '../admin/tools';
import type { AdminConfig, N8nVersion } from '../config';
import { adminToolWorkflowParameters } from './adminSubWorkflow';
import { nodeId } from './ids';
import { mcpTriggerNode, toolConnections, toolPosition } from './mcpWorkflow';
import type { Workflow, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';

export { ADMIN_METHOD, N8N_API_CREDENTIAL_TYPE } from './adminRequest';

export function adminTools(admin: Pick<AdminConfig, 'tools'>): AdminTool[] {
	return ADMIN_TOOLS.filter((tool) => admin.tools.includes(tool.name));
}

function adminToolNode(tool: AdminTool, index: number, admin: AdminConfig): WorkflowNode {
	// The sub-workflow holds the request and its credential; the toolWorkflow only passes the arguments.
	return { id: nodeId(admin.workflowName, tool.name), name: tool.name, ...NODE_TYPES.toolWorkflow, position: toolPosition(index), parameters: adminToolWorkflowParameters(tool, admin) };
}

/** The admin channel's workflow, for the n8n line the config targets. */
export function buildAdminWorkflow(admin: AdminConfig, n8nVersion: N8nVersion): Workflow {
	const tools = adminTools(admin);
	return {
		name: admin.workflowName,
		nodes: [mcpTriggerNode(admin.workflowName, admin.path, admin.bearer, n8nVersion), ...tools.map((tool, index) => adminToolNode(tool, index, admin))],
		connections: toolConnections(tools.map((tool) => tool.name)),
		settings: { executionOrder: 'v1' },
	};
}
