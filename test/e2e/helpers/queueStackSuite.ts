/**
 * The Hermes stack on n8n 2.41.1 in QUEUE mode: PostgreSQL, Redis, main + 2 workers + a
 * webhook process, the built package installed in every process's user folder, the workflows
 * deployed by `hermes-workflows push` through main. What queue mode changes is checked here:
 * main answers `tools/list`, workers run every `tools/call` (each worker ran some), and an MCP
 * session opened through main continues through the webhook process (sessions live in Redis).
 * And the contrast to routing2012.test.ts: the layouts with a disabled tool, which misroute on
 * 2.20.12 in queue mode, route every tool to itself here (fixed in the AI nodes of 2.21.5, shipped with n8n 2.22 and later).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CATALOGUE } from '../../helpers/defaultCatalogue';
import { N8N_VERSION } from '../../harness/n8n/cache';
import type { QueueN8nHandle } from '../../harness/queue/stack';
import { callTool, connectMcp, type McpSession } from './mcp';
import { jobsRunBy } from './pausedWorker';
import { openRawSession, rawRequest } from './rawMcp';
import { ROUTING_FIXTURES, ROUTING_LAYOUTS, RoutingProbes, routingTable } from './routingProbe';
import { STACK_NAMES, startStackWithClient, type HermesStack } from './stack';
import { callWithEvidence, gatewayAnswer, TOOL_CASES } from './toolCases';

/** Runs on the queue-mode n8n `startN8n` gives (main, 2 workers, a webhook process); kills a worker last. */
export function describeQueueStack(startN8n: () => Promise<QueueN8nHandle>): void {
	let stack: HermesStack<QueueN8nHandle>;
	let mcp: McpSession;
	let stopAll: (() => Promise<void>) | undefined;

	beforeAll(async () => {
		({ stack, mcp, stop: stopAll } = await startStackWithClient({ startN8n }));
	}, 600_000);

	afterAll(async () => {
		await stopAll?.();
	}, 180_000);

	it('runs main, two workers and a webhook process, each with its own log', () => {
		expect(stack.n8n.workers.map((w) => w.role)).toEqual(['worker', 'worker']);
		expect(stack.n8n.webhook?.role).toBe('webhook');
		const logs = [stack.n8n.main, ...stack.n8n.workers, stack.n8n.webhook].map((p) => p?.logFile);
		expect(new Set(logs).size).toBe(4);
		expect(stack.push.code).toBe(0);
	});

	it('tools/list through main lists exactly the catalogue tools', async () => {
		const { tools } = await mcp.client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
		expect(tools).toHaveLength(CATALOGUE.length);
	});

	describe('tool calls through main are answered by their own node (run on a worker)', () => {
		const picked = ['odoo_list_projects', 'crm_list_stages', 'vault_read', 'vault_write', 'monitoring_query', 'docker_read', 'content_generate'];
		it.each(TOOL_CASES.filter((c) => picked.includes(c.tool)).map((c) => [c.tool, c] as const))('%s', async (_tool, toolCase) => {
			toolCase.verify(await callWithEvidence(stack, mcp, toolCase.tool, toolCase.args));
		});
	});

	it('spreads calls over both workers (each worker log shows jobs it ran)', async () => {
		const before = stack.n8n.workers.map(jobsRunBy);
		const sessions = await Promise.all([1, 2, 3].map(() => connectMcp(stack.mcpUrl, stack.token)));
		try {
			// Bull hands each job to whichever worker takes it first: concurrent calls reach both.
			// A bounded number of rounds, each of 12 concurrent read calls.
			for (let round = 0; round < 5; round++) {
				const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => callTool(sessions[i % 3], 'crm_list_stages', {})));
				for (const answer of answers) expect(answer.text).toContain('Qualified');
				const ran = stack.n8n.workers.map((w, i) => jobsRunBy(w) - before[i]);
				if (ran.every((n) => n > 0)) break;
			}
		} finally {
			await Promise.all(sessions.map((s) => s.close()));
		}
		const ran = stack.n8n.workers.map((w, i) => jobsRunBy(w) - before[i]);
		process.stdout.write(`jobs per worker for the concurrent crm_list_stages calls: ${ran.join(' + ')}\n`);
		expect(ran.map((n) => n > 0)).toEqual([true, true]);
		expect(ran.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(12);
	});

	describe('cross-process: 20 concurrent vault_write calls through n8n, run by both workers', () => {
		let sessions: McpSession[] = [];
		let before: number[] = [];

		beforeAll(async () => {
			sessions = await Promise.all([1, 2, 3, 4].map(() => connectMcp(stack.mcpUrl, stack.token)));
			before = stack.n8n.workers.map(jobsRunBy);
		});

		afterAll(async () => {
			await Promise.all(sessions.map((s) => s.close()));
		});

		/** 20 calls started together, spread over four MCP sessions. */
		const burst = (args: (i: number) => Record<string, unknown>) =>
			Promise.all(Array.from({ length: 20 }, async (_, i) => gatewayAnswer(await callTool(sessions[i % sessions.length], 'vault_write', args(i)))));

		it('one base_hash: exactly one commit, 19 __STALE_READ__, the remote has the winner', async () => {
			const path = 'research/queue-race.md';
			stack.vault.commitFiles({ [path]: 'original\n' }, 'queue race seed', true);
			const read = gatewayAnswer(await callTool(mcp, 'vault_read', { path }));
			const commits = stack.vault.commitCount();
			const remoteCommits = stack.vault.remoteCommitCount();
			const contents = Array.from({ length: 20 }, (_, i) => `writer ${i} through a queue worker\n`);

			const answers = await burst((i) => ({ path, content: contents[i], base_hash: read.contentHash }));

			const winners = answers.flatMap((answer, i) => (answer.success === true ? [i] : []));
			expect(winners).toHaveLength(1);
			expect(answers.filter((answer) => answer.error === '__STALE_READ__')).toHaveLength(19);
			expect(stack.vault.commitCount()).toBe(commits + 1);
			expect(stack.vault.remoteCommitCount()).toBe(remoteCommits + 1);
			const remote = execFileSync('git', ['--git-dir', stack.vault.bare, 'show', `main:${path}`], { encoding: 'utf8' });
			expect(remote).toBe(contents[winners[0]]);
		});

		it('one new path: exactly one create, 19 __EXISTS__', async () => {
			const path = 'inbox/queue-create.md';
			const commits = stack.vault.commitCount();
			const answers = await burst((i) => ({ path, content: `creator ${i}\n` }));
			const winners = answers.flatMap((answer, i) => (answer.success === true ? [i] : []));
			expect(winners).toHaveLength(1);
			expect(answers.filter((answer) => answer.error === '__EXISTS__')).toHaveLength(19);
			expect(stack.vault.commitCount()).toBe(commits + 1);
			expect(readFileSync(join(stack.vault.root, path), 'utf8')).toBe(`creator ${winners[0]}\n`);
		});

		it('both workers ran some of the 40 writes (their own logs)', () => {
			const ran = stack.n8n.workers.map((w, i) => jobsRunBy(w) - before[i]);
			process.stdout.write(`jobs per worker for the 40 concurrent vault_write calls: ${ran.join(' + ')}\n`);
			expect(ran.map((n) => n > 0)).toEqual([true, true]);
			expect(ran.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(40);
		});
	});

	describe('an MCP session opened through main continues through the webhook process', () => {
		const path = `/mcp/${STACK_NAMES.mcpPath}`;

		it('tools/list and tools/call on the webhook process answer within the session main opened', async () => {
			const webhookUrl = stack.n8n.webhookUrl;
			if (!webhookUrl) throw new Error('no webhook process');
			const sessionId = await openRawSession(`${stack.n8n.baseUrl}${path}`, stack.token);

			const listed = await rawRequest(`${webhookUrl}${path}`, stack.token, sessionId, 'tools/list', {});
			expect(listed.status).toBe(200);
			const tools = (listed.message?.result as { tools: Array<{ name: string }> }).tools;
			expect(tools).toHaveLength(CATALOGUE.length);

			const called = await rawRequest(`${webhookUrl}${path}`, stack.token, sessionId, 'tools/call', { name: 'crm_list_stages', arguments: {} });
			expect(called.status).toBe(200);
			const content = (called.message?.result as { content: Array<{ text: string }> }).content;
			expect(content.map((c) => c.text).join('')).toContain('Qualified');
		});

		it('the webhook process refuses a session id nobody opened', async () => {
			const webhookUrl = stack.n8n.webhookUrl as string;
			const answer = await rawRequest(`${webhookUrl}${path}`, stack.token, 'not-a-session', 'tools/list', {});
			expect(answer.status).not.toBe(200);
		});
	});

	describe(`n8n ${N8N_VERSION}, queue mode: the layouts with a disabled tool route every tool to itself`, () => {
		let probes: RoutingProbes;

		beforeAll(async () => {
			probes = await RoutingProbes.prepare(stack.n8n, stack.token);
		});

		it.each(ROUTING_LAYOUTS)('%s', async (layout) => {
			const run = await probes.run(join(ROUTING_FIXTURES, layout));
			process.stdout.write(`${routingTable(`${run.workflow.name} (n8n ${stack.n8n.n8nVersion}, queue mode): ${Object.keys(run.observed).length} misrouted observed`, run.rows)}\n`);
			expect([...run.listed].sort()).toEqual([...run.enabled].sort());
			// HMT002 speaks of n8n 2.20 and older; on this version nothing is misrouted.
			expect(Object.keys(run.predicted).length).toBeGreaterThan(0);
			expect(run.observed).toEqual({});
		});
	});

	// Last in the file: one worker is left afterwards.
	describe('a worker killed (SIGKILL) while it runs a vault_write', () => {
		it('leaves no partial note and no partial commit, answers no false success, and the next write works', async () => {
			const path = 'inbox/queue-kill.md';
			const content = `# Written while its worker dies\n\n${'a line of the note\n'.repeat(2000)}`;
			const commits = stack.vault.commitCount();
			const before = stack.n8n.workers.map(jobsRunBy);
			const session = await connectMcp(stack.mcpUrl, stack.token);
			const sentAt = Date.now();
			// n8n does not answer a call whose worker died (the job is only marked failed once its lock
			// expires, and that is not relayed to the MCP caller): the client waits for its own timeout.
			const call = session.client.callTool({ name: 'vault_write', arguments: { path, content } }, undefined, { timeout: 30_000 }).then(
				(result) => ({ answered: true as const, text: ((result.content ?? []) as Array<{ text?: string }>).map((c) => c.text ?? '').join(''), isError: result.isError === true }),
				(error: unknown) => ({ answered: false as const, text: String(error), isError: true }),
			);
			// The worker that took the job logs it at once: kill that one.
			let victim = -1;
			for (const deadline = Date.now() + 30_000; victim < 0 && Date.now() < deadline; ) {
				victim = stack.n8n.workers.findIndex((w, i) => jobsRunBy(w) > before[i]);
				if (victim < 0) await new Promise((done) => setTimeout(done, 10));
			}
			expect(victim).toBeGreaterThanOrEqual(0);
			await stack.n8n.killWorker(victim, 'SIGKILL');
			const outcome = await call;
			const elapsed = Date.now() - sentAt;
			await session.close();

			const file = join(stack.vault.root, path);
			const onDisk = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
			const success = outcome.answered && !outcome.isError && /"success":\s*true/.test(outcome.text);
			process.stdout.write(
				`kill-a-worker: worker ${victim} killed; after ${elapsed} ms the client got ${outcome.answered ? `an answer (isError ${outcome.isError}): ${outcome.text.slice(0, 200)}` : `no answer: ${outcome.text.slice(0, 200)}`}; note ${onDisk === undefined ? 'absent' : 'complete'}; commits +${stack.vault.commitCount() - commits}\n`,
			);
			// Never a partial note, in the work tree or in a commit; nothing left uncommitted.
			expect(onDisk === undefined || onDisk === content).toBe(true);
			expect(stack.vault.git('status', '--porcelain')).toBe('');
			if (stack.vault.commitCount() > commits) expect(stack.vault.git('show', `HEAD:${path}`) === content).toBe(true);
			// A success is only ever answered for a note that is in the remote.
			if (success) expect(execFileSync('git', ['--git-dir', stack.vault.bare, 'show', `main:${path}`], { encoding: 'utf8' }) === content).toBe(true);

			// The surviving worker takes the next write.
			const next = gatewayAnswer(await callTool(mcp, 'vault_write', { path: 'inbox/queue-after-kill.md', content: 'after the kill\n' }));
			expect(next).toMatchObject({ success: true });
			expect(execFileSync('git', ['--git-dir', stack.vault.bare, 'show', 'main:inbox/queue-after-kill.md'], { encoding: 'utf8' })).toBe('after the kill\n');
		});
	});
}
