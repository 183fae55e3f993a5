/**
 * The admin channel against a REAL n8n 2.41.1 with the built package installed: push as a user
 * does with `admin` in the config, diff and lint --live of what was pushed, the agent's config
 * from `agent-config --for mcp-json` used as is by the official MCP SDK client, every admin tool
 * called through MCP and answered from n8n's public API with a read-only key in the project's
 * answer shape (refusals as markers, lists in the order they state, every answer within
 * ADMIN_CAPS.chars as the client receives it, run by n8n's default expression engine), a write
 * attempted through the channel refused, a key without a scope answered as a marker, doctor's
 * admin-endpoint check and its check of the key's scopes, and push's schema-change notice naming
 * the endpoints and the clients to reload. Stand-ins: none in the channel; the SSH host, Odoo
 * and the content pipeline the tool workflow names are never called.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HERMES_ODOO_CREDENTIALS } from '../../core';
import { ADMIN_CAPS } from '../../generator/admin/caps';
import { ADMIN_READ_SCOPES, ADMIN_TOOLS, type AdminTool } from '../../generator/admin/tools';
import { adminSubWorkflowName } from '../../generator/admin/workflows';
import type { McpJsonConfig } from '../../generator/agentConfig';
import { desiredWorkflows } from '../../generator/deploy/desired';
import { startN8n, type N8nHandle } from '../harness/n8n';
import { runCli, type CliResult } from './helpers/cli';
import { callTool, connectMcpWith, mcpStatusWith, waitForMcpEndpoint, type McpSession, type ToolAnswer } from './helpers/mcp';
import { api, createCredential, createPublishedWorkflow, type WorkflowSummary } from './helpers/n8nRest';

const TOOLS_TOKEN = 'e2e-tools-token';
const ADMIN_TOKEN = 'e2e-admin-token';
const SCOPED_TOKEN = 'e2e-scoped-admin-token';
const MCP_TOOLS = 'Hermes MCP Tools';
const ADMIN = 'Hermes MCP Admin';
const TOOLS = ADMIN_TOOLS as readonly AdminTool[];
const VALIDATE = TOOLS.find((tool) => tool.answer === 'lint')!;
/** A workflow with a known finding: a bearer token written into a node's parameters (HMT014). */
const LEAKY = {
	name: 'Leaky export',
	nodes: [
		{
			id: 'l1',
			name: 'Call API',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [0, 0],
			parameters: { url: 'https://api.example.com/items', sendHeaders: true, headerParameters: { parameters: [{ name: 'Authorization', value: 'Bearer 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c' }] }, options: {} },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
};

let n8n: N8nHandle;
let scratch: string;
let configFile: string;
let readKey: string;
let session: McpSession;

function writeConfig(name: string, config: Record<string, unknown>): string {
	const file = join(scratch, name);
	writeFileSync(file, JSON.stringify(config));
	return file;
}

/** Every answer of the channel: within the cap as the client receives it, never n8n's raw error, one item. */
type Answer = Record<string, unknown> & { success: boolean; error?: string; truncated?: boolean; omitted?: string[]; hint?: string; retry?: string };
const texts: Array<[string, number]> = [];
async function ask(tool: string, args: Record<string, unknown>, on: McpSession = session): Promise<Answer> {
	const answer: ToolAnswer = await callTool(on, tool, args);
	texts.push([tool, answer.text.length]);
	expect([tool, answer.isError]).toEqual([tool, false]);
	expect(answer.text.length).toBeLessThanOrEqual(ADMIN_CAPS.chars);
	expect(Array.isArray(answer.value) && answer.value.length === 1).toBe(true);
	return (answer.value as Answer[])[0];
}

const adminConfig = (extra: Record<string, unknown> = {}) => ({ admin: { apiUrl: `${n8n.baseUrl}/api/v1`, ...extra } });
const cli = (command: string, config: string, ...args: string[]): Promise<CliResult> =>
	runCli([command, '--url', n8n.baseUrl, '--api-key', n8n.apiKey, '--config', config, ...args]);

async function createKey(label: string, scopes: readonly string[]): Promise<string> {
	const response = await fetch(`${n8n.baseUrl}/rest/api-keys`, {
		method: 'POST',
		headers: { cookie: n8n.cookie, 'content-type': 'application/json' },
		body: JSON.stringify({ label, scopes, expiresAt: null }),
	});
	const body = (await response.json()) as { data?: { rawApiKey?: string } };
	if (!body.data?.rawApiKey) throw new Error(`POST /rest/api-keys answered ${response.status}: ${JSON.stringify(body)}`);
	return body.data.rawApiKey;
}

async function workflowByName(name: string): Promise<WorkflowSummary & { versionId: string; active: boolean }> {
	const list = await api<{ data: Array<WorkflowSummary & { versionId: string; active: boolean }> }>(n8n, 'GET', `/workflows?name=${encodeURIComponent(name)}`);
	const found = list.data.find((w) => w.name === name);
	if (!found) throw new Error(`no workflow ${name}`);
	return found;
}

beforeAll(async () => {
	scratch = mkdtempSync(join(tmpdir(), 'hermes-admin-e2e-'));
	n8n = await startN8n();
	readKey = await createKey('hermes-admin-read', ADMIN_READ_SCOPES);
	await createCredential(n8n, 'Hermes SSH', 'hermesSshApi', { host: '127.0.0.1', port: 22, username: 'hermes', authMethod: 'password', password: 'x', acceptAnyHostKey: true });
	await createCredential(n8n, 'Odoo', HERMES_ODOO_CREDENTIALS.odooApi, { url: 'http://127.0.0.1:9', username: 'u', password: 'p', db: 'd' });
	await createCredential(n8n, 'Hermes MCP Bearer', 'httpBearerAuth', { token: TOOLS_TOKEN });
	await createCredential(n8n, 'Hermes MCP Admin Bearer', 'httpBearerAuth', { token: ADMIN_TOKEN });
	await createCredential(n8n, 'Hermes n8n API (read-only)', 'n8nApi', { apiKey: readKey, baseUrl: `${n8n.baseUrl}/api/v1` });
	await createPublishedWorkflow(n8n, {
		name: 'Telegram Content Pipeline',
		nodes: [{ id: 'p1', name: 'Start', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1.1, position: [0, 0], parameters: { inputSource: 'passthrough' } }],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	configFile = writeConfig('admin.json', adminConfig());
});

afterAll(async () => {
	await session?.close();
	await n8n?.stop();
	if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the admin channel on a real n8n', () => {
	it('push creates and publishes the admin workflow beside the tool workflow; diff and lint --live find nothing', async () => {
		const push = await cli('push', configFile);
		expect(push.stderr).toBe('');
		expect(push.code).toBe(0);
		expect(push.stdout).toMatch(new RegExp(`create  ${ADMIN} \\(${ADMIN_TOOLS.length + 1} nodes\\) -> id \\w+, published`));
		expect(push.stdout).toMatch(new RegExp(`create  ${MCP_TOOLS} `));
		const diff = await cli('diff', configFile);
		expect(diff.code).toBe(0);
		expect(diff.stdout).toMatch(new RegExp(`in sync  ${ADMIN}`));
		const lint = await cli('lint', configFile, '--live');
		// Every pushed workflow is linted, the admin one among them, and none has an error.
		expect(lint.stdout).toMatch(new RegExp(`^0 errors, \\d+ warnings in ${desiredWorkflows(configFile).length} files$`, 'm'));
	});

	it("agent-config names the admin endpoint, and its mcp-json entry connects the SDK client as is (its own token; the tools endpoint's is refused)", async () => {
		const printed = await runCli(['agent-config', '--for', 'mcp-json', '--url', n8n.baseUrl, '--config', configFile]);
		expect(printed.code).toBe(0);
		const config = JSON.parse(printed.stdout) as McpJsonConfig;
		const entry = config.mcpServers['hermes-admin'];
		expect(entry.url).toBe(`${n8n.baseUrl}/mcp/hermes-admin`);
		expect(entry.headers.Authorization).toBe('Bearer ${MCP_HERMES_ADMIN_API_KEY}');
		expect(printed.stdout).not.toContain(ADMIN_TOKEN);
		await waitForMcpEndpoint(entry.url);
		expect(await mcpStatusWith(entry.url)).toBe(403);
		expect(await mcpStatusWith(entry.url, `Bearer ${TOOLS_TOKEN}`)).toBe(403);
		const env: Record<string, string> = { MCP_HERMES_ADMIN_API_KEY: ADMIN_TOKEN };
		const authorization = entry.headers.Authorization.replace(/\$\{(\w+)\}/, (_, name: string) => env[name]);
		session = await connectMcpWith(entry.url, { Authorization: authorization });
		const hermes = await runCli(['agent-config', '--for', 'hermes', '--url', n8n.baseUrl, '--config', configFile]);
		expect(hermes.stdout).toMatch(/hermes-admin:\n\s+url: .*\/mcp\/hermes-admin/);
	});

	it('tools/list gives exactly the read-only admin tools with their required parameters, and no tool that writes; each sub-workflow sends one GET', async () => {
		const { tools } = await session.client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
		for (const tool of TOOLS) {
			const listed = tools.find((t) => t.name === tool.name)!;
			expect([tool.name, [...(listed.inputSchema.required ?? [])].sort()]).toEqual([tool.name, tool.parameters.filter((p) => p.required).map((p) => p.key).sort()]);
			expect(listed.description).toBe(tool.description);
		}
		expect(tools.filter((t) => /create|update|delete|activate|publish|run|execute|archive/i.test(t.name))).toEqual([]);
		// The admin workflow holds no request; each tool's one request is its sub-workflow's, a GET.
		type Live = { nodes: Array<{ type: string; parameters: Record<string, unknown> }> };
		const live = await api<Live>(n8n, 'GET', `/workflows/${(await workflowByName(ADMIN)).id}`);
		expect(live.nodes.filter((node) => 'method' in node.parameters)).toEqual([]);
		for (const tool of TOOLS) {
			const sub = await api<Live>(n8n, 'GET', `/workflows/${(await workflowByName(adminSubWorkflowName(tool, { workflowName: ADMIN }))).id}`);
			expect([tool.name, sub.nodes.filter((node) => 'method' in node.parameters).map((node) => [node.type, node.parameters.method])]).toEqual([tool.name, [['n8n-nodes-base.httpRequest', 'GET']]]);
		}
	});

	it(`${VALIDATE.name} lints a workflow fetched by id: a known finding in one, none in the pushed tool workflow; an unknown id answers __NOT_FOUND__`, async () => {
		const leakyId = await createPublishedWorkflow(n8n, LEAKY, false);
		type Lint = Answer & { valid: boolean; workflow: { id: string; name: string }; errors: number; findings: Array<{ code: string; node?: string; hint: string; severity?: string }> };
		const found = (await ask(VALIDATE.name, { workflow_id: leakyId })) as Lint;
		expect(found).toMatchObject({ success: true, valid: false, workflow: { id: leakyId, name: LEAKY.name }, truncated: false });
		expect(found.findings.find((f) => f.code === 'HMT014')).toMatchObject({ node: 'Call API', hint: expect.any(String) });
		expect(found.errors).toBe(found.findings.filter((f) => f.severity === 'error').length);

		const tools = await workflowByName(MCP_TOOLS);
		expect(await ask(VALIDATE.name, { workflow_id: tools.id })).toMatchObject({ success: true, workflow: { id: tools.id, name: MCP_TOOLS }, errors: 0 });
		expect(await ask(VALIDATE.name, { workflow_id: 'noSuchWorkflow1' })).toMatchObject({ success: false, error: '__NOT_FOUND__', retry: 'change_arguments', workflow: { id: 'noSuchWorkflow1' } });
		// Validating changed nothing.
		expect((await workflowByName(MCP_TOOLS)).versionId).toBe(tools.versionId);
	});

	it('n8n_list_workflows lists every workflow newest update first, to the limit, with the count; n8n_get_workflow cuts the tool workflow to the cap and gives one node in full', async () => {
		type Row = { id: string; name: string; active: boolean; updatedAt: string };
		const all = await api<{ data: Row[] }>(n8n, 'GET', '/workflows?limit=250');
		const newest = [...all.data].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id < b.id ? -1 : 1));
		const listed = (await ask('n8n_list_workflows', { limit: 50 })) as Answer & { workflows: Row[] };
		expect(listed).toMatchObject({ success: true, order: 'updatedAt, newest first', count: all.data.length, returned: all.data.length, truncated: false });
		expect(listed.workflows.map((r) => r.id)).toEqual(newest.map((r) => r.id));
		expect(listed.workflows.map((r) => r.name)).toEqual(expect.arrayContaining([MCP_TOOLS, ADMIN, 'Telegram Content Pipeline']));
		expect(Object.keys(listed.workflows[0]).sort()).toEqual(['active', 'id', 'isArchived', 'name', 'updatedAt']);
		expect(listed.workflows.find((r) => r.name === MCP_TOOLS)!.active).toBe(true);
		const few = (await ask('n8n_list_workflows', { limit: 2 })) as Answer & { workflows: Row[] };
		expect(few).toMatchObject({ count: all.data.length, returned: 2, truncated: true, hint: expect.stringMatching(/count says how many/) });
		expect(few.workflows.map((r) => r.id)).toEqual(newest.slice(0, 2).map((r) => r.id));

		const tools = listed.workflows.find((r) => r.name === MCP_TOOLS)!;
		type Got = Answer & { workflow: { id: string; name: string; nodes: Array<{ name: string; parameters?: Record<string, unknown> }>; connections: Record<string, unknown> } };
		const got = (await ask('n8n_get_workflow', { workflow_id: tools.id })) as Got;
		expect(got).toMatchObject({ success: true, truncated: true, workflow: { id: tools.id, name: MCP_TOOLS } });
		expect(got.workflow.nodes.map((n) => n.name)).toContain('vault_read');
		expect(got.omitted!.some((line) => line.startsWith('node parameters ('))).toBe(true);
		const stored = await api<{ nodes: Array<{ name: string; parameters: Record<string, unknown> }> }>(n8n, 'GET', `/workflows/${tools.id}`);
		const one = (await ask('n8n_get_workflow', { workflow_id: tools.id, node: 'vault_read' })) as Got;
		expect(one.workflow.nodes).toHaveLength(1);
		expect(one.workflow.nodes[0].parameters).toEqual(stored.nodes.find((n) => n.name === 'vault_read')!.parameters);
		expect(Object.keys(one.workflow.connections)).toEqual(['vault_read']);
		expect(await ask('n8n_get_workflow', { workflow_id: tools.id, node: 'Vault Read' })).toMatchObject({ success: false, error: '__NOT_FOUND__', hint: expect.stringMatching(/"vault_read"/) });
	});

	it('n8n_list_executions filters by status and workflow, newest first, to the limit; n8n_get_execution gives one with its data, within the cap', async () => {
		// The calls above ran the admin workflow: its executions are there.
		const adminId = (await workflowByName(ADMIN)).id;
		type Row = { id: string; status: string; workflowId: string };
		const all = (await ask('n8n_list_executions', { limit: 3 })) as Answer & { executions: Row[] };
		expect(all).toMatchObject({ success: true, order: 'newest first (by id)' });
		expect(all.executions.length).toBeGreaterThan(0);
		expect(all.executions.length).toBeLessThanOrEqual(3);
		const ids = all.executions.map((r) => Number(r.id));
		expect(ids).toEqual([...ids].sort((a, b) => b - a));
		const success = (await ask('n8n_list_executions', { limit: 50, status: 'success', workflow_id: adminId })) as Answer & { executions: Row[] };
		expect(success.executions.length).toBeGreaterThan(0);
		expect(new Set(success.executions.map((r) => `${r.status} ${r.workflowId}`))).toEqual(new Set([`success ${adminId}`]));
		const errors = (await ask('n8n_list_executions', { status: 'error', workflow_id: adminId })) as Answer & { executions: Row[] };
		expect(errors.executions.every((r) => r.status === 'error')).toBe(true);
		expect(await ask('n8n_list_executions', { status: 'failed' })).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.stringMatching(/status must be one of/) });

		type Got = Answer & { execution: { id: string; status: string; workflowId: string; data: { resultData: { runData: Record<string, unknown[]> } } } };
		const got = (await ask('n8n_get_execution', { execution_id: success.executions[0].id })) as Got;
		expect(got.success).toBe(true);
		expect([got.execution.id, got.execution.status, got.execution.workflowId]).toEqual([success.executions[0].id, 'success', adminId]);
		const ran = Object.keys(got.execution.data.resultData.runData);
		expect(ran.length).toBeGreaterThan(0);
		const one = (await ask('n8n_get_execution', { execution_id: success.executions[0].id, node: ran[0] })) as Got;
		expect(Object.keys(one.execution.data.resultData.runData)).toEqual([ran[0]]);
		expect(await ask('n8n_get_execution', { execution_id: '999999999' })).toMatchObject({ success: false, error: '__NOT_FOUND__', execution: { id: '999999999' } });
	});

	it('a write through the channel is impossible: no such tool, an id cannot reach another path, and the key itself may not write', async () => {
		const tools = await workflowByName(MCP_TOOLS);
		await expect(session.client.callTool({ name: 'n8n_deactivate_workflow', arguments: { workflow_id: tools.id } })).rejects.toThrow(/tool/i);
		expect(await ask('n8n_get_workflow', { workflow_id: `${tools.id}/deactivate` })).toMatchObject({ success: false, error: '__NOT_FOUND__' });
		const after = await workflowByName(MCP_TOOLS);
		expect([after.active, after.versionId]).toEqual([true, tools.versionId]);
		const direct = await fetch(`${n8n.baseUrl}/api/v1/workflows/${tools.id}/deactivate`, { method: 'POST', headers: { 'X-N8N-API-KEY': readKey } });
		expect(direct.status).toBe(403);
		expect((await workflowByName(MCP_TOOLS)).active).toBe(true);
	});

	it('every answer stayed within the cap as the client received it', () => {
		expect(texts.length).toBeGreaterThan(15);
		expect(texts.filter(([, length]) => length > ADMIN_CAPS.chars)).toEqual([]);
	});

	it("a key without a tool's scope: that tool answers __UNAVAILABLE__ misconfigured naming the scope, the others answer", async () => {
		const listOnly = await createKey('hermes-admin-list-only', ['workflow:list']);
		await createCredential(n8n, 'Scoped Admin Bearer', 'httpBearerAuth', { token: SCOPED_TOKEN });
		await createCredential(n8n, 'Scoped n8n API', 'n8nApi', { apiKey: listOnly, baseUrl: `${n8n.baseUrl}/api/v1` });
		const scoped = writeConfig('admin-scoped.json', adminConfig({ workflowName: 'Scoped Admin', path: 'scoped-admin', bearer: 'Scoped Admin Bearer', n8nApi: 'Scoped n8n API' }));
		expect((await cli('push', scoped)).code).toBe(0);
		await waitForMcpEndpoint(`${n8n.baseUrl}/mcp/scoped-admin`);
		const other = await connectMcpWith(`${n8n.baseUrl}/mcp/scoped-admin`, { Authorization: `Bearer ${SCOPED_TOKEN}` });
		try {
			expect(await ask('n8n_list_workflows', { limit: 1 }, other)).toMatchObject({ success: true, returned: 1 });
			const refused = await ask('n8n_get_workflow', { workflow_id: (await workflowByName(MCP_TOOLS)).id }, other);
			expect(refused).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here', hint: expect.stringMatching(/it needs the scope workflow:read/) });
		} finally {
			await other.close();
		}
	});

	it("doctor checks the admin endpoint (its own token, the admin tools, one read) and the admin key's scopes", async () => {
		type Check = { id: string; status: string; message: string };
		const doctor = async (...args: string[]) => {
			const result = await cli('doctor', configFile, '--token', TOOLS_TOKEN, '--format', 'json', ...args);
			if (!result.stdout.startsWith('{')) throw new Error(`doctor exited ${result.code}: ${result.stderr}`);
			return (JSON.parse(result.stdout) as { checks: Check[] }).checks;
		};
		const check = (checks: Check[], id: string) => checks.find((c) => c.id === id)!;

		const good = await doctor('--admin-token', ADMIN_TOKEN, '--admin-api-key', readKey, '--call-reads');
		expect(check(good, 'admin-endpoint')).toMatchObject({ status: 'ok', message: expect.stringMatching(/answers 403 without a token and with a wrong one or the tools endpoint's; with its token tools\/list gives the 5 admin tools and n8n_list_workflows answers/) });
		expect([check(good, 'admin-scopes').status, check(good, 'admin-scopes').message]).toEqual(['ok', `the admin key holds ${ADMIN_READ_SCOPES.length} read scopes and no other`]);
		const wrong = await doctor('--admin-token', TOOLS_TOKEN, '--admin-api-key', n8n.apiKey);
		expect(check(wrong, 'admin-endpoint')).toMatchObject({ status: 'fail', message: expect.stringMatching(/initialize with the admin token answered 403/) });
		expect(check(wrong, 'admin-scopes').status).toBe('fail');
		expect(check(wrong, 'admin-scopes').message).toMatch(/^the key holds \d+ scopes that are not read-only: /);
		const unchecked = await doctor();
		expect([check(unchecked, 'admin-endpoint').status, check(unchecked, 'admin-scopes').status]).toEqual(['warn', 'warn']);
	});

	it("push's schema-change notice names the endpoints and the clients to reload: a removed admin tool, then a changed default", async () => {
		const fewer = writeConfig('admin-fewer.json', adminConfig({ tools: ['n8n_list_workflows', 'n8n_get_workflow', 'n8n_list_executions'] }));
		const removed = await cli('push', fewer);
		expect([removed.code, removed.stderr]).toEqual([0, '']);
		expect(removed.stdout).toContain('tool removed: n8n_get_execution');
		expect(removed.stdout).toContain('The MCP tool schema changed on hermes-admin:');
		expect(removed.stdout).toContain('Hermes Agent (agent-config --for hermes): run /reload-mcp (servers hermes-admin).');
		expect(removed.stdout).toMatch(/Other MCP clients .*restart your MCP clients/);

		const employee = writeConfig('admin-employee.json', { ...adminConfig(), employeeId: 7 });
		const changed = await cli('push', employee);
		expect(changed.code).toBe(0);
		expect(changed.stdout).toContain('tool parameters changed: timesheet_log_hours: employee_id (number, optional, default 1) -> employee_id (number, optional, default 7)');
		expect(changed.stdout).toContain('tool added: n8n_get_execution');
		expect(changed.stdout).toContain('The MCP tool schema changed on hermes-tools, hermes-admin:');
		expect(changed.stdout).toContain('run /reload-mcp (servers hermes-tools, hermes-admin)');
		expect((await cli('push', employee)).stdout).not.toContain('schema changed');
	});
});
