/**
 * The admin channel's workflow: its own Bearer-protected MCP Server Trigger and one tool per
 * allowed admin tool: an HTTP Request tool, each a GET on n8n's public API with the read-only
 * key of the config's n8n API credential, or for a tool that answers a lint the toolWorkflow
 * calling its sub-workflow (adminValidate.ts). The method is a constant, never a parameter.
 */
import { ADMIN_TOOLS, type AdminTool } from '../admin/tools';
import type { AdminConfig, N8nVersion } from '../config';
import { fromAiCall } from '../fromAi';
import { adminCredentials, adminRequestParameters } from './adminRequest';
import { adminValidateToolParameters } from './adminValidate';
import { nodeId } from './ids';
import { mcpTriggerNode, toolConnections, toolPosition } from './mcpWorkflow';
import type { JsonObject, Workflow, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';

export { ADMIN_METHOD, N8N_API_CREDENTIAL_TYPE } from './adminRequest';

export function adminTools(admin: Pick<AdminConfig, 'tools'>): AdminTool[] {
	return ADMIN_TOOLS.filter((tool) => admin.tools.includes(tool.name));
}

/** The `$fromAI` call of one of the tool's parameters. */
function adminParam(tool: AdminTool, key: string): string {
	const spec = tool.parameters.find((p) => p.key === key);
	if (!spec) throw new Error(`${tool.name}: unknown parameter ${key}`);
	return fromAiCall(spec);
}

export function adminToolParameters(tool: AdminTool, admin: AdminConfig): JsonObject {
	const listed: JsonObject = tool.listFields === undefined ? {} : { optimizeResponse: true, responseType: 'json', dataField: 'data', fieldsToInclude: 'selected', fields: tool.listFields };
	return {
		descriptionType: 'manual',
		toolDescription: tool.description,
		...adminRequestParameters(tool, admin, (key) => adminParam(tool, key)),
		options: {},
		...listed,
	};
}

function adminToolNode(tool: AdminTool, index: number, admin: AdminConfig): WorkflowNode {
	const placed = { id: nodeId(admin.workflowName, tool.name), name: tool.name };
	// The sub-workflow holds the request and its credential; the toolWorkflow only passes the id.
	if (tool.lintsAnswer) return { ...placed, ...NODE_TYPES.toolWorkflow, position: toolPosition(index), parameters: adminValidateToolParameters(tool, admin) };
	return { ...placed, ...NODE_TYPES.httpRequestTool, position: toolPosition(index), parameters: adminToolParameters(tool, admin), credentials: adminCredentials(admin) };
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
