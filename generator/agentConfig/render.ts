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

/**
 * The endpoints the Hermes Agent is given: with a toolset of the readOnly tools and one of the
 * changing tools, those two instead of the other tool endpoints (which serve the same tools again),
 * so that it asks about changes only; else every endpoint.
 */
export function hermesEndpoints(endpoints: readonly McpEndpoint[]): McpEndpoint[] {
	const split = endpoints.some((e) => e.kind === 'readOnly') && endpoints.some((e) => e.kind === 'changing');
	return split ? endpoints.filter((e) => e.channel === 'admin' || e.kind !== undefined) : [...endpoints];
}

export function hermesAgentConfig(all: readonly McpEndpoint[]): string {
	const endpoints = hermesEndpoints(all);
	// The agent asks the person before each tool of an untrusted server that lacks readOnlyHint,
	// which n8n's trigger never sends: a server that can change things asks about every call.
	const servers = Object.fromEntries(
		endpoints.map((endpoint) => [
			endpoint.server,
			{
				url: endpoint.url,
				headers: { Authorization: bearer(endpoint) },
				timeout: endpoint.timeoutSeconds,
				...(endpoint.readsOnly ? {} : { trust: 'untrusted' }),
				tools: { include: endpoint.tools },
			},
		]),
	);
	const split = endpoints.length < all.length;
	const header = [
		'# MCP servers of this Hermes deployment, for ~/.hermes/config.yaml.',
		split
			? '# Reads and changes are two servers: the agent asks the person before every call of the untrusted one, and of no other.'
			: '# A server that can change things is trust: untrusted, so the agent asks the person before each of its calls, reads included; toolsets of the readOnly and the changing tools split them (docs/agent.md).',
		`# Put each token in ~/.hermes/.env: ${endpoints.map((e) => `${e.tokenVariable}=<the Bearer credential's token>`).join(', ')}.`,
		"# timeout: the slowest tool's own time caps and a margin; at least the agent's default 300 s where a tool's time is unbounded (the content pipeline).",
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
