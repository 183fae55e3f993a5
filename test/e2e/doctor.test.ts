import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { HERMES_ODOO_CREDENTIALS } from '../../core';
import type { Workflow } from '../../generator/builders/n8nTypes';
import type { DoctorReport } from '../../generator/doctor';
import { workflowBody } from '../../generator/n8nClient/body';
import { N8nApiClient, type LiveWorkflow } from '../../generator/n8nClient/client';
import { exactMatch } from '../../generator/n8nClient/exactName';
import { callTool, connectMcp } from './helpers/mcp';
import { api, createCredential } from './helpers/n8nRest';
import { startHermesStack, STACK_NAMES, type HermesStack } from './helpers/stack';
import { gatewayAnswer } from './helpers/toolCases';
import { DEFAULT_CREATE_TOOLS } from '../helpers/defaultCatalogue';
import { GATEWAY_WORKFLOWS } from '../helpers/gateways';

/**
 * `hermes-workflows doctor` against a real n8n 2.41.1 with the default deployment pushed: all ok
 * when healthy, then one broken piece of each kind (each followed by its fix, so the later checks
 * see a healthy rest), `--call-reads` against broken services, a second config beside the first,
 * one that shares a gateway by naming it, one on the first one's path, and `remove`. Real: n8n,
 * sshd, the git vault, Prometheus. Stand-ins: Odoo, the docker command, the content pipeline.
 */
jest.setTimeout(240_000);

let stack: HermesStack;
let client: N8nApiClient;
const MCP = 'Hermes MCP Tools';
const VAULT = 'Hermes Gateway - Vault';

beforeAll(async () => {
	stack = await startHermesStack();
	client = new N8nApiClient({ url: stack.n8n.baseUrl, apiKey: stack.n8n.apiKey });
	// doctor logs in to read the mode from n8n's settings, as a user does with these variables.
	process.env.N8N_EMAIL = stack.n8n.owner.email;
	process.env.N8N_PASSWORD = stack.n8n.owner.password;
});

afterAll(async () => {
	await stack?.stop();
});

async function doctor(...args: string[]): Promise<{ code: number; report: DoctorReport; status: Record<string, string>; stderr: string }> {
	const result = await stack.cli('doctor', '--format', 'json', ...args);
	const report = JSON.parse(result.stdout) as DoctorReport;
	return { code: result.code, report, status: Object.fromEntries(report.checks.map((c) => [c.id, c.status])), stderr: result.stderr };
}

const withToken = (...args: string[]) => doctor('--token', stack.token, ...args);

async function live(name: string): Promise<LiveWorkflow> {
	return exactMatch(await client.listWorkflows(name), name)!;
}

/** Saves a changed copy of a live workflow (a hand edit in n8n) and keeps it published. */
async function edit(name: string, change: (body: Workflow) => void): Promise<void> {
	const workflow = await live(name);
	const { body } = workflowBody(workflow);
	change(body);
	await client.updateWorkflow(workflow.id, body);
}

async function pushFixes(): Promise<void> {
	const push = await stack.cli('push');
	expect(push.code).toBe(0);
	expect((await withToken()).code).toBe(0);
}

const failing = (status: Record<string, string>) => Object.keys(status).filter((id) => status[id] === 'fail');

describe('a healthy deployment', () => {
	it('every check ok, exit 0, the mode read from n8n', async () => {
		const { code, report } = await withToken();
		expect(report.checks.map((c) => [c.id, c.status])).toEqual(report.checks.map((c) => [c.id, 'ok']));
		expect(code).toBe(0);
		expect(report.checks.find((c) => c.id === 'n8n-instance')!.message).toMatch(/n8n 2\.41\.1 \(from the editor page\), regular mode \(from settings\)/);
		expect(report.skipped.map((s) => s.id).sort()).toEqual(['admin-endpoint', 'admin-scopes', 'approvals']);
	});

	it('by default each read-only tool answers from its own node; --no-call-reads calls none and says it did not check them', async () => {
		const { code, report } = await withToken();
		expect(report.checks.find((c) => c.id === 'read-tools')).toMatchObject({ status: 'ok', message: expect.stringMatching(/read-only tools answered, each from its own node/) });
		expect(code).toBe(0);
		const without = await withToken('--no-call-reads');
		expect(without.report.checks.find((c) => c.id === 'read-tools')).toMatchObject({ status: 'warn', message: expect.stringContaining('not checked: the read-only tools were not called') });
		expect(without.code).toBe(0);
		// Scripts that pass the old flag keep working.
		expect((await withToken('--call-reads')).report.checks.find((c) => c.id === 'read-tools')?.status).toBe('ok');
	});

	it('text: one line per check, then the counts; without a token the token checks warn and doctor still exits 0', async () => {
		const result = await stack.cli('doctor');
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines.find((l) => l.startsWith('warn  tools/list equals the manifest: not checked: no MCP bearer token'))).toBeDefined();
		expect(lines.find((l) => l.startsWith('warn  read-only tools answer from their own node: not checked: no MCP bearer token'))).toBeDefined();
		expect(lines).toContain('  fix: pass --token or set MCP_HERMES_TOOLS_API_KEY');
		expect(lines.at(-1)).toMatch(/^\d+ ok, 2 warn, 0 fail$/);
		expect(result.code).toBe(0);
	});

	it('an n8n it cannot reach: exit 2 with one error and one hint', async () => {
		const result = await stack.cli('doctor', '--url', 'http://127.0.0.1:9');
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/^error: .*\nhint: .*\n$/);
	});
});

describe('one broken piece at a time, each fixed before the next', () => {
	it.each<[string, () => Promise<void>, string[]]>([
		['a gateway unpublished', async () => void (await api(stack.n8n, 'POST', `/workflows/${(await live(VAULT)).id}/deactivate`)), ['workflows']],
		['a node changed', () => edit(VAULT, (body) => void (body.nodes.find((n) => n.type.endsWith('hermesVault'))!.notes = 'changed by hand')), ['workflows']],
		['a caller id dropped', () => edit(VAULT, (body) => void (body.settings.callerIds = '')), ['workflows', 'callers']],
		['a tool node disabled (2.41: a missing tool, no misrouting)', () => edit(MCP, (body) => void (body.nodes.find((n) => n.name === 'vault_list')!.disabled = true)), ['workflows', 'mcp-tools']],
		['the MCP tool workflow unpublished', async () => void (await api(stack.n8n, 'POST', `/workflows/${(await live(MCP)).id}/deactivate`)), ['workflows', 'mcp-auth', 'mcp-tools']],
	])('%s: doctor fails there with a fix, push repairs it', async (_label, breakIt, checks) => {
		await breakIt();
		// The checks of the deployment's shape alone: the read calls' own findings are the next describe's.
		const { code, report, status } = await withToken('--no-call-reads');
		expect(failing(status)).toEqual(checks);
		for (const check of report.checks.filter((c) => c.status === 'fail')) expect(check.fix).toBeTruthy();
		expect(code).toBe(1);
		await pushFixes();
	});

	it('as a person reads it: the text report of the healthy deployment, then with the gateway unpublished', async () => {
		const healthy = await stack.cli('doctor', '--token', stack.token);
		expect(healthy.code).toBe(0);
		expect(healthy.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ ok, 0 warn, 0 fail$/);
		await api(stack.n8n, 'POST', `/workflows/${(await live(VAULT)).id}/deactivate`);
		const broken = await stack.cli('doctor', '--token', stack.token);
		expect(broken.code).toBe(1);
		const lines = broken.stdout.trimEnd().split('\n');
		// The workflow differs from the config, and vault_list, called, fails (n8n's own error).
		expect(lines.filter((l) => l.startsWith('fail  ')).map((l) => l.split(':')[0])).toEqual(['fail  generated workflows', 'fail  read-only tools answer from their own node']);
		expect(lines.at(-1)).toMatch(/^\d+ ok, [01] warn, 2 fail$/);
		// For the record: the two reports as doctor printed them.
		process.stdout.write(`doctor, healthy deployment (exit ${healthy.code}):\n${healthy.stdout}\ndoctor, "${VAULT}" unpublished (exit ${broken.code}):\n${broken.stdout}\n`);
		await pushFixes();
	});

	it('a disabled tool node shows as a warning of the instance check', async () => {
		await edit(MCP, (body) => void (body.nodes.find((n) => n.name === 'vault_list')!.disabled = true));
		const { report } = await withToken();
		expect(report.checks.find((c) => c.id === 'n8n-instance')).toMatchObject({ status: 'warn', message: expect.stringMatching(/disabled tool nodes "vault_list" in "Hermes MCP Tools"/) });
		await pushFixes();
	});

	it('a second credential under the same name and type: credentials fail, deleting it repairs', async () => {
		const id = await createCredential(stack.n8n, STACK_NAMES.odoo, HERMES_ODOO_CREDENTIALS.odooApi, { url: 'http://127.0.0.1:9', db: 'x', username: 'x', password: 'x' });
		try {
			const { report } = await withToken();
			// diff cannot tell which of the two the workflows mean, so the workflows check fails too.
			expect(report.checks.find((c) => c.id === 'credentials')).toMatchObject({ status: 'fail', message: expect.stringMatching(/2 credentials of type "Hermes Odoo API" \(hermesOdooApi\) are named "Odoo"/) });
		} finally {
			await api(stack.n8n, 'DELETE', `/credentials/${id}`);
		}
		expect((await withToken()).code).toBe(0);
	});

	it('a wrong token: tools/list cannot be read, nor a tool called', async () => {
		const { status, code } = await doctor('--token', 'not-the-token');
		expect(failing(status)).toEqual(['mcp-tools', 'read-tools']);
		expect(code).toBe(1);
	});
});

describe('--call-reads against broken services: doctor names each tool, its marker and its hint', () => {
	const readTools = async () => {
		const text = await stack.cli('doctor', '--token', stack.token, '--call-reads');
		const { report } = await withToken('--call-reads');
		return { text, check: report.checks.find((c) => c.id === 'read-tools')! };
	};

	it('a vault the host does not have, then good calls: only vault_list fails, no tool is said to be misrouted', async () => {
		await edit(VAULT, (body) => void (body.nodes.find((n) => n.type.endsWith('hermesVault'))!.parameters.vaultPath = '/no/such/vault'));
		const { text, check } = await readTools();
		expect(check).toMatchObject({ status: 'fail', message: expect.stringMatching(/^vault_list answered __\w+__/) });
		expect(check.message).not.toMatch(/was answered by node|docker_read|monitoring_alerts|odoo_/);
		process.stdout.write(`doctor --call-reads, the vault gateway pointed at a vault the host lacks (exit ${text.code}):\n${text.stdout}\n`);
		expect(text.code).toBe(1);
		await pushFixes();
	});

	it('a stopped Prometheus: monitoring_alerts fails as unreachable, retry later', async () => {
		await stack.prometheus.stop();
		const { text, check } = await readTools();
		expect(check).toMatchObject({ status: 'fail', message: expect.stringMatching(/^monitoring_alerts answered __UNAVAILABLE__ unreachable \(retry later\): /) });
		process.stdout.write(`doctor --call-reads, Prometheus stopped (exit ${text.code}):\n${text.stdout}\n`);
		expect(text.code).toBe(1);
	});
});

describe('a second config beside the first: its own workflows, then removed', () => {
	let second: string;
	let shared: string;
	let otherOnSamePath: string;
	const written = (name: string, change: Record<string, unknown>) => {
		const config = JSON.parse(readFileSync(stack.configFile, 'utf8')) as Record<string, unknown>;
		const file = join(dirname(stack.configFile), `${name}.config.json`);
		writeFileSync(file, `${JSON.stringify({ ...config, ...change }, null, 2)}\n`);
		return file;
	};
	const vaultOf = (config: string) => (JSON.parse(readFileSync(config, 'utf8')) as { vault: { path: string } }).vault;

	beforeAll(() => {
		// Another endpoint and a vault gateway generated differently (other write folders), the names left to the config.
		second = written('ops', { mcpPath: 'hermes-ops', vault: { ...vaultOf(stack.configFile), writePrefixes: ['ops/'] } });
		// A third one that shares the first's vault gateway by naming it.
		shared = written('shared', { mcpPath: 'hermes-shared', gatewayWorkflows: { vault: VAULT } });
		// One that names its tool workflow otherwise, on the first one's path.
		otherOnSamePath = written('other', { workflowName: 'Other Tools' });
	});

	it('the second push creates its own workflows; the first keeps writing where it did', async () => {
		const push = await stack.cli('push', '--config', second);
		expect(push.stderr).toBe('');
		expect(push.code).toBe(0);
		expect(push.stdout).not.toMatch(/note:|kept in callerIds/);
		expect(push.stdout).toContain('create  Hermes Gateway - Vault (hermes-ops)');
		process.stdout.write(`push --config ops.config.json beside the first config:\n${push.stdout}\n`);
		const first = await connectMcp(stack.mcpUrl, stack.token);
		const ops = await connectMcp(`${stack.n8n.baseUrl}/mcp/hermes-ops`, stack.token);
		try {
			const note = { path: 'inbox/second-deployment.md', content: '# Still writable\n' };
			expect(gatewayAnswer(await callTool(first, 'vault_write', note))).toMatchObject({ success: true });
			expect(gatewayAnswer(await callTool(ops, 'vault_write', note))).toMatchObject({ success: false, error: '__BAD_PATH__' });
			expect(gatewayAnswer(await callTool(ops, 'vault_read', { path: 'projects/website.md' }))).toMatchObject({ success: true });
		} finally {
			await first.close();
			await ops.close();
		}
		// Prometheus is still stopped from the describe before: the shapes alone.
		const { code, status } = await withToken('--no-call-reads');
		expect(status['shared-names']).toBe('ok');
		expect(code).toBe(0);
	});

	it('a config on the path the first one serves: push refuses before writing anything', async () => {
		const before = (await client.listWorkflows()).length;
		const push = await stack.cli('push', '--config', otherOnSamePath);
		expect(push.code).toBe(2);
		expect(push.stderr).toMatch(/^error: nothing was pushed: \/mcp\/hermes-tools \(of "Other Tools"\) is served by "Hermes MCP Tools" \(id \w+\)/);
		expect(push.stderr).toMatch(/\nhint: give this config another mcpPath/);
		expect((await client.listWorkflows()).length).toBe(before);
	});

	it('a config that names the first one\'s vault gateway shares it: push says so, and remove refuses to take it from either', async () => {
		const push = await stack.cli('push', '--config', shared);
		expect(push.code).toBe(0);
		expect(push.stdout).toMatch(/kept in callerIds, callers outside this push that still call it: "Hermes MCP Tools"/);
		for (const [config, caller] of [
			[stack.configFile, 'Hermes MCP Tools \\(hermes-shared\\)'],
			[shared, 'Hermes MCP Tools'],
		]) {
			const refused = await stack.cli('remove', '--config', config);
			expect(refused.code).toBe(2);
			expect(refused.stderr).toMatch(new RegExp(`^error: nothing was removed: "Hermes Gateway - Vault" \\(id \\w+\\) is still called by "${caller}"`));
		}
	});

	it('remove takes out one config and nothing else: dry run first, then for real; the others still answer', async () => {
		const names = (await client.listWorkflows()).map((w) => w.name);
		const dry = await stack.cli('remove', '--config', second, '--dry-run');
		expect(dry.code).toBe(0);
		// The tool workflow, a sub-workflow per gateway and a create-once workflow per create tool.
		expect(dry.stdout).toMatch(new RegExp(`^dry run: removing the ${GATEWAY_WORKFLOWS.length + 1 + DEFAULT_CREATE_TOOLS.length} workflows of this config`, 'm'));
		expect((await client.listWorkflows()).map((w) => w.name)).toEqual(names);
		const removed = await stack.cli('remove', '--config', second);
		process.stdout.write(`remove --config ops.config.json (exit ${removed.code}):\n${removed.stdout}${removed.stderr}\n`);
		expect(removed.code).toBe(0);
		expect((await client.listWorkflows()).map((w) => w.name).sort()).toEqual(names.filter((n) => !n.includes('(hermes-ops)')).sort());
		for (const url of [stack.mcpUrl, `${stack.n8n.baseUrl}/mcp/hermes-shared`]) {
			const session = await connectMcp(url, stack.token);
			try {
				expect(gatewayAnswer(await callTool(session, 'vault_read', { path: 'projects/website.md' }))).toMatchObject({ success: true });
			} finally {
				await session.close();
			}
		}
	});
});
