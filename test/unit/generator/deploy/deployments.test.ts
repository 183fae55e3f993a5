/**
 * Two deployments in one n8n: each config names what it generates after its endpoint unless it
 * names it itself, so pushes of two configs in any order leave both as their configs generate
 * them; push refuses, before writing, a path another deployment serves; remove takes out one
 * config's workflows and nothing else, and refuses while another deployment calls one of them.
 *
 * Real: config loading from files, the generator, push and remove. Stand-in: n8n's public API
 * (fakeN8n.ts beside it, an n8n in memory with the calls the deployment code makes).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { GATEWAY_NAMES } from '../../../../core';
import { GATEWAY_WORKFLOWS } from '../../../helpers/gateways';

import type { Workflow } from '../../../../generator/builders/n8nTypes';
import { loadConfig } from '../../../../generator/config';
import { desiredDeployment } from '../../../../generator/deploy/desired';
import { compareWorkflows } from '../../../../generator/deploy/normalise';
import { pushWorkflows, PushError } from '../../../../generator/deploy/push';
import { removeDeployment, RemoveRefused } from '../../../../generator/deploy/remove';
import { workflowBody } from '../../../../generator/n8nClient/body';
import { FakeN8n, PIPELINE } from './fakeN8n';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hermes-deployments-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A config file holding `config` (over the built-in default). */
function configFile(name: string, config: Record<string, unknown>): string {
	const file = join(dir, `${name}.json`);
	writeFileSync(file, JSON.stringify(config));
	return file;
}

const APPROVALS = { channel: { type: 'email', credential: 'Approval Mail', from: 'h@example.test', to: ['b@example.test'] }, publicUrl: 'https://n8n.example.test' };
const ADMIN = {};

describe('what a config generates is named after its endpoint unless it names it', () => {
	const names = (config: Record<string, unknown>) => {
		const loaded = loadConfig(configFile('c', config));
		return {
			workflow: loaded.workflowName,
			gateways: Object.values(loaded.gatewayWorkflows),
			page: loaded.approvals?.pageWorkflow,
			gates: loaded.approvals?.gateWorkflowPrefix,
			pagePath: loaded.approvals?.pagePath,
			admin: loaded.admin ? [loaded.admin.workflowName, loaded.admin.path] : undefined,
		};
	};
	const PLAIN_GATEWAYS = [...GATEWAY_WORKFLOWS];
	const VAULT = PLAIN_GATEWAYS[GATEWAY_NAMES.indexOf('vault')];
	it('has the vault and another gateway to name', () => {
		expect(PLAIN_GATEWAYS.length).toBeGreaterThan(1);
		expect(VAULT).toBeDefined();
	});
	it.each<[string, Record<string, unknown>, Partial<ReturnType<typeof names>>]>([
		['the default endpoint keeps the plain names', {}, { workflow: 'Hermes MCP Tools', gateways: PLAIN_GATEWAYS }],
		['the default endpoint named explicitly too', { mcpPath: 'hermes-tools' }, { workflow: 'Hermes MCP Tools', gateways: PLAIN_GATEWAYS }],
		['another endpoint: every name with it', { mcpPath: 'ops' }, { workflow: 'Hermes MCP Tools (ops)', gateways: PLAIN_GATEWAYS.map((n) => `${n} (ops)`) }],
		['a workflow name the config gives is kept', { mcpPath: 'ops', workflowName: 'Ops Tools' }, { workflow: 'Ops Tools', gateways: PLAIN_GATEWAYS.map((n) => `${n} (ops)`) }],
		[
			'a gateway the config names is shared on purpose',
			{ mcpPath: 'ops', gatewayWorkflows: { vault: VAULT } },
			{ gateways: PLAIN_GATEWAYS.map((n) => (n === VAULT ? n : `${n} (ops)`)) },
		],
		[
			'approvals and admin on another endpoint: their workflows and paths too',
			{ mcpPath: 'ops', approvals: APPROVALS, admin: ADMIN },
			{ page: 'Hermes Approval Page (ops)', gates: 'Hermes Approval (ops) - ', pagePath: 'hermes-approval-ops', admin: ['Hermes MCP Admin (ops)', 'hermes-admin-ops'] },
		],
		[
			'approvals and admin named by the config keep their names',
			{ mcpPath: 'ops', approvals: { ...APPROVALS, pageWorkflow: 'Page', pagePath: 'page' }, admin: { workflowName: 'Admin', path: 'admin' } },
			{ page: 'Page', gates: 'Hermes Approval (ops) - ', pagePath: 'page', admin: ['Admin', 'admin'] },
		],
	])('%s', (_label, config, expected) => {
		expect(names(config)).toMatchObject(expected);
	});
});

/** What each workflow of a config holds in n8n equals what the config generates. */
function expectDeployed(n8n: FakeN8n, file: string): void {
	for (const { body } of desiredDeployment(file).workflows) {
		const live = n8n.byName(body.name);
		expect({ name: body.name, live: live !== undefined && live.active }).toEqual({ name: body.name, live: true });
		const { body: liveBody } = workflowBody(live!);
		const differences = compareWorkflows(body as Workflow, liveBody).filter((d) => !d.message.includes('callerIds') && !/workflowId|credentials/.test(d.message));
		expect({ name: body.name, differences }).toEqual({ name: body.name, differences: [] });
	}
}

const push = (n8n: FakeN8n, file: string, log: string[] = []) => {
	const desired = desiredDeployment(file);
	return pushWorkflows(n8n.client, desired.workflows, { dataTables: desired.dataTables, log: (line) => log.push(line) });
};

describe('two configs in one n8n, default settings but the endpoint', () => {
	it('any sequence of pushes leaves both as their configs generate them, and nothing is shared', async () => {
		const first = configFile('first', {});
		const second = configFile('second', { mcpPath: 'ops', vault: { writePrefixes: ['ops/'] } });
		const n8n = new FakeN8n();
		const notes: string[] = [];
		const pushed = new Set<string>();
		for (const file of [first, second, first, second, second, first]) {
			await push(n8n, file, notes);
			pushed.add(file);
			for (const deployed of pushed) expectDeployed(n8n, deployed);
		}
		expect(notes.filter((line) => /share the name|also called by/.test(line))).toEqual([]);
		const generated = [...desiredDeployment(first).workflows, ...desiredDeployment(second).workflows].map((w) => w.body.name);
		expect(new Set(generated).size).toBe(generated.length);
		expect([...n8n.workflows.values()].map((w) => w.name).sort()).toEqual([...generated, PIPELINE].sort());
	});

	it('a config on a path another deployment serves: refused before anything is written', async () => {
		const n8n = new FakeN8n();
		await push(n8n, configFile('first', {}));
		n8n.calls.length = 0;
		const other = configFile('other', { workflowName: 'Other Tools', gatewayWorkflows: Object.fromEntries(GATEWAY_NAMES.map((gateway) => [gateway, `Other ${gateway}`])) });
		const error = await push(n8n, other).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(PushError);
		expect((error as PushError).message).toMatch(/^nothing was pushed: \/mcp\/hermes-tools \(of "Other Tools"\) is served by "Hermes MCP Tools" \(id W\d+\), which this config does not generate/);
		expect((error as PushError).hint).toMatch(/another mcpPath/);
		expect(n8n.writes).toEqual([]);
	});
});

describe('two projects on one endpoint: the project a tool workflow carries', () => {
	const pushAs = (n8n: FakeN8n, file: string, takeOver = false, log: string[] = []) => {
		const desired = desiredDeployment(file);
		return pushWorkflows(n8n.client, desired.workflows, { dataTables: desired.dataTables, log: (line) => log.push(line), takeOver });
	};

	// [case, the live deployment's project (undefined: none, null: nothing live), this config's project, --take-over, refused]
	it.each<[string, string | undefined | null, string | undefined, boolean, boolean]>([
		['nothing live yet', null, 'agents-a1b2c3', false, false],
		['the same project again', 'agents-a1b2c3', 'agents-a1b2c3', false, false],
		['another project', 'agents-a1b2c3', 'ops-d4e5f6', false, true],
		['another project, taken over on purpose', 'agents-a1b2c3', 'ops-d4e5f6', true, false],
		['a config without project over a project\'s deployment', 'agents-a1b2c3', undefined, false, true],
		['a project over a deployment no project made (an older push): adopted', undefined, 'agents-a1b2c3', false, false],
		['neither has a project', undefined, undefined, false, false],
	])('%s', async (_case, live, ours, takeOver, refused) => {
		const n8n = new FakeN8n();
		if (live !== null) await pushAs(n8n, configFile('live', live === undefined ? {} : { project: live }));
		n8n.calls.length = 0;
		const log: string[] = [];
		const outcome = await pushAs(n8n, configFile('ours', ours === undefined ? {} : { project: ours }), takeOver, log).catch((e: unknown) => e);
		if (refused) {
			expect(outcome).toBeInstanceOf(PushError);
			expect((outcome as PushError).message).toMatch(new RegExp(`^nothing was pushed: this config would update "Hermes MCP Tools" \\(id W\\d+\\) of the project "${live}"`));
			expect((outcome as PushError).hint).toMatch(/its own mcpPath .* or pass --take-over/);
			expect(n8n.writes).toEqual([]);
		} else {
			expect(outcome).not.toBeInstanceOf(Error);
			if (takeOver) expect(log).toContainEqual(expect.stringMatching(/^note: --take-over: updating "Hermes MCP Tools" \(id W\d+\) of the project "agents-a1b2c3" as the project "ops-d4e5f6"$/));
			const tools = [...n8n.workflows.values()].find((w) => w.name === 'Hermes MCP Tools')!;
			expect(tools.nodes.find((node) => node.name === 'MCP Server Trigger')?.notes).toBe(ours === undefined ? undefined : `hermes-workflows project: ${ours}. Generated from that project's catalogue: change it there and push.`);
		}
	});

	it('a dry run is refused alike: the plan is not a take-over', async () => {
		const n8n = new FakeN8n();
		await pushAs(n8n, configFile('a', { project: 'a-111111' }));
		const desired = desiredDeployment(configFile('b', { project: 'b-222222' }));
		await expect(pushWorkflows(n8n.client, desired.workflows, { dryRun: true })).rejects.toThrow(/of the project "a-111111"/);
	});
});

describe('remove', () => {
	async function twoDeployments(second: Record<string, unknown> = { mcpPath: 'ops' }) {
		const n8n = new FakeN8n();
		const files = { first: configFile('first', {}), second: configFile('second', second) };
		await push(n8n, files.first);
		await push(n8n, files.second);
		n8n.calls.length = 0;
		return { n8n, ...files };
	}
	const namesOf = (file: string) => desiredDeployment(file).workflows.map((w) => w.body.name);

	it("deletes one config's workflows, callers first, and nothing of the other", async () => {
		const { n8n, first, second } = await twoDeployments();
		const log: string[] = [];
		const report = await removeDeployment(n8n.client, desiredDeployment(second).workflows, { log: (line) => log.push(line) });
		expect(report.outcomes[0].name).toBe('Hermes MCP Tools (ops)');
		expect(report.outcomes.map((o) => [o.name, o.action]).sort()).toEqual(namesOf(second).map((name) => [name, 'deleted']).sort());
		for (const name of namesOf(second)) expect(n8n.byName(name)).toBeUndefined();
		expectDeployed(n8n, first);
		// Each unpublished, then deleted, as n8n 2.x requires.
		expect(n8n.writes).toEqual(report.outcomes.flatMap((o) => [`POST /workflows/${o.id}/deactivate`, `DELETE /workflows/${o.id}`]));
		expect(log[0]).toMatch(/^delete {2}Hermes MCP Tools \(ops\) \(id W\d+\)$/);
	});

	it('waits while n8n is still unpublishing a workflow, then deletes it; gives up after the bound, saying what n8n answered', async () => {
		const { n8n, second } = await twoDeployments();
		Object.assign(n8n, { options: { unpublishingDeletes: 2 } });
		const report = await removeDeployment(n8n.client, desiredDeployment(second).workflows);
		expect(report.outcomes.every((o) => o.action === 'deleted')).toBe(true);
		expect(n8n.writes.filter((w) => w.startsWith('DELETE'))).toHaveLength(3 * report.outcomes.length);
		const again = await twoDeployments();
		Object.assign(again.n8n, { options: { unpublishingDeletes: 1000 } });
		const error = await removeDeployment(again.n8n.client, desiredDeployment(again.second).workflows, { unpublishWaitMs: 300 }).catch((e: unknown) => e);
		expect((error as Error).message).toMatch(/answered 409: Workflow is still being unpublished/);
		// Real pauses: 100 + 200 ms for each of the config's workflows (a dozen with the create-once workflows).
	}, 20_000);

	it('--dry-run changes nothing and says what it would do; --unpublish keeps the workflows unpublished', async () => {
		const { n8n, second } = await twoDeployments();
		const log: string[] = [];
		const dry = await removeDeployment(n8n.client, desiredDeployment(second).workflows, { dryRun: true, log: (line) => log.push(line) });
		expect(n8n.writes).toEqual([]);
		expect(dry.outcomes.every((o) => o.action === 'deleted')).toBe(true);
		expect(log.every((line) => line.startsWith('would delete  '))).toBe(true);
		const unpublished = await removeDeployment(n8n.client, desiredDeployment(second).workflows, { unpublish: true });
		expect(unpublished.outcomes.every((o) => o.action === 'unpublished')).toBe(true);
		for (const name of namesOf(second)) expect(n8n.byName(name)?.active).toBe(false);
		const again = await removeDeployment(n8n.client, desiredDeployment(second).workflows, { unpublish: true });
		expect(again.outcomes.every((o) => o.action === 'not published')).toBe(true);
	});

	it('refused, with nothing changed, while another deployment calls one of its sub-workflows', async () => {
		const { n8n, first } = await twoDeployments({ mcpPath: 'ops', gatewayWorkflows: { vault: 'Hermes Gateway - Vault' } });
		const error = await removeDeployment(n8n.client, desiredDeployment(first).workflows).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(RemoveRefused);
		expect((error as RemoveRefused).message).toMatch(/^nothing was removed: "Hermes Gateway - Vault" \(id W\d+\) is still called by "Hermes MCP Tools \(ops\)" \(id W\d+\), outside this config$/);
		expect(n8n.writes).toEqual([]);
	});

	it('a config with nothing in n8n: every workflow absent, nothing written', async () => {
		const n8n = new FakeN8n();
		const report = await removeDeployment(n8n.client, desiredDeployment(configFile('c', { mcpPath: 'nowhere' })).workflows);
		expect(report.outcomes.every((o) => o.action === 'not in n8n')).toBe(true);
		expect(report.changed).toBe(false);
		expect(n8n.writes).toEqual([]);
	});

	it('names the data tables it keeps: the two stores, no lock table', async () => {
		const n8n = new FakeN8n();
		n8n.credentials.push({ id: 'C-mail', name: 'Approval Mail', type: 'smtp' });
		const file = configFile('approvals', { approvals: APPROVALS });
		await push(n8n, file);
		const log: string[] = [];
		const desired = desiredDeployment(file);
		const report = await removeDeployment(n8n.client, desired.workflows, { log: (line) => log.push(line), dataTables: desired.dataTables });
		const tables = ['hermes_approvals', 'hermes_creates'];
		expect(desired.dataTables.map((t) => t.name)).toEqual(tables);
		expect(report.keptDataTables).toEqual(tables);
		expect(log.at(-1)).toMatch(new RegExp(`^kept data tables ${tables.map((t) => `"${t}"`).join(', ')}: `));
		expect([...n8n.tables.values()].map((t) => t.name).sort()).toEqual([...tables].sort());
	});
});
