import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { GATEWAY_CONTRACTS, GATEWAY_NAMES, HERMES_ODOO_CREDENTIALS } from '../../core';
import { APPROVAL_COLUMNS } from '../../generator/approvals/store';
import { runDiff } from '../../generator/cli/commands/diff';
import { runPull } from '../../generator/cli/commands/pull';
import { runPush, type PushCommandOptions } from '../../generator/cli/commands/push';
import type { Workflow } from '../../generator/builders/n8nTypes';
import { workflowBody } from '../../generator/n8nClient/body';
import type { CommandIo } from '../../generator/cli/io';
import { N8nApiClient, type LiveWorkflow } from '../../generator/n8nClient/client';
import { runLintLive, type LiveLintOptions } from '../../generator/cli/commands/lint';
import { DATA_TABLE_SCOPES } from '../../generator/deploy/dataTables';
import { desiredWorkflows } from '../../generator/deploy/desired';
import { workflowReferences } from '../../generator/deploy/wiring';
import { exactMatch } from '../../generator/n8nClient/exactName';
import { startN8n, type N8nHandle } from '../harness/n8n';
import { freePorts } from '../harness/n8n/freePort';

/**
 * push / pull / diff against a REAL n8n 2.41.1 with the built package installed as a community
 * package (so the gateway node types exist and the workflows can be published). The content
 * pipeline is a one-node stand-in workflow: push only needs it to exist and be published.
 */

let n8n: N8nHandle;
let client: N8nApiClient;
let scratch: string;
const generated = desiredWorkflows();
const NAMES = generated.map((d) => d.body.name);
const MCP = 'Hermes MCP Tools';
/** The sub-workflows of the default config (gateways, create-once workflows): every workflow push writes but the tool workflow. */
const GATEWAYS = NAMES.length - 1;
const DECOYS = ['Hermes MCP Tools - old copy', 'Old Hermes Gateway - Vault'];
let archivedId: string;

interface Run {
	code: number;
	out: string;
	err: string;
	/** Every request that was not a GET, as `METHOD path`. */
	writes: string[];
}

async function run<O extends object = PushCommandOptions>(command: (options: O, io: CommandIo) => Promise<number>, options = {} as O): Promise<Run> {
	const result: Run = { code: -1, out: '', err: '', writes: [] };
	const io: CommandIo = {
		stdout: (text) => (result.out += text),
		stderr: (text) => (result.err += text),
		env: { N8N_API_URL: n8n.baseUrl, N8N_API_KEY: n8n.apiKey },
		onRequest: (event) => {
			if (event.method !== 'GET') result.writes.push(`${event.method} ${event.path}`);
		},
	};
	result.code = await command(options, io);
	return result;
}

const lintLive = (options: LiveLintOptions, io: CommandIo) => runLintLive([], options, io);

function writeConfig(name: string, config: unknown): string {
	const file = join(scratch, name);
	writeFileSync(file, JSON.stringify(config));
	return file;
}

async function live(name: string): Promise<LiveWorkflow | undefined> {
	return exactMatch(await client.listWorkflows(name), name);
}

async function createPublished(workflow: Workflow): Promise<string> {
	const created = await client.createWorkflow(workflow);
	await client.activateWorkflow(created.id);
	return created.id;
}

interface ExecutionRow {
	id: string;
	status: string;
}

async function executionsOf(workflowId: string): Promise<ExecutionRow[]> {
	return (await client.request<{ data: ExecutionRow[] }>('GET', `/executions?workflowId=${workflowId}&limit=250`)).data;
}

/** n8n writes an execution when it ends, a moment after the webhook answered. */
async function waitForExecutions(workflowId: string, count: number): Promise<ExecutionRow[]> {
	for (let attempt = 0; attempt < 50; attempt++) {
		const rows = (await executionsOf(workflowId)).filter((e) => e.status !== 'running' && e.status !== 'new');
		if (rows.length >= count) return rows;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(`workflow ${workflowId}: fewer than ${count} finished executions after 10 s`);
}

/** GET on a production webhook; publishing returns before n8n has registered it, so a 404 is retried. */
async function callWebhook(path: string): Promise<Response> {
	for (let attempt = 0; ; attempt++) {
		const response = await fetch(`${n8n.baseUrl}/webhook/${path}`);
		if (response.status !== 404 || attempt >= 50) return response;
		await response.text();
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

async function liveVersions(): Promise<Record<string, string | undefined>> {
	const all = await client.listWorkflows();
	return Object.fromEntries(all.map((w) => [w.name, w.versionId]));
}

beforeAll(async () => {
	scratch = mkdtempSync(join(tmpdir(), 'hermes-api-e2e-'));
	n8n = await startN8n();
	client = new N8nApiClient({ url: n8n.baseUrl, apiKey: n8n.apiKey });
	const credentials = [
		{ name: 'Hermes SSH', type: 'hermesSshApi', data: { host: '127.0.0.1', port: 22, username: 'hermes', authMethod: 'password', password: 'x', acceptAnyHostKey: true } },
		// n8n's own Odoo credential under the Hermes one's name, as a deployment that ran n8n's Odoo node has it: push wires by type and name.
		{ name: 'Odoo', type: 'odooApi', data: { url: 'http://127.0.0.1:9', username: 'u', password: 'p', db: 'd' } },
		{ name: 'Odoo', type: HERMES_ODOO_CREDENTIALS.odooApi, data: { url: 'http://127.0.0.1:9', username: 'u', password: 'p', db: 'd' } },
		{ name: 'Hermes MCP Bearer', type: 'httpBearerAuth', data: { token: 'e2e-token' } },
	];
	for (const credential of credentials) await client.request('POST', '/credentials', credential);
	const pipeline = await client.createWorkflow({
		name: 'Telegram Content Pipeline',
		nodes: [
			{
				id: 'p1',
				name: 'Start',
				type: 'n8n-nodes-base.executeWorkflowTrigger',
				typeVersion: 1.1,
				position: [0, 0],
				parameters: { inputSource: 'passthrough' },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	await client.activateWorkflow(pipeline.id);
	// Names the substring filter also returns: push must leave them alone.
	for (const name of DECOYS) await client.createWorkflow({ name, nodes: [], connections: {}, settings: {} });
	// n8n lists archived workflows too (isArchived: true); one of them carries a pushed name exactly.
	const archived = await client.createWorkflow({ name: 'Hermes Gateway - Monitoring', nodes: [], connections: {}, settings: {} });
	await client.request('POST', `/workflows/${archived.id}/archive`);
	archivedId = archived.id;
});

afterAll(async () => {
	await n8n?.stop();
	rmSync(scratch, { recursive: true, force: true });
});

describe('push, pull, diff against a real n8n', () => {
	it('refuses to push when a credential is missing, naming it, and writes nothing', async () => {
		const config = writeConfig('missing-credential.json', { credentials: { ssh: 'No Such SSH' } });
		const result = await run(runPush, { config });
		expect(result.code).toBe(2);
		// Each SSH gateway's sub-workflow has one node that uses it.
		const others = GATEWAY_NAMES.filter((gateway) => GATEWAY_CONTRACTS[gateway].ssh).length - 1;
		expect(result.err).toContain(`credential "No Such SSH" of type "Hermes SSH API" (hermesSshApi) (used by node "Vault" of "Hermes Gateway - Vault" and ${others} more)`);
		expect(result.err).toMatch(/nothing was changed/);
		expect(result.writes).toEqual([]);
	});

	it('--dry-run lists what it would create and writes nothing', async () => {
		const before = await liveVersions();
		const result = await run(runPush, { dryRun: true });
		expect(result.code).toBe(0);
		for (const name of NAMES) expect(result.out).toContain(`would create  ${name} `);
		expect(result.out).toMatch(new RegExp(`dry run, nothing written: would have ${NAMES.length} created`));
		expect(result.writes).toEqual([]);
		expect(await liveVersions()).toEqual(before);
	});

	it('creates and publishes every workflow, gateways first, their ids and the credentials wired in', async () => {
		const decoysBefore = await Promise.all(DECOYS.map(live));
		const result = await run(runPush);
		expect(result.code).toBe(0);
		const creates = result.out.split('\n').filter((line) => line.startsWith('create  ') && !line.startsWith('create  data table'));
		// The create store, before any workflow.
		expect(result.out.split('\n').filter((line) => line.startsWith('create  data table')).map((line) => line.split(' ')[4])).toEqual(['hermes_creates']);
		expect(GATEWAYS).toBeGreaterThan(0);
		expect(creates).toHaveLength(NAMES.length);
		expect(creates.at(-1)).toContain(MCP);
		expect(result.writes.filter((w) => w === 'POST /workflows')).toHaveLength(NAMES.length);
		// The gateways were created before their caller: a second pass lists it (draft, then publish).
		expect(result.writes.filter((w) => w.startsWith('PUT '))).toHaveLength(GATEWAYS);
		expect(result.writes.filter((w) => w.endsWith('/activate'))).toHaveLength(NAMES.length + GATEWAYS);
		expect(result.out).toContain(`${NAMES.length} created, 0 updated, ${NAMES.length} published, 0 unchanged, callers wired into ${GATEWAYS} after their callers were created`);

		const byName = new Map<string, LiveWorkflow>();
		for (const name of NAMES) {
			const workflow = (await live(name))!;
			expect(workflow).toBeDefined();
			expect(workflow.active).toBe(true);
			expect(workflow.activeVersionId).toBe(workflow.versionId);
			byName.set(name, workflow);
		}
		const credentials = await client.listCredentials();
		const mcp = byName.get(MCP)!;
		// Only the workflow that calls a sub-workflow may run it (the content gateway: its create-once
		// workflow; every other one: the MCP tools workflow): n8n holds the policy and the caller's id.
		for (const name of NAMES.filter((n) => n !== MCP)) {
			const callers = generated.filter((d) => workflowReferences(d.body).some((r) => r.workflow === name)).map((d) => byName.get(d.body.name)!.id);
			expect(callers).toHaveLength(1);
			expect(byName.get(name)!.settings).toMatchObject({ callerPolicy: 'workflowsFromAList', callerIds: callers[0] });
			expect(result.out).toContain(`update  ${name} (id ${byName.get(name)!.id}): callers ${callers[0]}; published`);
		}
		for (const node of mcp.nodes as Array<{ name: string; type: string; parameters: Record<string, unknown>; credentials?: Record<string, { id: string; name: string }> }>) {
			if (node.type.endsWith('.toolWorkflow')) {
				const locator = node.parameters.workflowId as { mode: string; value: string; cachedResultName: string };
				expect(locator.mode).toBe('id');
				expect(locator.value).toBe(byName.get(locator.cachedResultName)!.id);
			}
			for (const [type, ref] of Object.entries(node.credentials ?? {})) {
				expect(credentials.find((c) => c.type === type && c.name === ref.name)?.id).toBe(ref.id);
			}
		}
		// An archived workflow of the same name is neither updated nor taken for the live one.
		expect(byName.get('Hermes Gateway - Monitoring')!.id).not.toBe(archivedId);
		const archived = await client.getWorkflow(archivedId);
		expect(archived).toMatchObject({ isArchived: true, nodes: [] });
		// The decoys the name filter also matched were not touched.
		const decoysAfter = await Promise.all(DECOYS.map(live));
		expect(decoysAfter.map((w) => w?.versionId)).toEqual(decoysBefore.map((w) => w?.versionId));
	});

	it('a second push reports no change and makes no write', async () => {
		const before = await liveVersions();
		const result = await run(runPush);
		expect(result.code).toBe(0);
		expect(result.out).toContain(`no change: ${NAMES.length} workflows already up to date and published`);
		expect(result.writes).toEqual([]);
		expect(await liveVersions()).toEqual(before);
	});

	it('diff finds nothing to report', async () => {
		const result = await run(runDiff);
		expect(result.code).toBe(0);
		expect(result.out).toContain(`in sync: ${NAMES.length} workflows match the catalogue`);
	});

	describe('a workflow outside the callers list', () => {
		const refusedCall = async (gateway: string, path: string) => {
			const target = (await live(gateway))!;
			const intruderId = await createPublished({
				name: `Intruder - ${path}`,
				nodes: [
					{
						id: 'i1',
						name: 'Webhook',
						type: 'n8n-nodes-base.webhook',
						typeVersion: 2,
						position: [0, 0],
						webhookId: randomUUID(),
						parameters: { httpMethod: 'GET', path, responseMode: 'lastNode', options: {} },
					},
					{
						id: 'i2',
						name: 'Call the gateway',
						type: 'n8n-nodes-base.executeWorkflow',
						typeVersion: 1.2,
						position: [200, 0],
						parameters: {
							workflowId: { __rl: true, mode: 'id', value: target.id },
							workflowInputs: { mappingMode: 'defineBelow', value: {}, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: true },
							options: {},
						},
					},
				],
				connections: { Webhook: { main: [[{ node: 'Call the gateway', type: 'main', index: 0 }]] } },
				settings: { executionOrder: 'v1' },
			});
			const before = await executionsOf(target.id);
			const response = await callWebhook(path);
			const [execution] = await waitForExecutions(intruderId, 1);
			const detail = await client.request<{ status: string; data?: { resultData?: { error?: { message?: string } } } }>(
				'GET',
				`/executions/${execution.id}?includeData=true`,
			);
			const after = await executionsOf(target.id);
			return { target, response, detail, before, after };
		};

		it.each([
			['Hermes Gateway - Docker', 'intruder-docker'],
			['Hermes Gateway - Vault', 'intruder-vault'],
		])('calling %s is refused by n8n and the gateway does not run', async (gateway, path) => {
			const { target, response, detail, before, after } = await refusedCall(gateway, path);
			expect(response.status).toBeGreaterThanOrEqual(500);
			expect(detail.status).toBe('error');
			expect(detail.data?.resultData?.error?.message).toBe(`The sub-workflow (${target.id}) cannot be called by this workflow`);
			// n8n records the refused run of the gateway as an error in which none of its nodes ran
			// (the run data names only the caller's node, where the refusal was raised); never a success.
			const added = after.filter((e) => !before.some((b) => b.id === e.id));
			expect(added.map((e) => e.status)).toEqual(['error']);
			const gatewayNodes = (target.nodes as Array<{ name: string }>).map((node) => node.name);
			const refused = await client.request<{ data?: { resultData?: { runData?: Record<string, unknown>; error?: { message?: string } } } }>(
				'GET',
				`/executions/${added[0].id}?includeData=true`,
			);
			expect(refused.data?.resultData?.error?.message).toBe(`The sub-workflow (${target.id}) cannot be called by this workflow`);
			expect(Object.keys(refused.data?.resultData?.runData ?? {}).filter((node) => gatewayNodes.includes(node))).toEqual([]);
		});

		it('push leaves the gateways as they are (the intruders are not pushed workflows)', async () => {
			const result = await run(runPush);
			expect(result.code).toBe(0);
			expect(result.writes).toEqual([]);
		});
	});

	it('diff reports a callerIds list edited in n8n, and push restores it', async () => {
		const vault = (await live('Hermes Gateway - Vault'))!;
		const { body } = workflowBody(vault);
		body.settings.callerIds = `${String(body.settings.callerIds)},${vault.id}`;
		await client.updateWorkflow(vault.id, body);
		const drift = await run(runDiff);
		expect(drift.code).toBe(1);
		expect(drift.out).toMatch(/DRIFT {4}Hermes Gateway - Vault[^\n]*\n {2}- settings differ at callerIds/);
		const restored = await run(runPush);
		expect(restored.writes).toEqual([`PUT /workflows/${vault.id}?publishIfActive=false`, `POST /workflows/${vault.id}/activate`]);
		expect((await live('Hermes Gateway - Vault'))!.settings?.callerIds).toBe((await live(MCP))!.id);
		expect((await run(runDiff)).code).toBe(0);
	});

	it('lint --live finds nothing wrong in what push deployed', async () => {
		const result = await run(lintLive);
		expect(result.err).toBe('');
		expect(result.out).toMatch(new RegExp(`0 errors, \\d+ warnings? in ${NAMES.length} files`));
		expect(result.code).toBe(0);
	});

	it('pull writes the live workflows in the form push sends', async () => {
		const out = join(scratch, 'pulled');
		const result = await run(runPull, { out });
		expect(result.code).toBe(0);
		for (const item of generated) {
			const pulled = JSON.parse(readFileSync(join(out, item.file), 'utf8')) as unknown;
			expect(pulled).toEqual(workflowBody(await live(item.body.name)).body);
		}
	});

	describe('after a tool node is disabled in n8n through the API', () => {
		beforeAll(async () => {
			const mcp = (await live(MCP))!;
			const { body } = workflowBody(mcp);
			body.nodes.find((node) => node.name === 'vault_read')!.disabled = true;
			await client.updateWorkflow(mcp.id, body);
		});

		it('diff reports the disabled node and exits 1', async () => {
			const result = await run(runDiff);
			expect(result.code).toBe(1);
			expect(result.out).toMatch(/DRIFT {4}Hermes MCP Tools/);
			expect(result.out).toMatch(/node "vault_read" is DISABLED in n8n/);
			expect(result.out).toMatch(/in sync {2}Hermes Gateway - Vault/);
		});

		it('lint --live fails on it with the disabled-tool rule, naming the live workflow', async () => {
			const result = await run(lintLive);
			expect(result.code).toBe(1);
			expect(result.out).toMatch(/n8n:Hermes MCP Tools \(id \w+\)/);
			expect(result.out).toMatch(/HMT\d+ error +node "vault_read": .*disabled/i);
		});

		it('push --dry-run would update only that workflow and writes nothing', async () => {
			const result = await run(runPush, { dryRun: true });
			expect(result.code).toBe(0);
			expect(result.out).toMatch(/would update {2}Hermes MCP Tools .*vault_read/);
			expect(result.out).toContain(`0 created, 1 updated, 1 published, ${NAMES.length - 1} unchanged`);
			expect(result.writes).toEqual([]);
		});

		it('push restores it (save as draft, then publish) and tells to restart MCP clients (the tool comes back)', async () => {
			const mcpId = (await live(MCP))!.id;
			const result = await run(runPush);
			expect(result.code).toBe(0);
			expect(result.writes).toEqual([`PUT /workflows/${mcpId}?publishIfActive=false`, `POST /workflows/${mcpId}/activate`]);
			expect(result.out).toContain('tool added: vault_read');
			expect(result.out).toMatch(/restart your MCP clients/);
			expect(result.out).toContain('The MCP tool schema changed on hermes-tools:');
			expect(result.out).toContain('Hermes Agent (agent-config --for hermes): run /reload-mcp (servers hermes-tools).');
			expect((await run(runDiff)).code).toBe(0);
		});
	});

	describe('a push that saved its draft but stopped before publishing (n8n answered 500, timeout, ...)', () => {
		beforeAll(async () => {
			// Published: vault_read disabled (its tool is gone for MCP clients) ...
			const mcp = (await live(MCP))!;
			const { body } = workflowBody(mcp);
			body.nodes.find((node) => node.name === 'vault_read')!.disabled = true;
			await client.updateWorkflow(mcp.id, body);
			// ... draft: what push sends, saved but never published.
			const published = workflowBody((await live(MCP))!).body;
			delete published.nodes.find((node) => node.name === 'vault_read')!.disabled;
			await client.updateWorkflow(mcp.id, published, { publish: false });
		});

		it('lint --live lints the version n8n runs (published, with the disabled tool), not the clean draft', async () => {
			const result = await run(lintLive);
			expect(result.code).toBe(1);
			expect(result.out).toMatch(/HMT\d+ error +node "vault_read": .*disabled/i);
		});

		it('the next push publishes the draft and still tells to restart MCP clients (the published tools change)', async () => {
			const mcpId = (await live(MCP))!.id;
			const result = await run(runPush);
			expect(result.code).toBe(0);
			expect(result.writes).toEqual([`POST /workflows/${mcpId}/activate`]);
			expect(result.out).toMatch(/publish Hermes MCP Tools .*published version is older/);
			expect(result.out).toContain('tool added: vault_read');
			expect(result.out).toMatch(/restart your MCP clients/);
			expect(result.out).toContain('The MCP tool schema changed on hermes-tools:');
			expect(result.out).toContain('Hermes Agent (agent-config --for hermes): run /reload-mcp (servers hermes-tools).');
			expect((await run(runDiff)).code).toBe(0);
		});
	});

	describe('with keys that may not list credentials (credential:list is for owner and admin keys)', () => {
		let readOnlyKey: string;
		let writerKey: string;
		const createKey = async (label: string, scopes: string[]) => {
			const response = await fetch(`${n8n.baseUrl}/rest/api-keys`, {
				method: 'POST',
				headers: { cookie: n8n.cookie, 'content-type': 'application/json' },
				body: JSON.stringify({ label, scopes, expiresAt: null }),
			});
			return ((await response.json()) as { data: { rawApiKey: string } }).data.rawApiKey;
		};
		beforeAll(async () => {
			// The default config keeps a create store: diff reads it, push makes sure of it.
			readOnlyKey = await createKey('read-only', ['workflow:list', 'workflow:read', 'dataTable:list']);
			writerKey = await createKey('writer', ['workflow:list', 'workflow:read', 'workflow:create', 'workflow:update', 'workflow:activate', ...DATA_TABLE_SCOPES.split(' ')]);
		});

		it('diff still answers, comparing credentials by name, and says so', async () => {
			const result = await run(runDiff, { apiKey: readOnlyKey });
			expect(result.code).toBe(0);
			expect(result.out).toMatch(/credentials compared by name only/);
		});

		it('push leaves credentials to n8n (by name) and still sees that nothing changed', async () => {
			const result = await run(runPush, { apiKey: writerKey });
			expect(result.code).toBe(0);
			expect(result.out).toMatch(/note: this API key may not list credentials/);
			expect(result.out).toMatch(/no change/);
			expect(result.writes).toEqual([]);
		});

		it('a credential n8n cannot resolve: saved as a draft, never published, the live version stays', async () => {
			const before = (await live(MCP))!;
			const config = writeConfig('unknown-bearer.json', { credentials: { bearer: 'No Such Bearer' } });
			const result = await run(runPush, { apiKey: writerKey, config });
			expect(result.code).toBe(2);
			expect(result.err).toMatch(/"Hermes MCP Tools" \(id \w+\) was saved but not published .*no credential "No Such Bearer" of type "Bearer Auth" \(httpBearerAuth\) \(node "MCP Server Trigger"\)/);
			expect(result.writes).toEqual([`PUT /workflows/${before.id}?publishIfActive=false`]);
			const after = (await live(MCP))!;
			expect(after.active).toBe(true);
			expect(after.activeVersionId).toBe(before.activeVersionId);
			expect(after.versionId).not.toBe(before.versionId);
			// The next good push replaces the draft and publishes it.
			const restored = await run(runPush);
			expect(restored.code).toBe(0);
			expect(restored.writes).toEqual([`PUT /workflows/${before.id}?publishIfActive=false`, `POST /workflows/${before.id}/activate`]);
			expect((await run(runDiff)).code).toBe(0);
		});
	});

	it('follows the list cursor page by page (page size 2) and still matches names exactly', async () => {
		const pages: string[] = [];
		const paged = new N8nApiClient({ url: n8n.baseUrl, apiKey: n8n.apiKey, pageSize: 2, onRequest: (e) => pages.push(e.path) });
		const all = await paged.listWorkflows();
		expect(all.map((w) => w.id).sort()).toEqual((await client.listWorkflows()).map((w) => w.id).sort());
		expect(all.length).toBeGreaterThanOrEqual(8);
		expect(pages.length).toBe(Math.ceil(all.length / 2));
		expect(pages.slice(1).every((path) => path.includes('cursor='))).toBe(true);
		const named = await paged.listWorkflows(MCP);
		expect(named.map((w) => w.name).sort()).toEqual([MCP, DECOYS[0]].sort());
		expect(exactMatch(named, MCP)?.id).toBe((await live(MCP))?.id);
	});

	it('a wrong API key gets a clear 401 message and exit 2', async () => {
		const result = await run(runPush, { apiKey: 'not-the-key' });
		expect(result.code).toBe(2);
		// push's first read: the one that tells n8n's API from any other server (cli/apiOptions.ts).
		expect(result.err).toMatch(new RegExp(`n8n refused the API key \\(GET ${n8n.baseUrl}/api/v1/workflows\\?limit=1 answered 401`));
		expect(result.err).toMatch(/hint: check --api-key or N8N_API_KEY/);
	});

	it('a closed port gets a clear "cannot reach" message and exit 2', async () => {
		const [port] = await freePorts(1);
		const result = await run(runPush, { url: `http://127.0.0.1:${port}` });
		expect(result.code).toBe(2);
		expect(result.err).toMatch(new RegExp(`cannot reach n8n at http://127\\.0\\.0\\.1:${port}/api/v1/.* \\(connection refused\\)`));
		expect(result.err).toMatch(/hint: is n8n running/);
	});

	describe('with approvals in the config: the approval store', () => {
		let config: string;
		beforeAll(async () => {
			// The channel's credential, for the gate workflows that will use it.
			await client.request('POST', '/credentials', {
				name: 'Hermes Approvals SMTP',
				type: 'smtp',
				data: { user: 'hermes', password: 'x', host: '127.0.0.1', port: 2525, secure: false },
			});
			config = writeConfig('approvals.json', {
				approvals: {
					channel: { type: 'email', credential: 'Hermes Approvals SMTP', from: 'hermes@example.com', to: ['ops@example.com'] },
					publicUrl: n8n.baseUrl,
				},
			});
		});

		it('diff reports the missing data table', async () => {
			const result = await run(runDiff, { config });
			expect(result.code).toBe(1);
			expect(result.out).toContain('DRIFT    data table "hermes_approvals" is not in n8n (push creates it)');
		});

		it('a key without the data table scopes: exit 2, the scopes named, no workflow written', async () => {
			const response = await fetch(`${n8n.baseUrl}/rest/api-keys`, {
				method: 'POST',
				headers: { cookie: n8n.cookie, 'content-type': 'application/json' },
				body: JSON.stringify({
					label: 'no-data-tables',
					scopes: ['workflow:list', 'workflow:read', 'workflow:create', 'workflow:update', 'workflow:activate', 'credential:list'],
					expiresAt: null,
				}),
			});
			const apiKey = ((await response.json()) as { data: { rawApiKey: string } }).data.rawApiKey;
			const result = await run(runPush, { config, apiKey });
			expect(result.code).toBe(2);
			expect(result.err).toMatch(/error: the API key may not read or create the data table "hermes_approvals" .*GET .*\/data-tables.* answered 403/);
			expect(result.err).toMatch(/hint: give the key the scopes dataTable:list dataTable:create dataTableColumn:create/);
			expect(result.writes).toEqual([]);
		});

		it('push creates it with its columns before any workflow; a second push leaves it', async () => {
			const result = await run(runPush, { config });
			expect(result.code).toBe(0);
			expect(result.out).toMatch(new RegExp(`create {2}data table hermes_approvals \\(${APPROVAL_COLUMNS.length} columns\\) -> id \\w+`));
			expect(result.writes[0]).toBe('POST /data-tables');
			const tables = await client.listDataTables('hermes_approvals');
			const store = tables.find((t) => t.name === 'hermes_approvals')!;
			const inOrder = [...store.columns].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
			expect(inOrder.map((c) => [c.name, c.type])).toEqual(APPROVAL_COLUMNS.map((c) => [c.name, c.type]));
			const again = await run(runPush, { config });
			expect(again.code).toBe(0);
			expect(again.out).toContain(`unchanged data table hermes_approvals (id ${store.id})`);
			expect(again.writes).toEqual([]);
			expect((await run(runDiff, { config })).out).not.toContain('data table');
		});

		it('a column deleted in n8n comes back, the rows and the user columns stay', async () => {
			const store = (await client.listDataTables('hermes_approvals')).find((t) => t.name === 'hermes_approvals')!;
			await client.request('POST', `/data-tables/${store.id}/columns`, { name: 'reviewer', type: 'string' });
			await client.request('POST', `/data-tables/${store.id}/rows`, { data: [{ approval_id: 'a1', status: 'pending', reviewer: 'me' }], returnType: 'count' });
			const usedAt = store.columns.find((c) => c.name === 'used_at')!;
			await client.request('DELETE', `/data-tables/${store.id}/columns/${usedAt.id}`);
			const dry = await run(runPush, { config, dryRun: true });
			expect(dry.out).toContain(`would update  data table hermes_approvals (id ${store.id}): add columns used_at`);
			expect(dry.writes).toEqual([]);
			const result = await run(runPush, { config });
			expect(result.writes).toEqual([`POST /data-tables/${store.id}/columns`]);
			const after = (await client.listDataTables('hermes_approvals')).find((t) => t.id === store.id)!;
			expect(after.columns.map((c) => c.name).sort()).toEqual([...APPROVAL_COLUMNS.map((c) => c.name), 'reviewer'].sort());
			const rows = await client.request<{ data: Array<Record<string, unknown>> }>('GET', `/data-tables/${store.id}/rows`);
			expect(rows.data).toEqual([expect.objectContaining({ approval_id: 'a1', status: 'pending', reviewer: 'me' })]);
		});
	});

	it('node types n8n does not know: the workflow is created but cannot be published, and push says how to fix it', async () => {
		const config = writeConfig('custom-prefix.json', {
			nodeTypePrefix: 'CUSTOM',
			workflowName: 'Custom Tools',
			mcpPath: 'custom-tools',
			gatewayWorkflows: { vault: 'Custom - Vault', docker: 'Custom - Docker', monitoring: 'Custom - Monitoring', content: 'Custom - Content' },
		});
		const result = await run(runPush, { config });
		expect(result.code).toBe(2);
		expect(result.err).toMatch(/"Custom - Vault" \(id \w+\) was saved but n8n cannot publish it: .*Unrecognized node type: CUSTOM\.hermesVault/);
		expect(result.err).toMatch(/hint: install the n8n-nodes-hermes community package/);
		const saved = await live('Custom - Vault');
		expect(saved?.active).toBe(false);
		expect(await live('Custom Tools')).toBeUndefined();
	});
});

/**
 * A deployment made when the Odoo tools ran n8n's own Odoo node (its 23 Odoo tools as they were
 * generated then: test/fixtures/import/n8n-odoo-nodes), published on the same real n8n. Push
 * replaces them with Hermes Odoo tools; without the Hermes Odoo credential it changes nothing and
 * says which to create, from the n8n Odoo credential of the same name.
 */
describe("push over a deployment that runs n8n's Odoo nodes", () => {
	const N8N_ODOO_TOOL = 'n8n-nodes-base.odooTool';
	const native = JSON.parse(readFileSync(join(__dirname, '../fixtures/import/n8n-odoo-nodes/hermes-mcp-tools.json'), 'utf8')) as Workflow;
	const odooNames = native.nodes.filter((n) => n.type === N8N_ODOO_TOOL).map((n) => n.name);
	let hermesOdoo: { id: string } | undefined;

	beforeAll(async () => {
		// The live tool workflow, its Odoo tools swapped for the n8n Odoo nodes of the same names (the gateway tools keep their wired ids).
		const current = (await live(MCP))!;
		const nodes = (current.nodes as Workflow['nodes']).map((node) => native.nodes.find((n) => n.name === node.name && n.type === N8N_ODOO_TOOL) ?? node);
		const { body } = workflowBody({ ...(current as unknown as Workflow), nodes });
		await client.updateWorkflow(current.id, body);
		await client.activateWorkflow(current.id);
		hermesOdoo = (await client.listCredentials()).find((c) => c.type === HERMES_ODOO_CREDENTIALS.odooApi && c.name === 'Odoo');
		await client.request('DELETE', `/credentials/${hermesOdoo!.id}`);
	});

	it('the deployment runs n8n Odoo nodes, published', async () => {
		const workflow = (await live(MCP))!;
		expect(odooNames).toHaveLength(23);
		expect((workflow.nodes as Workflow['nodes']).filter((n) => n.type === N8N_ODOO_TOOL).map((n) => n.name).sort()).toEqual([...odooNames].sort());
		expect(workflow.activeVersionId).toBe(workflow.versionId);
	});

	it('without the Hermes Odoo credential, push writes nothing and names the one to create from the n8n Odoo credential', async () => {
		const before = await liveVersions();
		const result = await run(runPush);
		expect(result.code).toBe(2);
		expect(result.err).toContain('credential "Odoo" of type "Hermes Odoo API" (hermesOdooApi)');
		expect(result.err).toContain('the Odoo tools now run the Hermes Odoo node, not n8n\'s Odoo node: create a "Hermes Odoo API" (hermesOdooApi) credential named "Odoo"');
		expect(result.err).toContain('as the "Odoo API" (odooApi) credential "Odoo" n8n holds');
		expect(result.writes).toEqual([]);
		expect(await liveVersions()).toEqual(before);
	});

	it('with it, push replaces every n8n Odoo node with the Hermes Odoo tool and publishes', async () => {
		await client.request('POST', '/credentials', { name: 'Odoo', type: HERMES_ODOO_CREDENTIALS.odooApi, data: { url: 'http://127.0.0.1:9', username: 'u', password: 'p', db: 'd' } });
		const result = await run(runPush);
		expect(result.code).toBe(0);
		expect(result.out).toContain(`update  ${MCP} `);
		const workflow = (await live(MCP))!;
		const nodes = workflow.nodes as Workflow['nodes'];
		expect(nodes.filter((n) => n.type === N8N_ODOO_TOOL)).toEqual([]);
		const wanted = generated.find((d) => d.body.name === MCP)!.body.nodes;
		for (const name of odooNames) expect([name, nodes.find((n) => n.name === name)?.type]).toEqual([name, wanted.find((n) => n.name === name)?.type]);
		expect(workflow.activeVersionId).toBe(workflow.versionId);
		const again = await run(runPush);
		expect(again.out).toContain('no change');
		expect(again.writes).toEqual([]);
	});
});
