import { enabledNodes, MCP_TRIGGER } from '../nodeTypes';
import type { Rule } from '../types';

export const mcpTriggerNoWebhookId: Rule = {
	code: 'HMT012',
	name: 'mcp-trigger-no-webhookid',
	severity: 'error',
	summary: 'An MCP Server Trigger has no webhookId.',
	why: 'Without a webhookId n8n serves the endpoint at <workflowId>/<node>/<path> instead of /mcp/<path>, so configured clients miss it.',
	hint: 'Give the node a fixed "webhookId" (a UUID) next to its name and type.',
	check({ workflow }) {
		return enabledNodes(workflow, MCP_TRIGGER)
			.filter((node) => (node.webhookId ?? '').trim() === '')
			.map((node) => ({ node: node.name, message: `MCP trigger "${node.name}" has no webhookId` }));
	},
};
