/**
 * An MCP client's configuration for the endpoints, in the two forms clients read:
 * - `hermes`: the Hermes Agent's `~/.hermes/config.yaml` `mcp_servers:` entries, each limited by
 *   `tools.include` to exactly the generated tools (so a tool added in n8n by hand is not
 *   offered to the agent until the catalogue has it);
 * - `mcp-json`: the `mcpServers` object most other clients take (`.mcp.json` and the like).
 * The bearer header names an environment variable, `${MCP_<SERVER>_API_KEY}`; no token is printed.
 */
import { stringify } from 'yaml';

import type { McpEndpoint } from './endpoints';

export const AGENT_CONFIG_FORMS = ['hermes', 'mcp-json'] as const;
export type AgentConfigForm = (typeof AGENT_CONFIG_FORMS)[number];

const bearer = (endpoint: McpEndpoint) => `Bearer \${${endpoint.tokenVariable}}`;

export function hermesAgentConfig(endpoints: readonly McpEndpoint[]): string {
	const servers = Object.fromEntries(
		endpoints.map((endpoint) => [endpoint.server, { url: endpoint.url, headers: { Authorization: bearer(endpoint) }, tools: { include: endpoint.tools } }]),
	);
	const header = [
		'# MCP servers of this Hermes deployment, for ~/.hermes/config.yaml.',
		`# Put each token in ~/.hermes/.env: ${endpoints.map((e) => `${e.tokenVariable}=<the Bearer credential's token>`).join(', ')}.`,
		'# After a push that changes a tool schema, run /reload-mcp in the agent (a session keeps the tool list it started with).',
	];
	return `${header.join('\n')}\n${stringify({ mcp_servers: servers }, { lineWidth: 0 })}`;
}

export interface McpJsonConfig {
	mcpServers: Record<string, { type: 'http'; url: string; headers: { Authorization: string } }>;
}

export function mcpJsonConfig(endpoints: readonly McpEndpoint[]): McpJsonConfig {
	return {
		mcpServers: Object.fromEntries(endpoints.map((endpoint) => [endpoint.server, { type: 'http' as const, url: endpoint.url, headers: { Authorization: bearer(endpoint) } }])),
	};
}
