/**
 * doctor's admin-endpoint check, a table of passing and failing deployments.
 *
 * Real: the check, the MCP requests it sends over HTTP, and the admin workflow the default
 * config with `admin` generates (tools/list is expected to match it). Stand-ins: the admin
 * endpoint is a local HTTP server answering as n8n 2.41's MCP Server Trigger does (403 for a
 * refused bearer token, one server-sent event per answer) unless a case breaks it; the n8n API
 * is the deploy tests' fake, which this check does not read.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { adminTools } from '../../../../../generator/admin/tools';
import { ADMIN_TOOL_NAMES, AdminSchema, defaultConfig, type AdminToolName, type HermesConfig } from '../../../../../generator/config';
import { deploymentOf } from '../../../../../generator/deploy/desired';
import { CHECKS, runDoctor } from '../../../../../generator/doctor';
import { ADMIN_READ, adminEndpointCheck } from '../../../../../generator/doctor/checks/adminEndpoint';
import { expectedTools } from '../../../../../generator/doctor/checks/mcpTools';
import { doctorContext, type DoctorOptions } from '../../../../../generator/doctor/context';
import type { CheckStatus } from '../../../../../generator/doctor/types';
import { CATALOGUE } from '../../../../helpers/defaultCatalogue';
import { FakeN8n } from '../../deploy/fakeN8n';

const ADMIN_TOKEN = 'the-admin-token';
const TOOLS_TOKEN = 'the-tools-token';

interface StandIn {
	/** `bearer`: 403 without the admin token; `also-tools`: the tools token gets in too; `open`: anyone; `missing`: 404 (not published). */
	auth: 'bearer' | 'also-tools' | 'open' | 'missing';
	/** tools/list's tool names and required keys; default: what the config generates. */
	tools?: Array<{ name: string; inputSchema: unknown }>;
	/** What the read answers: the MCP result. */
	read: unknown;
	calls: string[];
}

const answered = (value: unknown, isError = false) => ({ content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }], ...(isError ? { isError } : {}) });

function listed(config: HermesConfig) {
	const admin = config.admin!;
	return [...expectedTools({ desired: deploymentOf({ config, tools: CATALOGUE }), tools: adminTools(admin) }, admin.workflowName)].map(([name, tool]) => ({
		name,
		inputSchema: { type: 'object', required: tool.required, properties: Object.fromEntries(Object.entries(tool.defaults).map(([key, value]) => [key, { default: value }])) },
	}));
}

/** The stand-in endpoint at /mcp/<admin.path>, and a doctor context for the config pointing at it. */
async function standIn(config: HermesConfig, edit: (s: StandIn) => void) {
	const state: StandIn = { auth: 'bearer', read: answered([{ success: true, count: 3, returned: 1, truncated: true, workflows: [{ id: 'W1' }] }]), calls: [] };
	edit(state);
	const server: Server = createServer((request, response) => {
		let text = '';
		request.on('data', (chunk) => (text += String(chunk)));
		request.on('end', () => {
			const accepted = [`Bearer ${ADMIN_TOKEN}`, ...(state.auth === 'also-tools' ? [`Bearer ${TOOLS_TOKEN}`] : [])];
			if (request.url !== `/mcp/${config.admin!.path}` || state.auth === 'missing') return void response.writeHead(404).end('{"code":404,"message":"The requested webhook is not registered."}');
			if (state.auth !== 'open' && !accepted.includes(request.headers.authorization ?? '')) return void response.writeHead(403).end('Authorization data is wrong!');
			const message = JSON.parse(text) as { id?: number; method: string; params?: { name?: string; arguments?: unknown } };
			state.calls.push([message.method, message.params?.name, message.params?.arguments && JSON.stringify(message.params.arguments)].filter(Boolean).join(' '));
			if (message.id === undefined) return void response.writeHead(202).end();
			const result = message.method === 'initialize' ? { protocolVersion: '2025-03-26', capabilities: { tools: {} } } : message.method === 'tools/list' ? { tools: state.tools ?? listed(config) } : state.read;
			response.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'S1' });
			response.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const project = { config, tools: CATALOGUE };
	return {
		state,
		context: (options: Partial<DoctorOptions>) => doctorContext(new FakeN8n().client, project, deploymentOf(project), { baseUrl, token: TOOLS_TOKEN, adminToken: ADMIN_TOKEN, callReads: false, timeoutMs: 2000, ...options }),
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

const withAdmin = (admin: object = {}): HermesConfig => ({ ...defaultConfig(), admin: AdminSchema.parse(admin) });
const marker = (body: object) => answered([body]);

type Case = [string, (s: StandIn) => void, Partial<DoctorOptions>, CheckStatus, RegExp];

describe('doctor check admin-endpoint', () => {
	it.each<Case>([
		['refused without, with a wrong and with the tools token; the admin tools; the read answers', () => undefined, { callReads: true }, 'ok', /answers 403 without a token and with a wrong one or the tools endpoint's; with its token tools\/list gives the 5 admin tools and n8n_list_workflows answers/],
		['with --no-call-reads no tool is called', (s) => void (s.read = answered('never asked', true)), {}, 'ok', /gives the 5 admin tools \(--no-call-reads: n8n_list_workflows not called\)$/],
		['no tools token given: that refusal is not tried', () => undefined, { token: undefined }, 'ok', /with a wrong one; with its token/],
		['no admin token: only the refusals', () => undefined, { adminToken: undefined }, 'warn', /tools\/list and a read not checked: no admin token/],
		['a marker answered by the read that says the credential is wrong', (s) => void (s.read = marker({ success: false, error: '__UNAVAILABLE__', hint: 'The n8n API refused the admin key (401)', retry: 'never_here', state: 'misconfigured' })), { callReads: true }, 'fail', /n8n_list_workflows \(limit 1\) answered __UNAVAILABLE__ misconfigured \(retry never_here\): "?The n8n API refused the admin key/],
		["n8n's raw error from the read", (s) => void (s.read = answered('There was an error: "Request failed with status code 403"', true)), { callReads: true }, 'fail', /n8n answered an error/],
		['open to anyone', (s) => void (s.auth = 'open'), {}, 'fail', /with no token: 200, the endpoint lets it in/],
		["the tools endpoint's token gets in", (s) => void (s.auth = 'also-tools'), {}, 'fail', /with the tools endpoint's token: 200, the endpoint lets it in/],
		['not published', (s) => void (s.auth = 'missing'), {}, 'fail', /404, the endpoint is not registered/],
		['a wrong admin token given', () => undefined, { adminToken: 'not-it' }, 'fail', /initialize with the admin token answered 403 \(not the token of the credential\)/],
		['a tool that writes added by hand', (s) => void (s.tools = [...listed(withAdmin()), { name: 'n8n_delete_workflow', inputSchema: { required: ['workflow_id'] } }]), {}, 'fail', /tools\/list not generated n8n_delete_workflow/],
		['a tool missing', (s) => void (s.tools = listed(withAdmin()).filter((t) => t.name !== 'n8n_get_execution')), {}, 'fail', /tools\/list missing n8n_get_execution/],
		['a required parameter lost', (s) => void (s.tools = listed(withAdmin()).map((t) => (t.name === 'n8n_get_workflow' ? { ...t, inputSchema: { required: [], properties: {} } } : t))), {}, 'fail', /n8n_get_workflow requires nothing, generated: workflow_id/],
	])('%s', async (_case, edit, options, status, message) => {
		const endpoint = await standIn(withAdmin(), edit);
		try {
			const outcome = await adminEndpointCheck.run(endpoint.context(options));
			expect(outcome.status).toBe(status);
			expect(outcome.message).toMatch(message);
			if (status !== 'ok') expect(outcome.fix).toBeTruthy();
		} finally {
			await endpoint.close();
		}
	});

	it.each<[string, AdminToolName[], string[]]>([
		['every admin tool: one read, n8n_list_workflows with limit 1', [...ADMIN_TOOL_NAMES], ['initialize', 'tools/list', `tools/call ${ADMIN_READ.tool} {"limit":1}`]],
		['admin.tools without n8n_list_workflows: no call', ['n8n_get_workflow', 'n8n_get_execution'], ['initialize', 'tools/list']],
	])('with --call-reads, calls no tool but the one read: %s', async (_case, tools, calls) => {
		const config = withAdmin({ tools });
		const endpoint = await standIn(config, (s) => void (s.tools = listed(config)));
		try {
			const outcome = await adminEndpointCheck.run(endpoint.context({ callReads: true }));
			expect(outcome.status).toBe('ok');
			expect(endpoint.state.calls.filter((c) => c !== 'notifications/initialized').slice(-calls.length)).toEqual(calls);
			expect(endpoint.state.calls.filter((c) => c.startsWith('tools/call'))).toHaveLength(calls.length - 2);
		} finally {
			await endpoint.close();
		}
	});

	it('is skipped without admin in the config, and registered among the checks', async () => {
		const endpoint = await standIn(withAdmin(), () => undefined);
		try {
			const context = endpoint.context({});
			const report = await runDoctor({ ...context, config: defaultConfig() }, CHECKS.filter((c) => c.id === adminEndpointCheck.id));
			expect(report.skipped).toEqual([{ id: 'admin-endpoint', title: adminEndpointCheck.title, reason: 'the config has no admin channel' }]);
		} finally {
			await endpoint.close();
		}
	});
});
