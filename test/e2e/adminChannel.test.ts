/**
 * The admin channel against a REAL n8n 2.41.1 with the built package installed: push as a user
 * does with `admin` in the config, diff and lint --live of what was pushed, the agent's config
 * from `agent-config --for mcp-json` used as is by the official MCP SDK client, every admin tool
 * called through MCP and answered from n8n's public API with a read-only key, a write attempted
 * through the channel refused, doctor's check of the key's scopes, and push's schema-change
 * notice naming the endpoints and the clients to reload.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ADMIN_READ_SCOPES, ADMIN_TOOLS, type AdminTool } from '../../generator/admin/tools';
import { adminValidateWorkflowName } from '../../generator/builders/adminValidate';
import type { McpJsonConfig } from '../../generator/agentConfig';
import { desiredWorkflows } from '../../generator/deploy/desired';
import { startN8n, type N8nHandle } from '../harness/n8n';
import { runCli, type CliResult } from './helpers/cli';
import { callTool, connectMcpWith, mcpStatusWith, waitForMcpEndpoint, type McpSession } from './helpers/mcp';
import { api, createCredential, createPublishedWorkflow, type WorkflowSummary } from './helpers/n8nRest';

const TOOLS_TOKEN = 'e2e-tools-token';
const ADMIN_TOKEN = 'e2e-admin-token';
const MCP_TOOLS = 'Hermes MCP Tools';
const ADMIN = 'Hermes MCP Admin';
const VALIDATE = (ADMIN_TOOLS as readonly AdminTool[]).find((tool) => tool.lintsAnswer)!;
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
	await createCredential(n8n, 'Odoo', 'odooApi', { url: 'http://127.0.0.1:9', username: 'u', password: 'p', db: 'd' });
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

	it('tools/list gives exactly the read-only admin tools with their required parameters, and no tool that writes', async () => {
		const { tools } = await session.client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual(ADMIN_TOOLS.map((t) => t.name).sort());
		for (const tool of ADMIN_TOOLS) {
			const listed = tools.find((t) => t.name === tool.name)!;
			expect([tool.name, [...(listed.inputSchema.required ?? [])].sort()]).toEqual([tool.name, tool.parameters.filter((p) => p.required).map((p) => p.key).sort()]);
		}
		expect(tools.filter((t) => /create|update|delete|activate|publish|run|execute|archive/i.test(t.name))).toEqual([]);
		// Every tool node of the live admin workflow sends GET, and nothing the agent fills changes that.
		const live = await api<{ nodes: Array<{ type: string; parameters: Record<string, unknown> }> }>(n8n, 'GET', `/workflows/${(await workflowByName(ADMIN)).id}`);
		const tooling = live.nodes.filter((node) => node.type === 'n8n-nodes-base.httpRequestTool');
		expect(tooling.map((node) => node.parameters.method)).toEqual(ADMIN_TOOLS.filter((tool) => !(tool as AdminTool).lintsAnswer).map(() => 'GET'));
		// The validating tool's one request is its sub-workflow's, a GET too.
		const sub = await api<{ nodes: Array<{ type: string; parameters: Record<string, unknown> }> }>(n8n, 'GET', `/workflows/${(await workflowByName(adminValidateWorkflowName(VALIDATE, { workflowName: ADMIN }))).id}`);
		expect(sub.nodes.filter((node) => 'method' in node.parameters).map((node) => [node.type, node.parameters.method])).toEqual([['n8n-nodes-base.httpRequest', 'GET']]);
	});

	it(`${VALIDATE.name} lints a workflow fetched by id: a known finding in one, none in the pushed tool workflow; an unknown id answers __NOT_FOUND__`, async () => {
		const leakyId = await createPublishedWorkflow(n8n, LEAKY, false);
		const first = (answer: unknown) => (Array.isArray(answer) ? answer[0] : answer) as { success: boolean; valid: boolean; workflow: { id: string; name: string }; errors: number; warnings: number; findings: Array<{ code: string; node?: string; hint: string }>; truncated: boolean };
		const leaky = await callTool(session, VALIDATE.name, { workflow_id: leakyId });
		expect(leaky.isError).toBe(false);
		const found = first(leaky.value);
		expect(found).toMatchObject({ success: true, valid: false, workflow: { id: leakyId, name: LEAKY.name }, truncated: false });
		expect(found.findings.find((f) => f.code === 'HMT014')).toMatchObject({ node: 'Call API', hint: expect.any(String) });
		expect(found.errors).toBe(found.findings.filter((f) => (f as { severity?: string }).severity === 'error').length);

		const tools = await workflowByName(MCP_TOOLS);
		const clean = first((await callTool(session, VALIDATE.name, { workflow_id: tools.id })).value);
		expect(clean).toMatchObject({ success: true, workflow: { id: tools.id, name: MCP_TOOLS }, errors: 0 });

		const unknown = await callTool(session, VALIDATE.name, { workflow_id: 'noSuchWorkflow1' });
		expect(unknown.isError).toBe(false);
		expect(first(unknown.value)).toMatchObject({ success: false, error: '__NOT_FOUND__', retry: 'change_arguments', workflow: { id: 'noSuchWorkflow1' } });
		// Validating changed nothing.
		expect((await workflowByName(MCP_TOOLS)).versionId).toBe(tools.versionId);
	});

	it('n8n_list_workflows and n8n_get_workflow answer from the public API', async () => {
		const listed = await callTool(session, 'n8n_list_workflows', { limit: 50 });
		expect(listed.isError).toBe(false);
		const rows = listed.value as Array<{ id: string; name: string; active: boolean }>;
		expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([MCP_TOOLS, ADMIN, 'Telegram Content Pipeline']));
		expect(Object.keys(rows[0]).sort()).toEqual(['active', 'id', 'isArchived', 'name', 'updatedAt']);
		const tools = rows.find((r) => r.name === MCP_TOOLS)!;
		expect(tools.active).toBe(true);
		const few = await callTool(session, 'n8n_list_workflows', { limit: 2 });
		expect((few.value as unknown[]).length).toBe(2);

		const got = await callTool(session, 'n8n_get_workflow', { workflow_id: tools.id });
		expect(got.isError).toBe(false);
		const workflow = (Array.isArray(got.value) ? got.value[0] : got.value) as { id: string; name: string; nodes: Array<{ name: string }> };
		expect(workflow.id).toBe(tools.id);
		expect(workflow.name).toBe(MCP_TOOLS);
		expect(workflow.nodes.map((n) => n.name)).toContain('vault_read');
	});

	it('n8n_list_executions filters by status and workflow and keeps to the limit; n8n_get_execution gives one with its data', async () => {
		// The calls above ran the admin workflow: its executions are there.
		const adminId = (await workflowByName(ADMIN)).id;
		const all = await callTool(session, 'n8n_list_executions', { limit: 3 });
		expect(all.isError).toBe(false);
		const rows = all.value as Array<{ id: string; status: string; workflowId: string }>;
		expect(rows.length).toBeGreaterThan(0);
		expect(rows.length).toBeLessThanOrEqual(3);
		const success = await callTool(session, 'n8n_list_executions', { limit: 250, status: 'success', workflow_id: adminId });
		const successRows = success.value as Array<{ id: string; status: string; workflowId: string }>;
		expect(successRows.length).toBeGreaterThan(0);
		expect(new Set(successRows.map((r) => `${r.status} ${r.workflowId}`))).toEqual(new Set([`success ${adminId}`]));
		const errors = await callTool(session, 'n8n_list_executions', { status: 'error', workflow_id: adminId });
		expect(errors.isError).toBe(false);
		expect((errors.value as Array<{ status: string }>).every((r) => r.status === 'error')).toBe(true);

		const got = await callTool(session, 'n8n_get_execution', { execution_id: successRows[0].id });
		expect(got.isError).toBe(false);
		const execution = (Array.isArray(got.value) ? got.value[0] : got.value) as { id: string; status: string; workflowId: string; data: { resultData: { runData: Record<string, unknown> } } };
		expect([execution.id, execution.status, execution.workflowId]).toEqual([successRows[0].id, 'success', adminId]);
		expect(Object.keys(execution.data.resultData.runData).length).toBeGreaterThan(0);
	});

	it('a write through the channel is impossible: no such tool, an id cannot reach another path, and the key itself may not write', async () => {
		const tools = await workflowByName(MCP_TOOLS);
		await expect(session.client.callTool({ name: 'n8n_deactivate_workflow', arguments: { workflow_id: tools.id } })).rejects.toThrow(/tool/i);
		const smuggled = await callTool(session, 'n8n_get_workflow', { workflow_id: `${tools.id}/deactivate` });
		expect(smuggled.isError).toBe(true);
		const after = await workflowByName(MCP_TOOLS);
		expect([after.active, after.versionId]).toEqual([true, tools.versionId]);
		const direct = await fetch(`${n8n.baseUrl}/api/v1/workflows/${tools.id}/deactivate`, { method: 'POST', headers: { 'X-N8N-API-KEY': readKey } });
		expect(direct.status).toBe(403);
		expect((await workflowByName(MCP_TOOLS)).active).toBe(true);
	});

	it("doctor checks the admin key's scopes: ok with the read-only key, fail naming the write scopes with a full key", async () => {
		const scopes = async (key: string) => {
			const result = await cli('doctor', configFile, '--token', TOOLS_TOKEN, '--admin-api-key', key, '--format', 'json');
			return (JSON.parse(result.stdout) as { checks: Array<{ id: string; status: string; message: string }> }).checks.find((c) => c.id === 'admin-scopes')!;
		};
		const good = await scopes(readKey);
		expect([good.status, good.message]).toEqual(['ok', `the admin key holds ${ADMIN_READ_SCOPES.length} read scopes and no other`]);
		const full = await scopes(n8n.apiKey);
		expect(full.status).toBe('fail');
		expect(full.message).toMatch(/^the key holds \d+ scopes that are not read-only: /);
		const unchecked = await cli('doctor', configFile, '--token', TOOLS_TOKEN, '--format', 'json');
		const check = (JSON.parse(unchecked.stdout) as { checks: Array<{ id: string; status: string }> }).checks.find((c) => c.id === 'admin-scopes')!;
		expect(check.status).toBe('warn');
	});

	it("push's schema-change notice names the endpoints and the clients to reload: a removed admin tool, then a changed default", async () => {
		const fewer = writeConfig('admin-fewer.json', adminConfig({ tools: ['n8n_list_workflows', 'n8n_get_workflow', 'n8n_list_executions'] }));
		const removed = await cli('push', fewer);
		expect(removed.code).toBe(0);
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
