/**
 * The admin channel's workflow: its own Bearer-protected MCP Server Trigger and one HTTP Request
 * tool per allowed admin tool, each a GET on n8n's public API with the read-only key of the
 * config's n8n API credential. The method is a constant of this builder, never a parameter.
 */
import { ADMIN_TOOLS, type AdminTool } from '../admin/tools';
import type { AdminConfig, N8nVersion } from '../config';
import { expression, fromAiCall, quote } from '../fromAi';
import { nodeId } from './ids';
import { mcpTriggerNode, toolConnections, toolPosition } from './mcpWorkflow';
import type { JsonObject, Workflow, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';

/** The only HTTP method an admin tool sends. */
export const ADMIN_METHOD = 'GET';
/** n8n's credential type for its own API (X-N8N-API-KEY header), which HTTP Request applies as a predefined type. */
export const N8N_API_CREDENTIAL_TYPE = 'n8nApi';

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
	const url = expression(`${quote(admin.apiUrl)} + ${tool.request((key) => adminParam(tool, key))}`);
	const listed: JsonObject = tool.listFields === undefined ? {} : { optimizeResponse: true, responseType: 'json', dataField: 'data', fieldsToInclude: 'selected', fields: tool.listFields };
	return {
		descriptionType: 'manual',
		toolDescription: tool.description,
		method: ADMIN_METHOD,
		url,
		authentication: 'predefinedCredentialType',
		nodeCredentialType: N8N_API_CREDENTIAL_TYPE,
		options: {},
		...listed,
	};
}

function adminToolNode(tool: AdminTool, index: number, admin: AdminConfig): WorkflowNode {
	return {
		id: nodeId(admin.workflowName, tool.name),
		name: tool.name,
		...NODE_TYPES.httpRequestTool,
		position: toolPosition(index),
		parameters: adminToolParameters(tool, admin),
		credentials: { [N8N_API_CREDENTIAL_TYPE]: { name: admin.n8nApi } },
	};
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
