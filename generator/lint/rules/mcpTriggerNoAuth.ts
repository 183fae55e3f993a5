import { MCP_TRIGGER } from '../nodeTypes';
import type { Rule, RuleHit } from '../types';

export const mcpTriggerNoAuth: Rule = {
	code: 'HMT011',
	name: 'mcp-trigger-no-auth',
	severity: 'error',
	summary: 'An MCP Server Trigger accepts calls without authentication.',
	why: 'Anyone who reaches the /mcp/ URL can list and call every tool wired into it.',
	hint: 'Set authentication to bearerAuth (or headerAuth) and attach an httpBearerAuth credential.',
	check({ workflow }) {
		const hits: RuleHit[] = [];
		for (const node of workflow.nodes) {
			if (node.disabled || node.type !== MCP_TRIGGER) continue;
			const authentication = node.parameters.authentication;
			if (typeof authentication === 'string' && authentication !== '' && authentication !== 'none') continue;
			hits.push({
				node: node.name,
				path: 'parameters.authentication',
				message: `MCP trigger "${node.name}" has no authentication (${authentication === undefined ? 'not set, n8n defaults to none' : JSON.stringify(authentication)})`,
			});
		}
		return hits;
	},
};
