/**
 * What every doctor check reads from: the deployment this config generates, the n8n API, the
 * endpoints, and the options. What several checks need (the drift report, every live workflow,
 * the instance) is read once and shared.
 */
import { mcpEndpoints, type McpEndpoint } from '../agentConfig/endpoints';
import type { HermesConfig } from '../config';
import type { DesiredDeployment } from '../deploy/desired';
import { detectDrift, type DriftReport } from '../deploy/drift';
import type { LiveWorkflow, N8nApi } from '../n8nClient/client';
import type { ToolSpec } from '../toolSpec/schema';
import { readInstance, type InstanceOptions, type N8nInstance } from './instance';

export interface DoctorOptions {
	/** n8n's base URL as doctor reaches it, no trailing slash. */
	baseUrl: string;
	/** Bearer token of the MCP endpoints. */
	token?: string;
	/** Bearer token of the admin endpoint (its own credential). */
	adminToken?: string;
	callReads: boolean;
	/** The admin channel's n8n API key, to check its scopes (n8n does not show it from the credential). */
	adminApiKey?: string;
	/** Bound of every HTTP request doctor makes to an endpoint. */
	timeoutMs: number;
	/** How long to wait for n8n to save the execution of a tool call (default 5 s). */
	executionWaitMs?: number;
	login?: InstanceOptions['login'];
	mode?: InstanceOptions['mode'];
}

export interface DoctorContext {
	client: N8nApi;
	config: HermesConfig;
	tools: readonly ToolSpec[];
	desired: DesiredDeployment;
	options: DoctorOptions;
	/** The tool endpoints (tool workflow and toolsets), which share the bearer token. */
	endpoints: McpEndpoint[];
	drift(): Promise<DriftReport>;
	/** Every live workflow, with its nodes. */
	allWorkflows(): Promise<LiveWorkflow[]>;
	instance(): Promise<N8nInstance>;
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
	let value: Promise<T> | undefined;
	return () => (value ??= read());
}

export function doctorContext(
	client: N8nApi,
	project: { config: HermesConfig; tools: readonly ToolSpec[] },
	desired: DesiredDeployment,
	options: DoctorOptions,
): DoctorContext {
	return {
		client,
		config: project.config,
		tools: project.tools,
		desired,
		options,
		// The admin channel has a token of its own: the admin check probes it.
		endpoints: mcpEndpoints(project.tools, project.config, options.baseUrl).filter((endpoint) => endpoint.channel === 'tools'),
		drift: once(() => detectDrift(client, desired.workflows, desired.dataTables)),
		allWorkflows: once(() => client.listWorkflows()),
		instance: once(() => readInstance({ baseUrl: options.baseUrl, login: options.login, mode: options.mode, timeoutMs: options.timeoutMs })),
	};
}
