/**
 * Approvals end to end, in a REAL n8n: the gated tools are called through the official MCP SDK
 * client, the person's notification arrives on a real SMTP server (email) or a Telegram Bot API
 * stand-in (nothing real can run here), and the person decides on the approval page in headless
 * Debian Chromium, so the decision is the page's own form POST. The page is reached through a
 * reverse proxy (test/harness/accessLogProxy.ts) that sets X-Forwarded-For and keeps an access
 * log, as one in front of n8n would. Odoo and the docker command are stand-ins (see stack.ts);
 * they count what was executed. The gates' checks run in the real nodes: the Hermes Docker and
 * Hermes Vault nodes over real SSH (their Check Only setting; the vault is a real git work tree)
 * and the Hermes Odoo node's read.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { QueueN8nHandle } from '../../harness/queue/stack';
import { startQueueN8n } from '../../harness/queue/stack';
import type { N8nHandle } from '../../harness/n8n';
import { callTool, type McpSession, type ToolAnswer } from './mcp';
import { recipientOf } from '../../../generator/approvals/notify';
import { api, createPublishedWorkflow, getExecution, listExecutions, listWorkflows } from './n8nRest';
import { startStackWithClient, type HermesStack } from './stack';
import type { ApprovalChannel as ChannelConfig } from '../../../generator/config';
import { startApprovalChannel, type ApprovalChannel, type ChannelKind } from './approvalChannels';
import { DESKTOP, launchBrowser, PHONE, type BrowserHandle, type PageResult } from '../../harness/browser';
import { startAccessLogProxy, type AccessLogProxy } from '../../harness/accessLogProxy';
import { CONTINUATION, FINDINGS, FLAG, MARK_CLOSE, MARK_OPEN } from '../../../generator/approvals/display';
import { describeTwoDeployments } from './twoDeploymentsSuite';
import { pausedMidInsert } from './pausedWorker';

export type Engine = 'regular' | 'queue';

const TABLE = 'hermes_approvals';
const PAGE_PATH = 'hermes-approval';
/** The deployment this suite's gates file their requests under: its endpoint. */
const DEPLOYMENT = 'hermes-tools';
/**
 * New requests a tool may make in the window: above what this file asks of one tool, so only
 * the cap's own case (which fills the window first) meets it.
 */
const CAP = 40;
/** The cap per person, over all tools: above what the suite's own requests reach in an hour, so only its own case meets it. */
const PERSON_CAP = 150;

interface Approval {
	id: string;
	link: string;
	secret: string;
	answer: Record<string, unknown>;
}

/** A gated tool, how to make a fresh target for it, and how to count what it executed. */
interface GatedCase {
	tool: string;
	args(stack: HermesStack): Record<string, unknown>;
	/** Other arguments for the same tool. */
	other(args: Record<string, unknown>): Record<string, unknown>;
	/** Executions of the tool's action seen by the stand-in since `mark`. */
	executed(stack: HermesStack, mark: Mark, args: Record<string, unknown>): number;
	/** What the notification must show of the target as it is now. */
	targetShows(stack: HermesStack, args: Record<string, unknown>): string[];
}

interface Mark {
	odoo: number;
	docker: number;
}

const mark = (stack: HermesStack): Mark => ({ odoo: stack.odoo.calls.length, docker: stack.docker.calls().length });

function odooDeletes(model: string, idKey: string): GatedCase['executed'] {
	return (stack, since, args) =>
		stack.odoo.objectCallsSince(since.odoo).filter((c) => c.model === model && c.modelMethod === 'unlink' && (c.ids ?? []).includes(Number(args[idKey]))).length;
}

function createRecord(stack: HermesStack, model: string, vals: Record<string, unknown>): number {
	const [id] = stack.odoo.store.execute({ model, method: 'create', params: { vals_list: [vals] } }) as number[];
	return id;
}

let sequence = 0;
export const GATED_CASES: GatedCase[] = [
	{
		tool: 'crm_delete_lead',
		args: (stack) => ({ lead_id: createRecord(stack, 'crm.lead', { name: `Approval lead ${++sequence}`, type: 'opportunity', partner_id: 2, stage_id: 1 }) }),
		other: (args) => ({ lead_id: Number(args.lead_id) + 1000 }),
		executed: odooDeletes('crm.lead', 'lead_id'),
		targetShows: (stack, args) => [String(stack.odoo.store.get('crm.lead', Number(args.lead_id))?.name)],
	},
	{
		tool: 'timesheet_delete',
		args: (stack) => ({
			line_id: createRecord(stack, 'account.analytic.line', { name: `Approval line ${++sequence}`, date: '2026-01-07', unit_amount: 1, project_id: 1, employee_id: 1 }),
		}),
		other: (args) => ({ line_id: Number(args.line_id) + 1000 }),
		executed: odooDeletes('account.analytic.line', 'line_id'),
		targetShows: (stack, args) => [String(stack.odoo.store.get('account.analytic.line', Number(args.line_id))?.name), '2026-01-07'],
	},
	{
		tool: 'docker_manage',
		// Stacks of the stand-in's state; each test counts only the calls made since its own mark.
		args: () => ({ action: 'restart', stack: 'blog' }),
		other: (args) => ({ action: args.action, stack: 'web' }),
		executed: (stack, since, args) =>
			stack.docker
				.calls()
				.slice(since.docker)
				.filter((argv) => argv.includes(String(args.stack)) && argv.includes(String(args.action))).length,
		// The stack's container, as the node's status read reports it.
		targetShows: () => ['blog-ghost-1'],
	},
	{
		tool: 'vault_write',
		// A new note each time (real sshd and git vault): checked by the vault node's Check Only.
		// One line: the display tests (display.test.ts) cover multi-line text.
		args: () => ({ path: `research/approval-${++sequence}.md`, content: `Approved note ${sequence}`, base_hash: '' }),
		other: (args) => ({ ...args, path: String(args.path).replace('.md', '-other.md') }),
		executed: (stack, _since, args) => stack.vault.git('log', '--format=%s', '--', String(args.path)).split('\n').filter((line) => line.startsWith('vault: write')).length,
		targetShows: () => ['exists: false'],
	},
];

/**
 * Gated here as a config choice (approvals.tools), for its free text: what the agent writes in a
 * lead's description is shown to the person as it is.
 */
const TEXT_TOOL = 'crm_update_lead';

/** Text an agent may send, what the person must see of it, and the finding named under it. */
const DISPLAY_CASES: Array<{ what: string; value: string; shown: string; finding: keyof typeof FINDINGS }> = [
	{ what: '190 trailing spaces', value: `Call back Monday${' '.repeat(190)}`, shown: `Call back Monday${MARK_OPEN}190 spaces${MARK_CLOSE}`, finding: 'spaces' },
	{ what: 'a zero-width space', value: 'Call\u200Bback', shown: `Call${MARK_OPEN}U+200B zero-width space${MARK_CLOSE}back`, finding: 'invisible' },
	{ what: 'a Cyrillic look-alike', value: 'Big D\u0435al', shown: `Big D${MARK_OPEN}\u0435 U+0435 Cyrillic${MARK_CLOSE}al`, finding: 'mixed' },
];

const first = (answer: ToolAnswer): Record<string, unknown> => {
	const value = Array.isArray(answer.value) ? answer.value[0] : answer.value;
	return (value ?? {}) as Record<string, unknown>;
};

/** `lease`: an n8n to use instead of booting one for `engine` (helpers/sharedN8n.ts); the stack's stop empties it. */
export function describeApprovals(engine: Engine, channelKind: ChannelKind, lease?: () => Promise<N8nHandle>): void {
	jest.setTimeout(180_000);

	let stack: HermesStack;
	let mcp: McpSession;
	let channel: ApprovalChannel;
	let browser: BrowserHandle;
	let pageBase: string;
	let proxy: AccessLogProxy;
	/** Page URLs the test itself sent with a secret in the query (the link format of old gates). */
	const oldStyleUrls: string[] = [];
	let stopAll: (() => Promise<void>) | undefined;
	/** What each case saw, printed once at the end: the answers and the stand-in's executions. */
	const observed: string[] = [];
	const observe = (tool: string, what: string, seen: Array<Record<string, unknown>>, executions: number, notifications?: number) => {
		const counts = new Map<string, number>();
		for (const answer of seen) {
			const key = typeof answer.error === 'string' ? answer.error : 'executed';
			counts.set(key, (counts.get(key) ?? 0) + 1);
		}
		observed.push(`${tool} | ${what} | ${[...counts].map(([key, n]) => (n > 1 ? `${n}x ${key}` : key)).join(', ')} | ${executions} | ${notifications ?? '-'}`);
	};
	/** What the person was shown in the display cases and after a decision, printed once at the end. */
	const shownToPerson: string[] = [];
	/** Every MCP answer text of this file, to look for secrets in. */
	const answers: string[] = [];
	/** One per request the person was sent (an identical pending call is answered with its request). */
	const secrets: string[] = [];
	const requested = new Set<string>();

	const webhookBase = (n8n: N8nHandle) => (n8n as QueueN8nHandle).webhookUrl ?? n8n.baseUrl;

	beforeAll(async () => {
		channel = await startApprovalChannel(channelKind);
		browser = await launchBrowser();
		const queue = engine === 'queue' ? { startN8n: () => startQueueN8n({ workers: 2, webhook: true }) } : {};
		({ stack, mcp, stop: stopAll } = await startStackWithClient({
			...queue,
			...(lease ? { startN8n: lease } : {}),
			beforePush: async (n8n) => {
				proxy = await startAccessLogProxy(webhookBase(n8n));
				await channel.createCredential(n8n);
			},
			config: () => ({
				approvals: { tools: [...GATED_CASES.map((c) => c.tool), TEXT_TOOL], channel: channel.config, publicUrl: proxy.url, pagePath: PAGE_PATH, table: TABLE, requestsPerWindow: CAP, requestsPerPerson: PERSON_CAP },
			}),
		}));
		pageBase = `${proxy.url}/webhook/${PAGE_PATH}`;
		// A failed push never publishes the page: say why rather than time out on it.
		if (stack.push.code !== 0) throw new Error(`push exited ${stack.push.code}:\n${stack.push.stdout}\n${stack.push.stderr}`);
		await waitForPage(pageBase);
	}, 420_000);

	afterAll(async () => {
		if (observed.length > 0) process.stdout.write(`approvals, ${engine} mode, ${channelKind}: tool | case | answers | executions the stand-in saw | notifications the person received\n${observed.join('\n')}\n`);
		if (shownToPerson.length > 0) process.stdout.write(`approvals, ${engine} mode, ${channelKind}: what the person was shown\n${shownToPerson.join('\n')}\n`);
		await stopAll?.();
		await channel?.stop().catch(() => undefined);
		await browser?.close();
		await proxy?.close();
	}, 120_000);

	// Each case stands alone: a request one case left approved, used or denied would answer the
	// identical call of the next (a standing request, a remembered denial), as it should in use.
	afterEach(async () => {
		if (!stack) return;
		const table = await approvalTable(stack);
		const all = JSON.stringify({ type: 'and', filters: [{ columnName: 'approval_id', condition: 'neq', value: '' }] });
		await api(stack.n8n, 'DELETE', `/data-tables/${table.id}/rows/delete?filter=${encodeURIComponent(all)}`);
	});

	async function call(tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
		const answer = await callTool(mcp, tool, args);
		answers.push(answer.text);
		return first(answer);
	}

	/** First call: nothing runs, the person is notified with the link. */
	async function request(tool: string, args: Record<string, unknown>): Promise<Approval> {
		const answer = await call(tool, args);
		expect(answer).toMatchObject({ success: false, error: '__APPROVAL_REQUIRED__', retry: 'after_approval' });
		const id = String(answer.approval_id);
		const link = await channel.linkFor(id);
		// The id in the query, the secret in the fragment, which no browser sends.
		const url = new URL(link);
		expect(url.search).toBe(`?id=${id}`);
		const secret = new URLSearchParams(url.hash.slice(1)).get('s') ?? '';
		if (!requested.has(id)) secrets.push(secret);
		requested.add(id);
		return { id, link, secret, answer };
	}

	/** The person opens the link in a browser and clicks a button: the page's own form POST. */
	async function decide(approval: Approval, button: 'Approve' | 'Deny'): Promise<PageResult> {
		const page = await browser.openAndClick(approval.link, button);
		expect(page.status).toBe(200);
		return page;
	}

	/** A fresh target for the tool, requested and approved on the page; `before` marks the stand-ins first. */
	async function approvedRequest(gated: GatedCase): Promise<{ args: Record<string, unknown>; before: Mark; approval: Approval; page: PageResult }> {
		const args = gated.args(stack);
		const before = mark(stack);
		const approval = await request(gated.tool, args);
		const page = await decide(approval, 'Approve');
		return { args, before, approval, page };
	}

	/**
	 * Runs `use` with `count` requests of this window already in the store (denied, so none
	 * stands), then moves them out of the window for the cases after it.
	 */
	async function withRequestsInWindow(count: number, row: (i: number) => Record<string, unknown>, use: () => Promise<void>): Promise<void> {
		const table = await approvalTable(stack);
		const filler = `filler ${++sequence}`;
		await api(stack.n8n, 'POST', `/data-tables/${table.id}/rows`, {
			data: Array.from({ length: count }, (_, i) => ({ summary: filler, status: 'denied', expires_at: Date.now(), requested_at: Date.now(), ...row(i) })),
			returnType: 'count',
		});
		try {
			await use();
		} finally {
			await api(stack.n8n, 'PATCH', `/data-tables/${table.id}/rows/update`, {
				filter: { type: 'and', filters: [{ columnName: 'summary', condition: 'eq', value: filler }] },
				data: { requested_at: 0 },
			});
		}
	}

	it('push deployed the gates and the page, and created the approval table', async () => {
		expect(stack.push.code).toBe(0);
		const names = (await listWorkflows(stack.n8n)).map((w) => w.name);
		expect(names).toEqual(expect.arrayContaining(['Hermes Approval Page', ...GATED_CASES.map((c) => `Hermes Approval - ${c.tool}`)]));
		const tables = await api<{ data: Array<{ name: string }> }>(stack.n8n, 'GET', '/data-tables');
		// The store and nothing else: identical calls are told apart by their own rows.
		expect(tables.data.map((t) => t.name)).toContain(TABLE);
		expect(tables.data.map((t) => t.name).filter((name) => name.includes('lock'))).toEqual([]);
	});

	it('a second push changes nothing, and diff finds the deployment in sync (gates, page, table, caller lists)', async () => {
		const again = await stack.cli('push');
		expect(again.code).toBe(0);
		expect(again.stdout).toContain('no change');
		expect(again.stdout).toContain(`unchanged data table ${TABLE}`);
		const diff = await stack.cli('diff');
		expect(diff.code).toBe(0);
	});

	it('doctor: every check ok, approvals included (table, page, public URL)', async () => {
		const doctor = await stack.cli('doctor', '--format', 'json', '--token', stack.token, '--mode', engine);
		const report = JSON.parse(doctor.stdout) as { checks: Array<{ id: string; status: string; message: string }> };
		expect(report.checks.filter((c) => c.status !== 'ok')).toEqual([]);
		expect(report.checks.map((c) => c.id)).toContain('approvals');
		expect(doctor.code).toBe(0);
	});

	it('tools/list gives each gated tool its own parameters plus an optional approval_id', async () => {
		const { tools } = await mcp.client.listTools();
		for (const gated of GATED_CASES) {
			const listed = tools.find((t) => t.name === gated.tool);
			const schema = listed?.inputSchema as { properties?: Record<string, unknown>; required?: string[] };
			expect(Object.keys(schema.properties ?? {})).toContain('approval_id');
			expect(schema.required ?? []).not.toContain('approval_id');
			expect(listed?.description).toContain('__APPROVAL_REQUIRED__');
		}
	});

	describe.each(GATED_CASES)('$tool', (gated) => {
		it('first call executes nothing and notifies the person with what will be done', async () => {
			const args = gated.args(stack);
			const before = mark(stack);
			const approval = await request(gated.tool, args);
			expect(approval.answer).toMatchObject({ summary: expect.stringContaining(gated.tool), expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
			expect(approval.answer).not.toHaveProperty('secret');
			const message = channel.messageFor(approval.id);
			expect(message).toContain(gated.tool);
			for (const value of Object.values(args)) expect(message).toContain(String(value));
			// The target as it is now, read when the request was made.
			for (const shown of gated.targetShows(stack, args)) expect(message).toContain(shown);
			expect(gated.executed(stack, before, args)).toBe(0);
			observe(gated.tool, 'first call', [approval.answer], gated.executed(stack, before, args));
		});

		it('approve -> the second call executes exactly once; a replay is refused', async () => {
			const { args, before, approval, page } = await approvedRequest(gated);
			expect(page.text).toContain('Approved');
			expect(gated.executed(stack, before, args)).toBe(0);
			const done = await call(gated.tool, { ...args, approval_id: approval.id });
			expect(done.error).toBeUndefined();
			expect(gated.executed(stack, before, args)).toBe(1);
			// The page tells the person what happened.
			const after = await browser.openOnly(`${pageBase}?id=${approval.id}`);
			expect(after.text).toContain('Approved; the call ran and succeeded.');
			const replay = await call(gated.tool, { ...args, approval_id: approval.id });
			expect(replay).toMatchObject({ success: false, error: '__APPROVAL_INVALID__', retry: 'change_arguments', hint: expect.stringContaining('already used') });
			expect(gated.executed(stack, before, args)).toBe(1);
			observe(gated.tool, 'approve, call, replay', [done, replay], gated.executed(stack, before, args));
		});

		it('other arguments with an approved id -> refused, nothing executed, and the approval still stands for its own call', async () => {
			const { args, before, approval } = await approvedRequest(gated);
			// The identical first call while the approval stands unused: its id again, nobody asked.
			const sent = channel.count();
			const again = await call(gated.tool, args);
			expect(again).toMatchObject({ success: false, error: '__APPROVAL_REQUIRED__', approval_id: approval.id, hint: expect.stringContaining('already approved') });
			expect(channel.count()).toBe(sent);
			const other = gated.other(args);
			const refused = await call(gated.tool, { ...other, approval_id: approval.id });
			expect(refused).toMatchObject({ error: '__APPROVAL_INVALID__', hint: expect.stringContaining('other arguments') });
			expect(gated.executed(stack, before, other)).toBe(0);
			expect(gated.executed(stack, before, args)).toBe(0);
			observe(gated.tool, 'approve, other arguments', [refused], gated.executed(stack, before, other) + gated.executed(stack, before, args));
		});

		it('deny -> refused with __APPROVAL_DENIED__, nothing executed', async () => {
			const args = gated.args(stack);
			const before = mark(stack);
			const approval = await request(gated.tool, args);
			const page = await decide(approval, 'Deny');
			expect(page.text).toContain('Denied');
			const refused = await call(gated.tool, { ...args, approval_id: approval.id });
			expect(refused).toMatchObject({ success: false, error: '__APPROVAL_DENIED__', retry: 'never_here' });
			// The identical first call again: the denial, with its time; nobody is asked again.
			const sent = channel.count();
			const again = await call(gated.tool, args);
			expect(again).toMatchObject({ success: false, error: '__APPROVAL_DENIED__', approval_id: approval.id, retry: 'never_here', hint: expect.stringContaining('denied this exact call at') });
			expect(channel.count()).toBe(sent);
			expect(gated.executed(stack, before, args)).toBe(0);
			observe(gated.tool, 'deny, then the same call again', [refused, again], gated.executed(stack, before, args), channel.count() - sent);
		});

		it('expired -> refused, nothing executed (the request is aged in the store)', async () => {
			const { args, before, approval } = await approvedRequest(gated);
			await ageRequest(stack, approval.id);
			const refused = await call(gated.tool, { ...args, approval_id: approval.id });
			expect(refused).toMatchObject({ error: '__APPROVAL_INVALID__', hint: expect.stringContaining('expired') });
			expect(gated.executed(stack, before, args)).toBe(0);
			observe(gated.tool, 'approve, expire', [refused], gated.executed(stack, before, args));
		});

		it('a GET of the link (a preview, a scanner), a HEAD, a GET with the old &s= query, or a POST with a wrong or no secret decides nothing', async () => {
			const args = gated.args(stack);
			const before = mark(stack);
			const approval = await request(gated.tool, args);
			// What a link preview or a mail scanner does: fetch the page, follow nothing.
			const preview = await fetch(approval.link, { redirect: 'manual' });
			expect(preview.status).toBe(200);
			expect(await preview.text()).toContain('Approve this call?');
			const head = await fetch(approval.link, { method: 'HEAD' });
			await head.body?.cancel();
			const oldStyle = `${pageBase}?id=${approval.id}&s=${approval.secret}`;
			oldStyleUrls.push(new URL(oldStyle).pathname + new URL(oldStyle).search);
			const old = await fetch(oldStyle);
			expect(old.status).toBe(200);
			await old.body?.cancel();
			const forged = await postDecision(pageBase, approval.id, 'f'.repeat(64), 'approve');
			expect(forged.status).toBe(409);
			const noSecret = await postDecision(pageBase, approval.id, '', 'approve');
			expect(noSecret.status).toBe(409);
			// Still open: the page offers the decision, and the second call is told nobody decided.
			const page = await browser.openOnly(`${pageBase}?id=${approval.id}`);
			expect(page.text).toContain('Approve this call?');
			expect(page.text).toContain('Valid until');
			const pending = await call(gated.tool, { ...args, approval_id: approval.id });
			expect(pending).toMatchObject({ error: '__APPROVAL_REQUIRED__', retry: 'after_approval', hint: expect.stringContaining('No one has decided yet') });
			expect(gated.executed(stack, before, args)).toBe(0);
			observe(gated.tool, 'GET, HEAD, old query, wrong or no secret', [pending], gated.executed(stack, before, args));
		});

		it('10 concurrent second calls -> exactly one executes', async () => {
			const { args, before, approval } = await approvedRequest(gated);
			const results = await Promise.all(Array.from({ length: 10 }, () => call(gated.tool, { ...args, approval_id: approval.id })));
			const refused = results.filter((r) => r.error === '__APPROVAL_INVALID__');
			expect(refused).toHaveLength(9);
			expect(gated.executed(stack, before, args)).toBe(1);
			observe(gated.tool, '10 concurrent calls', results, gated.executed(stack, before, args));
		});
	});

	it('the decision records when, from which address and with which browser, and the page shows it afterwards', async () => {
		const startedAt = Date.now();
		const { approval, page } = await approvedRequest(GATED_CASES[0]);
		const record = (text: string) => ({
			decided: /Decided\s+(\S+)/.exec(text)?.[1],
			address: /From the address \(X-Forwarded-For\)\s+(\S+)/.exec(text)?.[1],
			agent: /With the browser \(User-Agent\)\s+(.+)/.exec(text)?.[1],
		});
		const shown = record(page.text);
		// The proxy in front of n8n appended the browser's address, as nginx does.
		expect(shown).toEqual({ decided: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/), address: '127.0.0.1', agent: expect.stringContaining('HeadlessChrome') });
		const decidedAt = Date.parse(shown.decided!);
		expect(decidedAt).toBeGreaterThanOrEqual(startedAt - 1_000);
		expect(decidedAt).toBeLessThanOrEqual(Date.now());
		// Later, the request's page by its id alone: decided, the same record, no form.
		const later = await browser.openOnly(`${pageBase}?id=${approval.id}`);
		expect(later.status).toBe(200);
		expect(later.text).toContain('Approved: the agent has not run it yet, and may run this call once.');
		expect(later.text).not.toContain('Approve this call?');
		expect(record(later.text)).toEqual(shown);
		expect(later.text).not.toContain('Valid until');
		shownToPerson.push(`--- page after the decision, GET by id:\n${later.text}`);
		const table = await approvalTable(stack);
		const rows = await api<{ data: Array<Record<string, unknown>> }>(stack.n8n, 'GET', `/data-tables/${table.id}/rows?limit=250`);
		const row = rows.data.find((r) => r.approval_id === approval.id)!;
		expect({ address: row.decided_address, agent: row.decided_user_agent }).toEqual({ address: '127.0.0.1', agent: shown.agent });
	});

	it('the page cannot be framed by another site, and the secret field is filled by its script', async () => {
		const approval = await request('docker_manage', GATED_CASES[2].args(stack));
		const page = await browser.openOnly(approval.link);
		expect(page.headers['x-frame-options']).toBe('DENY');
		// n8n 2.41 replaces a workflow's Content-Security-Policy header with its own sandbox policy.
		expect(page.headers['content-security-policy']).toMatch(/^sandbox /);
		expect(page.headers['cache-control']).toBe('no-store');
		expect(page.text).toContain('Approve this call?');
		// The script (allowed by the page's own policy) hid the field it filled from the fragment.
		expect(page.text).not.toContain('Secret: the text after');
		const framed = await browser.openFramed(approval.link);
		expect(framed.text).not.toContain('Approve this call?');
		expect(framed.url).not.toContain(PAGE_PATH);
		// Another site open in the person's browser cannot read the request: n8n answers its Origin with the page's own.
		const foreign = await fetch(`${pageBase}?id=${approval.id}`, { headers: { Origin: 'http://attacker.example' } });
		await foreign.text();
		expect(foreign.headers.get('access-control-allow-origin')).toBe(new URL(pageBase).origin);
		// Decided, so that no later identical call is answered with this pending request.
		await decide(approval, 'Deny');
	});

	describe.each(DISPLAY_CASES)('an argument with $what', ({ value, shown, finding }) => {
		it('is shown visibly and flagged, in the notification and on the page; nothing runs', async () => {
			const leadId = createRecord(stack, 'crm.lead', { name: `Display lead ${++sequence}`, type: 'opportunity', partner_id: 2, stage_id: 1 });
			const before = mark(stack);
			const approval = await request(TEXT_TOOL, { lead_id: leadId, field: 'description', value });
			const line = `value = "${shown}"`;
			const flag = `${FLAG} value: ${FINDINGS[finding]}`;
			const message = channel.messageFor(approval.id);
			expect(message).toContain(line);
			expect(message).toContain(flag);
			expect(message).toContain('Target, as read when the call was made:');
			const page = await browser.openOnly(approval.link);
			expect(page.text).toContain(line);
			expect(page.text).toContain(flag);
			const writes = stack.odoo.objectCallsSince(before.odoo).filter((c) => c.model === 'crm.lead' && c.modelMethod === 'write');
			expect(writes).toEqual([]);
			observe(TEXT_TOOL, `first call, ${finding}`, [approval.answer], writes.length);
			shownToPerson.push(`--- ${finding}: ${channelKind} notification:\n${message.replace(/#s=[0-9a-f]+/, '#s=<secret>')}\n--- ${finding}: page:\n${page.text}`);
		});
	});

	it('a 25-line meeting note of 2,600 characters: asked about line by line, in full on the page, approved and written as sent', async () => {
		const path = `research/meeting-${++sequence}.md`;
		const lines = Array.from({ length: 25 }, (_, i) => `${i + 1}. ${'Discussed the roadmap and who owns each part of it. '.repeat(2).trimEnd()}`);
		const content = lines.join('\n');
		expect(content.length).toBeGreaterThan(2600);
		const approval = await request('vault_write', { path, content, base_hash: '' });
		// The message cuts the note and says where it is whole; a line feed is a new line, never a mark.
		const message = channel.messageFor(approval.id);
		expect(message).toContain(`content = "${lines[0]}`);
		expect(message).toContain('the approval page shows this argument in full');
		expect(message).not.toContain('line feed');
		const page = await browser.openOnly(approval.link);
		expect(page.text).toContain(`content = "${lines[0]}`);
		for (const line of lines.slice(1)) expect(page.text).toContain(`${CONTINUATION}${line}`);
		expect(page.text).not.toContain('line feed');
		await decide(approval, 'Approve');
		const written = await call('vault_write', { path, content, base_hash: '', approval_id: approval.id });
		expect(written).toMatchObject({ success: true });
		expect(stack.vault.git('show', `HEAD:${path}`)).toBe(content);
		observe('vault_write', 'a 25-line note, approved, called', [approval.answer, written], 1);
		shownToPerson.push(`--- a 25-line note: ${channelKind} notification:\n${message.replace(/#s=[0-9a-f]+/, '#s=<secret>')}`);
	});

	describe("what will change comes first; the target is on a phone's first screen", () => {
		/** Where the docs' pictures and messages are written, when a person regenerates them (HERMES_APPROVAL_SHOTS=<folder>). */
		const shots = process.env.HERMES_APPROVAL_SHOTS;
		const SECTIONS = ['#changes', '#target', '#arguments'];

		/** The page at a phone's and a desktop's size: the sections in order, the target on the first screen. */
		async function onScreens(link: string, name: string, hasChanges: boolean): Promise<void> {
			for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
				const page = await browser.openSized(link, viewport, SECTIONS, shots ? join(shots, `${name}-${size}.png`) : undefined);
				const { '#changes': changes, '#target': target, '#arguments': args } = page.boxes;
				expect([size, target !== undefined && target.top < viewport.height]).toEqual([size, true]);
				expect([size, args !== undefined && target !== undefined && target.top < args.top]).toEqual([size, true]);
				if (hasChanges) expect([size, changes !== undefined && target !== undefined && changes.top < target.top && changes.top < viewport.height]).toEqual([size, true]);
				else expect(changes).toBeUndefined();
			}
		}

		function inOrder(message: string, headings: string[]): void {
			const at = headings.map((h) => message.indexOf(h));
			expect(at.every((i) => i >= 0)).toBe(true);
			expect([...at].sort((a, b) => a - b)).toEqual(at);
		}

		const record = (name: string, message: string) => {
			if (shots) writeFileSync(join(shots, `${name}-message.txt`), message.replace(/#s=[0-9a-f]+/, '#s=<secret>'));
		};

		it('a vault overwrite: the lines that go and come, against the note as read, before the target and the arguments', async () => {
			const path = `research/overwrite-${++sequence}.md`;
			const before = '# Standup\n\n- Ship the release on Friday\n- Ana reviews the docs\n';
			stack.vault.commitFiles({ [path]: before }, 'a note a person wrote', true);
			const after = '# Standup\n\n- Ship the release on Monday\n- Ana reviews the docs\n- Ben tests the install\n';
			const hash = createHash('sha256').update(before).digest('hex').slice(0, 12);
			const approval = await request('vault_write', { path, content: after, base_hash: hash });
			const message = channel.messageFor(approval.id);
			inOrder(message, ['What will change:', '  - "- Ship the release on Friday"', '  + "- Ship the release on Monday"', '  + "- Ben tests the install"', 'Target, as read when the call was made:', 'Arguments (']);
			await onScreens(approval.link, 'vault-overwrite', true);
			record('vault-overwrite', message);
			await decide(approval, 'Deny');
		});

		it("an Odoo update: the field's value now and the value it gets", async () => {
			const leadId = createRecord(stack, 'crm.lead', { name: `Quarterly renewal ${++sequence}`, type: 'opportunity', partner_id: 2, stage_id: 1, probability: 20 });
			const approval = await request(TEXT_TOOL, { lead_id: leadId, field: 'probability', value: '60' });
			inOrder(channel.messageFor(approval.id), ['What will change:', '  probability: 20 \u2192 60', 'Target, as read when the call was made:', 'Arguments (']);
			await decide(approval, 'Deny');
		});

		it('a lead deletion: the record that goes, as the target, on the first screen', async () => {
			const leadId = createRecord(stack, 'crm.lead', { name: 'ACME renewal 2027', type: 'opportunity', partner_id: 2, stage_id: 1, expected_revenue: 48000 });
			const approval = await request('crm_delete_lead', { lead_id: leadId });
			const message = channel.messageFor(approval.id);
			inOrder(message, ['Target, as read when the call was made:', '  name: "ACME renewal 2027"', 'Arguments (']);
			expect(message).not.toContain('What will change:');
			await onScreens(approval.link, 'lead-deletion', false);
			record('lead-deletion', message);
			await decide(approval, 'Deny');
		});
	});

	describe('what the person is asked: only calls that can run, as they will run', () => {
		const docker = GATED_CASES[2];
		const dockerRuns = (before: Mark) => stack.docker.calls().slice(before.docker).filter((argv) => ['start', 'stop', 'restart', 'pull', 'up'].some((verb) => argv.includes(verb))).length;

		it('"restart" + 190 spaces is asked as restart of blog; "RESTART" is that same request; approved, it runs restart once', async () => {
			const before = mark(stack);
			const sent = channel.count();
			const padded = await request('docker_manage', { action: `restart${' '.repeat(190)}`, stack: 'blog' });
			const message = channel.messageFor(padded.id);
			// The whole call and its target near the top, as the tool will run it (the target first).
			const top = message.slice(0, 700);
			expect(top).toContain('action = "restart"\n');
			expect(top).toContain('stack = "blog"\n');
			expect(message).toContain('blog-ghost-1');
			expect(padded.answer.summary).toBe('docker_manage(action="restart", stack="blog")');
			const upper = await call('docker_manage', { action: 'RESTART', stack: 'blog' });
			expect(upper).toMatchObject({ error: '__APPROVAL_REQUIRED__', approval_id: padded.id });
			expect(channel.count() - sent).toBe(1);
			await decide(padded, 'Approve');
			const done = await call('docker_manage', { action: 'RESTART', stack: 'blog', approval_id: padded.id });
			expect(done).toMatchObject({ success: true, action: 'restart', stack: 'blog' });
			expect(stack.docker.calls().slice(before.docker).filter((argv) => argv.includes('restart'))).toEqual([['compose', '--project-name', 'blog', 'restart']]);
			observe('docker_manage', '"restart"+190 spaces, then "RESTART", approve, call', [padded.answer, upper, done], docker.executed(stack, before, { action: 'restart', stack: 'blog' }), channel.count() - sent);
		});

		it.each<[string, string, Record<string, unknown>, string, string]>([
			['destroy', 'docker_manage', { action: 'destroy', stack: 'blog' }, '__BAD_ACTION__', 'change_arguments'],
			['the protected security-stack', 'docker_manage', { action: 'restart', stack: 'security-stack' }, '__PROTECTED__', 'never_here'],
			['a link as the stack', 'docker_manage', { action: 'restart', stack: 'see https://evil.example/login now' }, '__BAD_ARGUMENT__', 'change_arguments'],
			['a missing lead', 'crm_delete_lead', { lead_id: 999_999 }, '__NOT_FOUND__', 'change_arguments'],
			['a missing timesheet line', 'timesheet_delete', { line_id: 999_999 }, '__NOT_FOUND__', 'change_arguments'],
			['a note outside the write prefixes', 'vault_write', { path: 'notes/x.md', content: 'x', base_hash: '' }, '__BAD_PATH__', 'change_arguments'],
			['an overwrite without the note\'s hash', 'vault_write', { path: 'research/seed.md', content: 'x', base_hash: '' }, '__EXISTS__', 'after_read'],
			// An argument the tool has no parameter for: n8n would drop it, so the person would approve a call other than the one sent.
			['an argument docker_manage does not take', 'docker_manage', { action: 'restart', stack: 'blog', force: true }, '__BAD_ARGUMENT__', 'change_arguments'],
			['an argument vault_write does not take', 'vault_write', { path: 'research/new.md', content: 'x', base_hash: '', overwrite: true }, '__BAD_ARGUMENT__', 'change_arguments'],
			['an argument crm_delete_lead does not take', 'crm_delete_lead', { lead_id: 1, cascade: true }, '__BAD_ARGUMENT__', 'change_arguments'],
			// The Hermes Odoo node's Check Only: the tool's allowed fields, and the value against its field's type as Odoo reports it.
			['a field crm_update_lead does not write', TEXT_TOOL, { lead_id: 1, field: 'user_id', value: '2' }, '__BAD_ARGUMENT__', 'change_arguments'],
			['text for a number field', TEXT_TOOL, { lead_id: 1, field: 'probability', value: 'lots' }, '__BAD_ARGUMENT__', 'change_arguments'],
			['a missing lead to update', TEXT_TOOL, { lead_id: 999_999, field: 'name', value: 'x' }, '__NOT_FOUND__', 'change_arguments'],
		])('%s: refused as the tool refuses it; nobody notified, nothing stored, nothing run', async (what, tool, args, marker, retry) => {
			const commits = stack.vault.commitCount();
			const before = mark(stack);
			const sent = channel.count();
			const rowsBefore = (await approvalRows(stack)).length;
			const answer = await call(tool, args);
			expect(answer).toMatchObject({ success: false, error: marker, retry });
			expect(answer).not.toHaveProperty('approval_id');
			expect(channel.count()).toBe(sent);
			expect((await approvalRows(stack)).length).toBe(rowsBefore);
			const executions = dockerRuns(before) + stack.odoo.objectCallsSince(before.odoo).filter((c) => c.modelMethod === 'unlink').length + (stack.vault.commitCount() - commits);
			expect(executions).toBe(0);
			observe(tool, what, [answer], executions, channel.count() - sent);
		});

		it('25 identical first calls at once: one notification and one approval id, showing the lead by name', async () => {
			const lead = createRecord(stack, 'crm.lead', { name: 'Big Deal ACME 1M', type: 'opportunity', partner_id: 2, stage_id: 1 });
			const before = mark(stack);
			const sent = channel.count();
			const results = await Promise.all(Array.from({ length: 25 }, () => call('crm_delete_lead', { lead_id: lead })));
			// A failure shows what came instead, and why the gate failed where n8n kept the run.
			const odd = results.filter((r) => r.error !== '__APPROVAL_REQUIRED__');
			if (odd.length > 0) {
				const gate = (await listWorkflows(stack.n8n)).find((w) => w.name === 'Hermes Approval - crm_delete_lead')!;
				const failed = await listExecutions(stack.n8n, { workflowId: gate.id, status: 'error' });
				const why = await Promise.all(failed.map(async ({ id }) => (await getExecution(stack.n8n, id)) as { data?: { resultData?: { error?: unknown; lastNodeExecuted?: string } } }));
				expect({ odd, failedGateRuns: why.map((e) => ({ node: e.data?.resultData?.lastNodeExecuted, error: e.data?.resultData?.error })) }).toEqual({ odd: [], failedGateRuns: [] });
			}
			const ids = new Set(results.map((r) => String(r.approval_id)));
			expect(ids.size).toBe(1);
			const approval = await request('crm_delete_lead', { lead_id: lead });
			expect(ids).toEqual(new Set([approval.id]));
			expect(channel.count() - sent).toBe(1);
			expect(channel.messageFor(approval.id)).toContain('Big Deal ACME 1M');
			// Only the one request stays in the store.
			expect((await approvalRows(stack)).filter((r) => r.tool === 'crm_delete_lead' && r.status === 'pending' && JSON.parse(String(r.args_json)).lead_id === lead)).toHaveLength(1);
			await decide(approval, 'Deny');
			observe('crm_delete_lead', '25 identical first calls at once', results, GATED_CASES[0].executed(stack, before, { lead_id: lead }), channel.count() - sent);
		});

		if (engine === 'queue') {
			// Longer than any lease a lock row could give: a claim holds nothing another call waits for.
			it('a worker paused (SIGSTOP) mid-gate, its request inserted but not committed, for longer than any lease: the identical call on the other worker asks the person once, and the paused call answers with that request', async () => {
				const sent = channel.count();
				const leads: number[] = [];
				const run = await pausedMidInsert(stack.n8n as QueueN8nHandle, TABLE, (attempt) => {
					leads[attempt] ??= createRecord(stack, 'crm.lead', { name: `Paused gate lead ${attempt}`, type: 'opportunity', partner_id: 2, stage_id: 1 });
					return call('crm_delete_lead', { lead_id: leads[attempt] });
				}, {
					stopMs: 12_000,
					tries: 5,
					// Both ran on one worker: one request all the same; decide it so it stands for no later case.
					giveUp: async (paused) => void (await decide(await request('crm_delete_lead', { lead_id: leads[leads.length - 1] }), 'Deny').then(() => expect(paused.error).toBe('__APPROVAL_REQUIRED__'))),
				});
				process.stdout.write(`paused gate: worker stopped ${run.stoppedMs} ms, try ${run.tries}; paused call answered ${JSON.stringify(run.paused).slice(0, 160)}\n`);
				expect(run.stoppedMs).toBeGreaterThan(10_000);
				expect(run.other).toMatchObject({ success: false, error: '__APPROVAL_REQUIRED__' });
				expect(run.paused).toMatchObject({ success: false, error: '__APPROVAL_REQUIRED__', approval_id: run.other.approval_id });
				expect(channel.count() - sent - (run.tries - 1)).toBe(1);
				const lead = leads[run.tries];
				expect((await approvalRows(stack)).filter((r) => r.tool === 'crm_delete_lead' && JSON.parse(String(r.args_json || '{}')).lead_id === lead).map((r) => r.status)).toEqual(['pending']);
				const approval = await request('crm_delete_lead', { lead_id: lead });
				expect(approval.id).toBe(run.other.approval_id);
				await decide(approval, 'Deny');
				observe('crm_delete_lead', 'paused mid-gate, an identical call meanwhile', [run.other, run.paused], 0, channel.count() - sent - (run.tries - 1));
			});

			it('a worker paused (SIGSTOP) mid-create, its row inserted but not committed: the identical call on the other worker creates once, and the paused call answers that create', async () => {
				const before = mark(stack);
				const name = (attempt: number) => `Paused create ${attempt} ${Date.now()}`;
				const names: string[] = [];
				const creates = () => stack.odoo.objectCallsSince(before.odoo).filter((c) => c.model === 'crm.lead' && c.modelMethod === 'create' && c.error === undefined);
				const run = await pausedMidInsert(stack.n8n as QueueN8nHandle, 'hermes_creates', (attempt) => call('crm_create_lead', { name: (names[attempt] ??= name(attempt)) }), {
					stopMs: 12_000,
					tries: 5,
					giveUp: async () => undefined,
				});
				process.stdout.write(`paused create: worker stopped ${run.stoppedMs} ms, try ${run.tries}; paused call answered ${JSON.stringify(run.paused).slice(0, 160)}\n`);
				expect(run.stoppedMs).toBeGreaterThan(10_000);
				expect(run.other).toMatchObject({ success: true });
				expect(run.paused).toMatchObject({ success: true, id: run.other.id, replayed: true });
				// One record per try: a try given up ran both calls on one worker, and created once too.
				expect(creates()).toHaveLength(run.tries);
				observe('crm_create_lead', 'paused mid-create, an identical call meanwhile', [run.other, run.paused], 1, undefined);
			});
		}

		it(`over the cap of ${CAP} new requests an hour: __UNAVAILABLE__ rate_limited, retry later; nobody notified, nothing stored`, async () => {
			const args = GATED_CASES[1].args(stack);
			const before = mark(stack);
			const sent = channel.count();
			await withRequestsInWindow(CAP, (i) => ({ approval_id: `filler-${i}`, deployment: DEPLOYMENT, tool: 'timesheet_delete', args_hash: `filler-${i}` }), async () => {
				const rowsBefore = (await approvalRows(stack)).length;
				const answer = await call('timesheet_delete', args);
				expect(answer).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'rate_limited', retry: 'later' });
				expect(answer).not.toHaveProperty('approval_id');
				expect(channel.count()).toBe(sent);
				expect((await approvalRows(stack)).length).toBe(rowsBefore);
				expect(GATED_CASES[1].executed(stack, before, args)).toBe(0);
				// Another tool has its own cap.
				const other = await request('crm_delete_lead', GATED_CASES[0].args(stack));
				await decide(other, 'Deny');
				observe('timesheet_delete', `over the cap (${CAP} in the window)`, [answer], GATED_CASES[1].executed(stack, before, args), channel.count() - sent - 1);
			});
		});
	});

	it(`over the cap of ${PERSON_CAP} requests to one person an hour, over all tools: __UNAVAILABLE__ rate_limited; nobody notified, nothing stored`, async () => {
		const args = GATED_CASES[0].args(stack);
		const before = mark(stack);
		const sent = channel.count();
		// Requests to this person from tools other than the one called: only the person's cap counts them.
		const recipient = recipientOf(channel.config as ChannelConfig);
		await withRequestsInWindow(PERSON_CAP, (i) => ({ approval_id: `person-${i}`, tool: `other_tool_${i % 4}`, args_hash: `person-${i}`, recipient }), async () => {
			const rowsBefore = (await approvalRows(stack)).length;
			const answer = await call('crm_delete_lead', args);
			expect(answer).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'rate_limited', retry: 'later', hint: expect.stringContaining('over all tools') });
			expect(channel.count()).toBe(sent);
			expect((await approvalRows(stack)).length).toBe(rowsBefore);
			observe('crm_delete_lead', `over the person's cap (${PERSON_CAP} in the window)`, [answer], GATED_CASES[0].executed(stack, before, args), channel.count() - sent);
		});
	});

	it('approved, then the call fails where it runs (Odoo refuses the value): the agent gets the failure, and the page says what happened', async () => {
		const leadId = createRecord(stack, 'crm.lead', { name: `Refused lead ${++sequence}`, type: 'opportunity', partner_id: 2, stage_id: 1 });
		// The gate reads the lead (it exists); only the write meets crm.lead's rule that a probability is 0 to 100.
		const args = { lead_id: leadId, field: 'probability', value: '150' };
		const approval = await request(TEXT_TOOL, args);
		await decide(approval, 'Approve');
		const failed = await call(TEXT_TOOL, { ...args, approval_id: approval.id });
		expect(failed.success).not.toBe(true);
		const after = await browser.openOnly(`${pageBase}?id=${approval.id}`);
		expect(after.text).not.toContain('succeeded');
		// The Hermes Odoo node answers Odoo's refusal as a marker, which the gate records.
		expect(failed).toMatchObject({ success: false, error: '__BAD_ARGUMENT__' });
		expect(after.text).toContain('Approved; the call ran and failed: __BAD_ARGUMENT__.');
	});

	it('an unknown approval_id is refused', async () => {
		const refused = await call('crm_delete_lead', { lead_id: 1, approval_id: 'not-an-approval' });
		expect(refused).toMatchObject({ error: '__APPROVAL_INVALID__', hint: expect.stringContaining('No approval of this endpoint has this approval_id') });
	});

	it('a second decision on the page changes nothing', async () => {
		const args = GATED_CASES[0].args(stack);
		const approval = await request('crm_delete_lead', args);
		await decide(approval, 'Deny');
		const again = await postDecision(pageBase, approval.id, approval.secret, 'approve');
		expect(again.status).toBe(409);
		const refused = await call('crm_delete_lead', { ...args, approval_id: approval.id });
		expect(refused.error).toBe('__APPROVAL_DENIED__');
	});

	it("a first call deletes its deployment's requests, and those stored before rows carried one, that expired more than keepDays (30) ago; it keeps younger ones and another deployment's", async () => {
		const table = await approvalTable(stack);
		const day = 86_400_000;
		await api(stack.n8n, 'POST', `/data-tables/${table.id}/rows`, {
			data: [
				{ approval_id: 'old-40-days', deployment: DEPLOYMENT, tool: 'docker_manage', status: 'used', expires_at: Date.now() - 40 * day },
				{ approval_id: 'old-10-days', deployment: DEPLOYMENT, tool: 'docker_manage', status: 'denied', expires_at: Date.now() - 10 * day },
				// A row stored before rows carried their deployment: the column, added by push, holds nothing.
				{ approval_id: 'before-40-days', tool: 'docker_manage', status: 'used', expires_at: Date.now() - 40 * day },
				{ approval_id: 'other-40-days', deployment: 'hermes-other', tool: 'docker_manage', status: 'used', expires_at: Date.now() - 40 * day },
			],
			returnType: 'count',
		});
		await request('docker_manage', GATED_CASES[2].args(stack));
		const rows = await api<{ data: Array<{ approval_id: string }> }>(stack.n8n, 'GET', `/data-tables/${table.id}/rows?limit=250`);
		const ids = rows.data.map((r) => r.approval_id);
		expect({ old40: ids.includes('old-40-days'), old10: ids.includes('old-10-days'), before40: ids.includes('before-40-days'), other40: ids.includes('other-40-days') }).toEqual({ old40: false, old10: true, before40: false, other40: true });
	});

	it('a request stored before rows carried their deployment is no request: its id is refused, the page does not show it, and the call is asked about anew', async () => {
		const table = await approvalTable(stack);
		const args = { action: 'restart', stack: 'blog' };
		const before = mark(stack);
		// Approved, unexpired, for this exact call, as a gate of an older version stored it (no deployment).
		const asked = await request('docker_manage', args);
		const old = (await approvalRows(stack)).find((r) => r.approval_id === asked.id)!;
		await api(stack.n8n, 'DELETE', `/data-tables/${table.id}/rows/delete?filter=${encodeURIComponent(JSON.stringify({ type: 'and', filters: [{ columnName: 'approval_id', condition: 'eq', value: asked.id }] }))}`);
		const legacy = Object.fromEntries(Object.entries(old).filter(([key]) => !['id', 'createdAt', 'updatedAt', 'deployment'].includes(key)));
		await api(stack.n8n, 'POST', `/data-tables/${table.id}/rows`, { data: [{ ...legacy, status: 'approved' }], returnType: 'count' });
		const refused = await call('docker_manage', { ...args, approval_id: asked.id });
		expect(refused).toMatchObject({ success: false, error: '__APPROVAL_INVALID__', hint: expect.stringContaining('No approval of this endpoint') });
		expect(GATED_CASES[2].executed(stack, before, args)).toBe(0);
		const page = await fetch(`${pageBase}?id=${asked.id}`);
		expect({ status: page.status, text: (await page.text()).includes('No such request') }).toEqual({ status: 404, text: true });
		const anew = await request('docker_manage', args);
		expect(anew.id).not.toBe(asked.id);
		await decide(anew, 'Deny');
	});

	describe('two deployments on one n8n, sharing the tables', () =>
		describeTwoDeployments(() => ({
			stack,
			channel,
			browser,
			publicUrl: proxy.url,
			tableId: async () => (await approvalTable(stack)).id,
			call,
			request,
			decide: (approval, button) => decide(approval as Approval, button),
		})));

	it('no secret appears in any MCP answer or in the execution data of the tool workflow', async () => {
		expect(secrets.length).toBeGreaterThanOrEqual(GATED_CASES.length * 6);
		for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);
		const allAnswers = answers.join('\n');
		for (const secret of secrets) expect(allAnswers).not.toContain(secret);
		const workflows = await listWorkflows(stack.n8n);
		const toolWorkflow = workflows.find((w) => w.name === 'Hermes MCP Tools');
		const executions = await listExecutions(stack.n8n, { workflowId: toolWorkflow!.id });
		expect(executions.length).toBeGreaterThan(0);
		for (const execution of executions) {
			const data = JSON.stringify(await getExecution(stack.n8n, execution.id));
			for (const secret of secrets) expect(data).not.toContain(secret);
		}
		// The gates and the page keep no data of a successful run (a first call's holds the secret).
		// In queue mode n8n writes every execution to the database to hand it to a worker and
		// deletes it when it ends: the last one may still be on its way out.
		for (const name of ['Hermes Approval Page', ...GATED_CASES.map((c) => `Hermes Approval - ${c.tool}`)]) {
			const id = workflows.find((w) => w.name === name)!.id;
			// On a loaded machine the delete has been seen to come more than 30 s after the answer, and
			// once more than 60 s with two jest workers beside the queue stack. A failure names what was
			// kept, to tell a late delete from none.
			const kept = await settled(() => listExecutions(stack.n8n, { workflowId: id, status: 'success' }), (list) => list.length === 0, 180_000);
			expect({ name, kept: kept.map(({ id: executionId, mode }) => ({ executionId, mode })) }).toEqual({ name, kept: [] });
		}
	});

	it('a workflow outside the caller list cannot call the Docker gateway or a gate: n8n refuses it and nothing runs', async () => {
		const workflows = await listWorkflows(stack.n8n);
		const before = mark(stack);
		for (const target of ['Hermes Gateway - Docker', 'Hermes Approval - docker_manage']) {
			const id = workflows.find((w) => w.name === target)!.id;
			const path = `outside-${target.replace(/\W+/g, '-').toLowerCase()}`;
			const callerId = await createPublishedWorkflow(stack.n8n, outsideCaller(path, id));
			const response = await pollWebhook(`${webhookBase(stack.n8n)}/webhook/${path}`);
			expect({ target, status: response.status }).toEqual({ target, status: 500 });
			const [execution] = await listExecutions(stack.n8n, { workflowId: callerId });
			const detail = (await getExecution(stack.n8n, execution.id)) as { data?: { resultData?: { error?: { message?: string } } } };
			expect(detail.data?.resultData?.error?.message).toBe(`The sub-workflow (${id}) cannot be called by this workflow`);
		}
		expect(stack.docker.calls().slice(before.docker)).toEqual([]);
	});

	it('no secret in any URL the server received: the access log in front of n8n holds ids, never a secret', () => {
		const page = proxy.log.filter((entry) => entry.url.startsWith(`/webhook/${PAGE_PATH}`));
		expect(page.filter((entry) => entry.method === 'GET').length).toBeGreaterThan(GATED_CASES.length);
		expect(page.filter((entry) => entry.method === 'POST').length).toBeGreaterThan(GATED_CASES.length);
		const leaked = proxy.log.filter((entry) => !oldStyleUrls.includes(entry.url) && secrets.some((secret) => entry.url.includes(secret)));
		expect(leaked).toEqual([]);
		expect(oldStyleUrls.length).toBe(GATED_CASES.length);
	});

	it(`the notifications went out on ${channelKind}, one per request`, () => {
		expect(channel.count()).toBe(secrets.length);
		expect(secrets.length).toBe(requested.size);
	});

	// Last: it stops the channel's server.
	it('when the request cannot be sent: __UNAVAILABLE__, nothing executed, and its id is refused', async () => {
		await channel.stop();
		// A call no earlier case left pending (a pending identical request would answer instead).
		const args = { action: 'start', stack: 'web' };
		const before = mark(stack);
		const answer = await call('docker_manage', args);
		expect(answer).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' });
		expect(answer).not.toHaveProperty('approval_id');
		expect(GATED_CASES[2].executed(stack, before, args)).toBe(0);
	});
}

/** Reads `read` until `done` holds, for at most `timeoutMs`; answers the last reading. */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let value = await read();
	while (!done(value) && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 250));
		value = await read();
	}
	return value;
}

/** Until n8n has registered the page's webhook it answers 404 with JSON; the page answers HTML. */
async function waitForPage(url: string, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const response = await fetch(url);
		const type = response.headers.get('content-type') ?? '';
		await response.body?.cancel();
		if (type.startsWith('text/html')) return;
		await new Promise((done) => setTimeout(done, 250));
	}
	throw new Error(`approval page ${url} not registered after ${timeoutMs} ms`);
}

async function postDecision(pageBase: string, id: string, secret: string, decision: string): Promise<{ status: number; text: string }> {
	const response = await fetch(`${pageBase}?id=${encodeURIComponent(id)}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ id, s: secret, decision }).toString(),
	});
	return { status: response.status, text: await response.text() };
}

async function tableNamed(stack: HermesStack, name: string): Promise<{ id: string; name: string }> {
	const tables = await api<{ data: Array<{ id: string; name: string }> }>(stack.n8n, 'GET', '/data-tables');
	return tables.data.find((t) => t.name === name)!;
}

const approvalTable = (stack: HermesStack) => tableNamed(stack, TABLE);

/** Every row of the approval table. */
async function approvalRows(stack: HermesStack): Promise<Array<Record<string, unknown>>> {
	const table = await approvalTable(stack);
	const rows = await api<{ data: Array<Record<string, unknown>> }>(stack.n8n, 'GET', `/data-tables/${table.id}/rows?limit=250`);
	expect(rows.data.length).toBeLessThan(250);
	return rows.data;
}

/** Moves a request's expiry into the past through n8n's public data-table API. */
async function ageRequest(stack: HermesStack, approvalId: string): Promise<void> {
	const table = await approvalTable(stack);
	await api(stack.n8n, 'PATCH', `/data-tables/${table.id}/rows/update`, {
		filter: { type: 'and', filters: [{ columnName: 'approval_id', condition: 'eq', value: approvalId }] },
		data: { expires_at: Date.now() - 60_000 },
	});
}

const OUTSIDE_INPUTS = { dockerAction: 'restart', dockerStack: 'blog', action: 'restart', stack: 'blog', approval_id: '' };

/** A webhook workflow that calls `workflowId` with Execute Workflow, as any other workflow could try. */
function outsideCaller(path: string, workflowId: string): Record<string, unknown> {
	return {
		name: `Outside caller ${path}`,
		nodes: [
			{ id: 'a1', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0], webhookId: `wh-${path}`, parameters: { path, responseMode: 'lastNode', options: {} } },
			{
				id: 'a2',
				name: 'Call it',
				type: 'n8n-nodes-base.executeWorkflow',
				typeVersion: 1.2,
				position: [220, 0],
				parameters: {
					source: 'database',
					workflowId: { __rl: true, mode: 'id', value: workflowId },
					// What the Docker gateway and the gate take: without the caller policy this would restart a stack.
					workflowInputs: {
						mappingMode: 'defineBelow',
						value: OUTSIDE_INPUTS,
						matchingColumns: [],
						schema: Object.keys(OUTSIDE_INPUTS).map((key) => ({ id: key, displayName: key, required: false, defaultMatch: false, display: true, canBeUsedToMatch: true, type: 'string', removed: false })),
						attemptToConvertTypes: false,
						convertFieldsToString: true,
					},
					mode: 'once',
					options: { waitForSubWorkflow: true },
				},
			},
		],
		connections: { Webhook: { main: [[{ node: 'Call it', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

async function pollWebhook(url: string, timeoutMs = 30_000): Promise<{ status: number; text: string }> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const response = await fetch(url);
		const text = await response.text();
		if (response.status !== 404 || Date.now() > deadline) return { status: response.status, text };
		await new Promise((done) => setTimeout(done, 250));
	}
}
