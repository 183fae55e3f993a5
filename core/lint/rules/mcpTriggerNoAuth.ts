import { enabledNodes, MCP_TRIGGER } from '../nodeTypes';
import type { Rule } from '../types';

export const mcpTriggerNoAuth: Rule = {
	code: 'HMT011',
	name: 'mcp-trigger-no-auth',
	severity: 'error',
	summary: 'An MCP Server Trigger accepts calls without authentication.',
	why: 'Anyone who reaches the /mcp/ URL can list and call every tool wired into it.',
	hint: 'Set authentication to bearerAuth (or headerAuth) and attach an httpBearerAuth credential.',
	check({ workflow }) {
		return enabledNodes(workflow, MCP_TRIGGER).flatMap((node) => {
			const authentication = node.parameters.authentication;
			if (typeof authentication === 'string' && authentication !== '' && authentication !== 'none') return [];
			const setting = authentication === undefined ? 'not set, n8n defaults to none' : JSON.stringify(authentication);
			return [
				{
					node: node.name,
					path: 'parameters.authentication',
					message: `MCP trigger "${node.name}" has no authentication (${setting})`,
				},
			];
		});
	},
};
