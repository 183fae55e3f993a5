/**
 * The MCP endpoints a config deploys, as an MCP client must be told about them: the tool
 * workflow, each toolset and the admin channel, with the exact tool names `tools/list` serves and the environment
 * variable the client reads the bearer token from. Tokens themselves live in n8n's credential
 * and in the client's environment, never in what this prints.
 */
import { ADMIN_CAPS } from '../admin/caps';
import { adminTools } from '../admin/tools';
import { toolSeconds } from '../plan';
import { serverTimeout } from './toolTimeout';
import { toolsetTools } from '../project/generateAll';
import type { HermesConfig, ToolKind } from '../config';
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
	/** Whether every tool it serves only reads (catalogue `readOnly`; the admin channel's all do). */
	readsOnly: boolean;
	/** A toolset of one kind (config `toolsets[].tools: 'readOnly' | 'changing'`). */
	kind?: ToolKind;
}

export interface McpEndpoint extends EndpointSpec {
	/** Seconds a client should wait for a call (toolTimeout.ts). */
	timeoutSeconds: number;
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
	const endpoint = (server: string, workflow: string, tools: ReadonlyArray<{ name: string; readOnly?: boolean }>, channel: EndpointChannel = 'tools'): EndpointSpec => ({
		server,
		workflow,
		channel,
		tools: tools.map((tool) => tool.name),
		// Every admin tool sends one GET.
		readsOnly: channel === 'admin' || tools.every((tool) => tool.readOnly === true),
	});
	return [
		endpoint(config.mcpPath, config.workflowName, catalogue),
		...config.toolsets.map((toolset) => ({
			...endpoint(toolset.path, `${config.workflowName} - ${toolset.name}`, toolsetTools(catalogue, toolset.tools, toolset.name)),
			...(typeof toolset.tools === 'string' ? { kind: toolset.tools } : {}),
		})),
		...(config.admin ? [endpoint(config.admin.path, config.admin.workflowName, adminTools(config.admin), 'admin')] : []),
	];
}

export function mcpEndpoints(catalogue: readonly ToolSpec[], config: HermesConfig, baseUrl: string): McpEndpoint[] {
	const base = n8nBaseUrl(baseUrl);
	const seconds = (spec: EndpointSpec) =>
		spec.channel === 'admin'
			? [ADMIN_CAPS.requestMs / 1000]
			: spec.tools.map((name) => toolSeconds(catalogue.find((tool) => tool.name === name)!.target));
	return endpointSpecs(catalogue, config).map((spec) => ({ ...spec, url: `${base}/mcp/${spec.server}`, tokenVariable: tokenVariable(spec.server), timeoutSeconds: serverTimeout(seconds(spec)) }));
}
