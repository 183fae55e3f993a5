/**
 * A deployment for doctor's unit tables: the fake n8n of the deploy tests with the default
 * config pushed, and a real HTTP server on 127.0.0.1 standing in for what n8n serves besides its
 * API (the editor page, /rest/login and /rest/settings, the MCP endpoint, the approval page), each
 * answering as n8n 2.41 does unless a test breaks it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ApprovalsSchema, defaultConfig, type HermesConfig } from '../../../../generator/config';
import { deploymentOf, type DesiredDeployment } from '../../../../generator/deploy/desired';
import { pushWorkflows } from '../../../../generator/deploy/push';
import { doctorContext, type DoctorContext, type DoctorOptions } from '../../../../generator/doctor/context';
import { expectedTools } from '../../../../generator/doctor/checks/mcpTools';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { FakeN8n } from '../deploy/fakeN8n';

export const TOKEN = 'the-right-token';
export const LOGIN = { email: 'owner@example.test', password: 'Secret123' };

export interface FakeEndpoint {
	/** `bearer`: 403 without the right token (n8n's answer); `open`: anyone gets in; `missing`: 404 (not published). */
	auth: 'bearer' | 'open' | 'missing';
	version?: string;
	mode: 'queue' | 'regular';
	/** tools/list's tools; default: what the generated workflow serves. */
	tools?: Array<{ name: string; inputSchema: unknown }>;
	/** tools/call: the answer of a tool, `hang` for none, and which node the execution shows. */
	answer: (tool: string) => { body: unknown; isError?: boolean; node?: string } | 'hang';
	/** n8n lists an execution this long after it answered the call (it saves it after answering). */
	executionDelayMs: number;
	/** Status of the approval page's own answer (its "cannot be decided" page is a 404). */
	pageStatus: number;
	/** False: n8n answers the page's path as a webhook no published workflow serves. */
	pagePublished: boolean;
	calls: string[];
}

export interface FakeDeployment {
	n8n: FakeN8n;
	endpoint: FakeEndpoint;
	config: HermesConfig;
	desired: DesiredDeployment;
	baseUrl: string;
	context(options?: Partial<DoctorOptions>): DoctorContext;
	close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
	let text = '';
	for await (const chunk of request) text += String(chunk);
	return text;
}

function listedFrom(expected: ReturnType<typeof expectedTools>): Array<{ name: string; inputSchema: unknown }> {
	return [...expected].map(([name, tool]) => ({
		name,
		inputSchema: {
			type: 'object',
			required: tool.required,
			properties: Object.fromEntries([
				...tool.required.map((key) => [key, { type: 'string' }]),
				...Object.entries(tool.defaults).map(([key, value]) => [key, { type: 'string', default: value }]),
			]),
		},
	}));
}

/** `withApprovals`: approvals by email (credential "Approval Mail"), n8n's public URL this server's. */
export async function fakeDeployment(options: { withApprovals?: boolean } = {}): Promise<FakeDeployment> {
	let config: HermesConfig = defaultConfig();
	let desired: DesiredDeployment = { workflows: [], dataTables: [], endpoints: [] };
	const n8n = new FakeN8n();
	const endpoint: FakeEndpoint = {
		auth: 'bearer',
		version: '2.41.1',
		mode: 'regular',
		answer: (tool) => ({ body: { success: true, tool }, node: tool }),
		executionDelayMs: 0,
		pageStatus: 200,
		pagePublished: true,
		calls: [],
	};
	const mcpWorkflow = () => n8n.byName(config.workflowName)!;
	const server: Server = createServer((request, response) => {
		void (async () => {
			const text = await bodyOf(request);
			const url = request.url ?? '/';
			const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
				response.writeHead(status, { 'content-type': 'application/json', ...headers });
				response.end(JSON.stringify(value));
			};
			if (request.method === 'GET' && url === '/') {
				const release = endpoint.version ? Buffer.from(JSON.stringify({ dsn: '', release: `n8n@${endpoint.version}` })).toString('base64') : '';
				response.writeHead(200, { 'content-type': 'text/html' });
				response.end(`<html><head>${release ? `<meta name="n8n:config:sentry" content="${release}">` : ''}</head></html>`);
				return;
			}
			if (url === '/rest/login') {
				const { emailOrLdapLoginId, password } = JSON.parse(text) as { emailOrLdapLoginId: string; password: string };
				if (emailOrLdapLoginId !== LOGIN.email || password !== LOGIN.password) return json(401, { message: 'Wrong username or password' });
				return json(200, { data: {} }, { 'set-cookie': 'n8n-auth=fake; Path=/' });
			}
			if (url === '/rest/settings') {
				if (request.headers.cookie !== 'n8n-auth=fake') return json(200, { data: { settingsMode: 'public' } });
				return json(200, { data: { versionCli: endpoint.version, executionMode: endpoint.mode } });
			}
			if (url.startsWith('/webhook/')) {
				if (!endpoint.pagePublished) return json(404, { code: 404, message: `The requested webhook "GET ${url.slice('/webhook/'.length)}" is not registered.` });
				// The page's own answer to a link without a request: its "cannot be decided" page.
				response.writeHead(endpoint.pageStatus, { 'content-type': 'text/html' });
				response.end('<h1>Not decided</h1>');
				return;
			}
			if (url === `/mcp/${config.mcpPath}`) {
				if (endpoint.auth === 'missing') return json(404, { code: 404, message: 'The requested webhook is not registered.' });
				if (endpoint.auth === 'bearer' && request.headers.authorization !== `Bearer ${TOKEN}`) {
					response.writeHead(403);
					response.end('Authorization data is wrong!');
					return;
				}
				const message = JSON.parse(text) as { id?: number; method: string; params?: { name?: string; arguments?: unknown } };
				endpoint.calls.push(message.method + (message.params?.name ? ` ${message.params.name}` : ''));
				if (message.id === undefined) {
					response.writeHead(202);
					response.end();
					return;
				}
				const reply = (result: unknown) => {
					// n8n answers with one server-sent event.
					response.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'S1' });
					response.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`);
				};
				if (message.method === 'initialize') return reply({ protocolVersion: '2025-03-26', capabilities: { tools: {} }, serverInfo: { name: 'n8n' } });
				if (message.method === 'tools/list') return reply({ tools: endpoint.tools ?? listedFrom(expectedTools({ desired, tools: CATALOGUE }, config.workflowName)) });
				if (message.method === 'tools/call') {
					const tool = message.params!.name!;
					const answer = endpoint.answer(tool);
					if (answer === 'hang') return; // never answered: the client's bound ends it
					const node = answer.node;
					if (node) {
						// As n8n 2.41 keeps a call: the trigger's item holds the call, its request id and the session.
						const call = { mcpToolCall: { toolName: tool, arguments: message.params?.arguments ?? {}, sourceNodeName: tool }, mcpMessageId: String(message.id), headers: { 'mcp-session-id': request.headers['mcp-session-id'] } };
						const record = () => n8n.executions.push({
							id: String(n8n.executions.length + 1),
							workflowId: mcpWorkflow().id,
							status: 'success',
							startedAt: new Date().toISOString(),
							// The tool node's run holds its answer, or n8n's error when it threw.
							data: { resultData: { runData: { 'MCP Server Trigger': [{ data: { main: [[{ json: call }]] } }], [node]: [answer.isError ? { executionStatus: 'error', error: { message: JSON.stringify(answer.body) } } : { data: { ai_tool: [[{ json: answer.body }]] } }] } } },
						});
						if (endpoint.executionDelayMs > 0) setTimeout(record, endpoint.executionDelayMs);
						else record();
					}
					return reply({ content: [{ type: 'text', text: JSON.stringify(answer.body) }], ...(answer.isError ? { isError: true } : {}) });
				}
				return json(400, { message: 'unknown method' });
			}
			json(404, { message: 'not found' });
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	if (options.withApprovals) {
		const channel = { type: 'email', credential: 'Approval Mail', from: 'hermes@example.test', to: ['boss@example.test'] };
		config = { ...config, approvals: ApprovalsSchema.parse({ channel, publicUrl: baseUrl }) };
		n8n.credentials.push({ id: 'C-mail', name: 'Approval Mail', type: 'smtp' });
	}
	const project = { config, tools: CATALOGUE };
	desired = deploymentOf(project);
	await pushWorkflows(n8n.client, desired.workflows, { dataTables: desired.dataTables });
	return {
		n8n,
		endpoint,
		config,
		desired,
		baseUrl,
		context: (options = {}) => doctorContext(n8n.client, project, desired, { baseUrl, token: TOKEN, callReads: false, timeoutMs: 2000, login: LOGIN, ...options }),
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
