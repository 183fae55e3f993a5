import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { runDiff } from '../../generator/cli/commands/diff';
import { runPull } from '../../generator/cli/commands/pull';
import { runPush, type PushCommandOptions } from '../../generator/cli/commands/push';
import { workflowBody } from '../../generator/n8nApi/body';
import type { CommandIo } from '../../generator/n8nApi/cliSupport';
import { N8nApiClient, type LiveWorkflow } from '../../generator/n8nApi/client';
import { runLintLive, type LiveLintOptions } from '../../generator/n8nApi/lintLive';
import { desiredWorkflows } from '../../generator/n8nApi/desired';
import { exactMatch } from '../../generator/n8nApi/exactName';
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
		{ name: 'Odoo', type: 'odooApi', data: { url: 'http://127.0.0.1:9', username: 'u', password: 'p', db: 'd' } },
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
		expect(result.err).toMatch(/credential "No Such SSH" of type hermesSshApi \(used by node "Vault" of "Hermes Gateway - Vault" and 2 more\)/);
		expect(result.err).toMatch(/nothing was changed/);
		expect(result.writes).toEqual([]);
	});

	it('--dry-run lists what it would create and writes nothing', async () => {
		const before = await liveVersions();
		const result = await run(runPush, { dryRun: true });
		expect(result.code).toBe(0);
		for (const name of NAMES) expect(result.out).toContain(`would create  ${name} `);
		expect(result.out).toMatch(/dry run, nothing written: would have 5 created/);
		expect(result.writes).toEqual([]);
		expect(await liveVersions()).toEqual(before);
	});

	it('creates and publishes every workflow, gateways first, their ids and the credentials wired in', async () => {
		const decoysBefore = await Promise.all(DECOYS.map(live));
		const result = await run(runPush);
		expect(result.code).toBe(0);
		const creates = result.out.split('\n').filter((line) => line.startsWith('create  '));
		expect(creates).toHaveLength(5);
		expect(creates[4]).toContain(MCP);
		expect(result.writes.filter((w) => w === 'POST /workflows')).toHaveLength(5);
		expect(result.writes.filter((w) => w.endsWith('/activate'))).toHaveLength(5);

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
		expect(result.out).toMatch(/no change: 5 workflows already up to date and published/);
		expect(result.writes).toEqual([]);
		expect(await liveVersions()).toEqual(before);
	});

	it('diff finds nothing to report', async () => {
		const result = await run(runDiff);
		expect(result.code).toBe(0);
		expect(result.out).toMatch(/in sync: 5 workflows match the catalogue/);
	});

	it('lint --live finds nothing wrong in what push deployed', async () => {
		const result = await run(lintLive);
		expect(result.err).toBe('');
		expect(result.out).toMatch(/0 errors, \d+ warnings? in 5 files/);
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
			expect(result.out).toMatch(/0 created, 1 updated, 1 published, 4 unchanged/);
			expect(result.writes).toEqual([]);
		});

		it('push restores it (save as draft, then publish) and tells to restart MCP clients (the tool comes back)', async () => {
			const mcpId = (await live(MCP))!.id;
			const result = await run(runPush);
			expect(result.code).toBe(0);
			expect(result.writes).toEqual([`PUT /workflows/${mcpId}?publishIfActive=false`, `POST /workflows/${mcpId}/activate`]);
			expect(result.out).toContain('tool added: vault_read');
			expect(result.out).toMatch(/restart your MCP clients/);
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
			readOnlyKey = await createKey('read-only', ['workflow:list', 'workflow:read']);
			writerKey = await createKey('writer', ['workflow:list', 'workflow:read', 'workflow:create', 'workflow:update', 'workflow:activate']);
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
			expect(result.err).toMatch(/"Hermes MCP Tools" \(id \w+\) was saved but not published .*no credential "No Such Bearer" of type httpBearerAuth \(node "MCP Server Trigger"\)/);
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
		expect(result.err).toMatch(new RegExp(`n8n refused the API key \\(GET ${n8n.baseUrl}/api/v1/credentials\\?limit=250 answered 401`));
		expect(result.err).toMatch(/hint: check --api-key or N8N_API_KEY/);
	});

	it('a closed port gets a clear "cannot reach" message and exit 2', async () => {
		const [port] = await freePorts(1);
		const result = await run(runPush, { url: `http://127.0.0.1:${port}` });
		expect(result.code).toBe(2);
		expect(result.err).toMatch(new RegExp(`cannot reach n8n at http://127\\.0\\.0\\.1:${port}/api/v1/.* \\(connection refused\\)`));
		expect(result.err).toMatch(/hint: is n8n running/);
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
