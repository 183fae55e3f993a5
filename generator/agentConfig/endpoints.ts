/**
 * The MCP endpoints a config deploys, as an MCP client must be told about them: the tool
 * workflow, each toolset and the admin channel, with the exact tool names `tools/list` serves and the environment
 * variable the client reads the bearer token from. Tokens themselves live in n8n's credential
 * and in the client's environment, never in what this prints.
 */
import { adminTools } from '../admin/tools';
import { toolsetTools } from '../project/generateAll';
import type { HermesConfig } from '../config';
import type { ToolSpec } from '../toolSpec/schema';

/** `tools`: the tool workflow and the toolsets (one bearer credential); `admin`: the admin channel (its own). */
export type EndpointChannel = 'tools' | 'admin';

/** An endpoint as the config names it, before an n8n URL is known. */
export interface EndpointSpec {
	/** The client's name for the server: the endpoint's MCP path. */
	server: string;
	/** The n8n workflow that serves it. */
	workflow: string;
	channel: EndpointChannel;
	/** Tool names in the order the catalogue gives them. */
	tools: string[];
}

export interface McpEndpoint extends EndpointSpec {
	server: string;
	/** `<n8n>/mcp/<path>`. */
	url: string;
	/** Where the client finds the token: `MCP_<SERVER>_API_KEY`, as `hermes mcp add` names it. */
	tokenVariable: string;
}

/** `MCP_<SERVER>_API_KEY` with the server name upper-cased and anything but A-Z, 0-9 as `_`. */
export function tokenVariable(server: string): string {
	return `MCP_${server.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_API_KEY`;
}

/** An n8n base URL as the agent reaches it, checked and without a trailing slash. */
export function n8nBaseUrl(raw: string): string {
	const url = new URL(raw);
	if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`${raw} is not an http(s) URL`);
	if (url.search || url.hash) throw new TypeError(`${raw} has a query or fragment; give n8n's base URL`);
	return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The endpoints a config deploys: the tool workflow, each toolset, the admin channel. */
export function endpointSpecs(catalogue: readonly ToolSpec[], config: HermesConfig): EndpointSpec[] {
	const endpoint = (server: string, workflow: string, tools: ReadonlyArray<{ name: string }>, channel: EndpointChannel = 'tools'): EndpointSpec => ({
		server,
		workflow,
		channel,
		tools: tools.map((tool) => tool.name),
	});
	return [
		endpoint(config.mcpPath, config.workflowName, catalogue),
		...config.toolsets.map((toolset) => endpoint(toolset.path, `${config.workflowName} - ${toolset.name}`, toolsetTools(catalogue, toolset.tools, toolset.name))),
		...(config.admin ? [endpoint(config.admin.path, config.admin.workflowName, adminTools(config.admin), 'admin')] : []),
	];
}

export function mcpEndpoints(catalogue: readonly ToolSpec[], config: HermesConfig, baseUrl: string): McpEndpoint[] {
	const base = n8nBaseUrl(baseUrl);
	return endpointSpecs(catalogue, config).map((spec) => ({ ...spec, url: `${base}/mcp/${spec.server}`, tokenVariable: tokenVariable(spec.server) }));
}
