/**
 * Two deployments on one REAL n8n, both gating docker_manage and vault_write, with the approval
 * tables' default names, which they share: A is the approvals suite's own (on `hermes-tools`), B
 * is pushed beside it on `hermes-ops` with its own approver on a channel of its own (a real SMTP
 * server each, or a Telegram Bot API stand-in each). An approval belongs to the deployment that
 * asked for it: B's identical call asks B's approver, A's "yes" never runs B's call, A's denial
 * leaves B's request standing, and each deployment's per-tool cap counts its own requests.
 * Real: n8n, sshd, the git vault, the SMTP servers, Chromium deciding on each page. Stand-ins:
 * the `docker` command (it counts what ran), Odoo, Telegram's Bot API.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { recipientOf } from '../../../generator/approvals/notify';
import type { ApprovalChannel as ChannelConfig } from '../../../generator/config';
import type { BrowserHandle } from '../../harness/browser';
import { startApprovalChannel, type ApprovalChannel } from './approvalChannels';
import { callTool, connectMcp, type McpSession } from './mcp';
import { api } from './n8nRest';
import type { HermesStack } from './stack';

/** What the approvals suite lends: its deployment (A), and its own way to ask and decide, which counts A's requests. */
export interface DeploymentA {
	stack: HermesStack;
	channel: ApprovalChannel;
	browser: BrowserHandle;
	/** The public URL both deployments' links start with (the proxy in front of n8n). */
	publicUrl: string;
	tableId(): Promise<string>;
	call(tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
	/** A first call on A that must ask A's approver: its id and link. */
	request(tool: string, args: Record<string, unknown>): Promise<{ id: string; link: string }>;
	decide(approval: { link: string }, button: 'Approve' | 'Deny'): Promise<unknown>;
}

const A_PATH = 'hermes-tools';
const B_PATH = 'hermes-ops';
/** B's cap on new requests of one tool: low, so its case fills it with few rows. A's is the suite's 40. */
const B_CAP = 3;
const B_GATED = ['docker_manage', 'vault_write'];

const first = (value: unknown): Record<string, unknown> => ((Array.isArray(value) ? value[0] : value) ?? {}) as Record<string, unknown>;

export function describeTwoDeployments(deploymentA: () => DeploymentA): void {
	let a: DeploymentA;
	let channelB: ApprovalChannel;
	let mcpB: McpSession;
	let configB: string;
	let pageB: string;
	/** What each case saw, printed once at the end. */
	const observed: string[] = [];

	const callB = async (tool: string, args: Record<string, unknown>) => first((await callTool(mcpB, tool, args)).value);
	/** Calls of the docker stand-in since `since` that did `action` on `stack`. */
	const dockerRan = (since: number, action: string, stack: string) =>
		a.stack.docker
			.calls()
			.slice(since)
			.filter((argv) => argv.includes(action) && argv.includes(stack)).length;

	/** Requests of `deployment`'s docker_manage in the window, to the recipient it asks (denied, so none stands). */
	async function fillWindow(deployment: string, channel: ApprovalChannel, count: number): Promise<void> {
		const recipient = recipientOf(channel.config as ChannelConfig);
		const data = Array.from({ length: count }, (_, i) => ({
			approval_id: `${deployment}-filler-${i}`,
			deployment,
			tool: 'docker_manage',
			args_hash: `${deployment}-filler-${i}`,
			summary: 'filler',
			status: 'denied',
			expires_at: Date.now(),
			requested_at: Date.now(),
			recipient,
		}));
		await api(a.stack.n8n, 'POST', `/data-tables/${await a.tableId()}/rows`, { data, returnType: 'count' });
	}

	beforeAll(async () => {
		a = deploymentA();
		channelB = await startApprovalChannel(a.channel.kind, { name: ' B', email: 'ops-b@example.com', chatId: '434343' });
		await channelB.createCredential(a.stack.n8n);
		// A's config on another endpoint, B's own approver, and the approvals' default table names: shared with A.
		const config = JSON.parse(readFileSync(a.stack.configFile, 'utf8')) as Record<string, unknown>;
		configB = join(dirname(a.stack.configFile), 'ops.config.json');
		const approvals = { tools: B_GATED, channel: channelB.config, publicUrl: a.publicUrl, requestsPerWindow: B_CAP };
		writeFileSync(configB, `${JSON.stringify({ ...config, mcpPath: B_PATH, approvals }, null, 2)}\n`);
		const push = await a.stack.cli('push', '--config', configB);
		if (push.code !== 0) throw new Error(`push of B exited ${push.code}:\n${push.stdout}\n${push.stderr}`);
		process.stdout.write(`push --config ops.config.json beside A:\n${push.stdout}\n`);
		mcpB = await connectMcp(`${a.stack.n8n.baseUrl}/mcp/${B_PATH}`, a.stack.token);
		// The page path follows the endpoint where the config does not set it.
		pageB = `${a.publicUrl}/webhook/hermes-approval-${B_PATH}`;
	}, 300_000);

	afterAll(async () => {
		if (observed.length > 0) process.stdout.write(`two deployments on one n8n: case | A answered | B answered | notified A, B | runs\n${observed.join('\n')}\n`);
		await mcpB?.close();
		await channelB?.stop().catch(() => undefined);
		if (configB) await a.stack.cli('remove', '--config', configB);
	}, 120_000);

	it('the two deployments share one approval table, and no lock table', async () => {
		const tables = (await api<{ data: Array<{ name: string }> }>(a.stack.n8n, 'GET', '/data-tables')).data.map((t) => t.name);
		expect(tables.filter((name) => name === 'hermes_approvals')).toHaveLength(1);
		expect(tables.filter((name) => name.includes('lock'))).toEqual([]);
	});

	it("B's identical first call asks B's approver and answers B's own approval_id", async () => {
		const args = { action: 'restart', stack: 'web' };
		const onA = await a.request('docker_manage', args);
		const sentA = a.channel.count();
		const sentB = channelB.count();
		const onB = await callB('docker_manage', args);
		observed.push(`identical first call | REQUIRED ${onA.id} | ${String(onB.error)} ${String(onB.approval_id)} | ${a.channel.count() - sentA + 1}, ${channelB.count() - sentB} | -`);
		expect(onB).toMatchObject({ success: false, error: '__APPROVAL_REQUIRED__' });
		expect(onB.approval_id).not.toBe(onA.id);
		const link = await channelB.linkFor(String(onB.approval_id));
		expect(link.startsWith(pageB)).toBe(true);
		expect(channelB.messageFor(String(onB.approval_id))).toContain('docker_manage');
		expect(a.channel.count()).toBe(sentA);
	});

	it("A's approved approval_id sent on B is refused and runs nothing; B's page does not know it; on A it runs once", async () => {
		const args = { action: 'restart', stack: 'web' };
		const approval = await a.request('docker_manage', args);
		await a.decide(approval, 'Approve');
		const since = a.stack.docker.calls().length;
		const onB = await callB('docker_manage', { ...args, approval_id: approval.id });
		const ranOnB = dockerRan(since, 'restart', 'web');
		const pageOfB = await fetch(`${pageB}?id=${approval.id}`);
		const pageText = await pageOfB.text();
		const onA = await a.call('docker_manage', { ...args, approval_id: approval.id });
		observed.push(`A's approved id sent on B, then on A | ${onA.error === undefined ? 'ran' : String(onA.error)} | ${String(onB.error)} | 1, 0 | ${ranOnB} on B, ${dockerRan(since, 'restart', 'web') - ranOnB} on A`);
		expect(onB).toMatchObject({ success: false, error: '__APPROVAL_INVALID__', retry: 'change_arguments' });
		expect(ranOnB).toBe(0);
		expect({ status: pageOfB.status, shows: pageText.includes('Approve this call?') || pageText.includes('restart') }).toEqual({ status: 404, shows: false });
		expect(onA.error).toBeUndefined();
		expect(dockerRan(since, 'restart', 'web')).toBe(1);
	});

	it("a denial on A leaves B's identical request standing, and B's approver decides it", async () => {
		const args = { path: `research/two-deployments-${Date.now()}.md`, content: 'Written by B once B approved it', base_hash: '' };
		const onA = await a.request('vault_write', args);
		const sentB = channelB.count();
		const onB = await callB('vault_write', args);
		expect(onB).toMatchObject({ error: '__APPROVAL_REQUIRED__' });
		const idB = String(onB.approval_id);
		const linkB = await channelB.linkFor(idB);
		await a.decide(onA, 'Deny');
		const againB = await callB('vault_write', args);
		await a.browser.openAndClick(linkB, 'Approve');
		const doneB = await callB('vault_write', { ...args, approval_id: idB });
		observed.push(`vault_write denied on A | DENIED | ${String(againB.error)} then ${doneB.success === true ? 'ran' : String(doneB.error)} | 1, ${channelB.count() - sentB} | ${doneB.success === true ? 1 : 0} on B`);
		expect(againB).toMatchObject({ success: false, error: '__APPROVAL_REQUIRED__', approval_id: idB });
		expect(channelB.count() - sentB).toBe(1);
		expect(doneB).toMatchObject({ success: true });
		expect(a.stack.vault.git('show', `HEAD:${args.path}`)).toBe(args.content);
	});

	it("each deployment's per-tool cap counts its own requests", async () => {
		// A's requests fill B's cap in number, and B still asks its approver.
		await fillWindow(A_PATH, a.channel, B_CAP);
		const sentB = channelB.count();
		const underB = await callB('docker_manage', { action: 'restart', stack: 'blog' });
		expect(underB).toMatchObject({ error: '__APPROVAL_REQUIRED__' });
		await channelB.linkFor(String(underB.approval_id));
		// B's own requests fill its cap: B refuses, A (cap 40) still asks.
		await fillWindow(B_PATH, channelB, B_CAP);
		const overB = await callB('docker_manage', { action: 'stop', stack: 'blog' });
		const onA = await a.request('docker_manage', { action: 'stop', stack: 'blog' });
		observed.push(`cap of ${B_CAP}, filled by A then by B | REQUIRED | ${String(underB.error)} then ${String(overB.error)} ${String(overB.state)} | 1, ${channelB.count() - sentB} | 0`);
		expect(overB).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'rate_limited', retry: 'later' });
		expect(channelB.count() - sentB).toBe(1);
		await a.decide(onA, 'Deny');
	});
}
