/**
 * The exporter's parts: the incremental reader (each finished execution counted once, an
 * unfinished one when it finishes, history before the start not at all, memory bounded by what
 * is in flight, a replaced execution store counted afresh) and the metrics it serves, asserted as
 * the lines of prom-client's exposition that Prometheus scrapes.
 *
 * Stand-in: the n8n API (in memory, test/unit/generator/deploy/fakeN8n.ts). Real: prom-client.
 */
import * as prom from 'prom-client';

import type { EndpointSpec } from '../../../../generator/agentConfig/endpoints';
import { LedgerFollower } from '../../../../generator/ledger/follow';
import { LedgerMetrics } from '../../../../generator/ledger/metrics';
import type { LiveExecution } from '../../../../generator/n8nClient/client';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { defaultConfig } from '../../../../generator/config';
import { planTools } from '../../../../generator/plan';
import { FakeN8n } from '../deploy/fakeN8n';

const PLANS = planTools(CATALOGUE, defaultConfig());

const ENDPOINTS: EndpointSpec[] = [{ server: 'hermes-tools', workflow: 'Hermes MCP Tools', channel: 'tools', tools: ['vault_read', 'crm_delete_lead'], readsOnly: false }];
const REFUSED = { success: false, error: '__NOT_FOUND__', retry: 'change_arguments' };

function execution(id: number, workflowId: string, answer: unknown, status = 'success', tool = 'vault_read', args: Record<string, unknown> = { path: 'a.md' }): LiveExecution {
	return {
		id: String(id),
		workflowId,
		status,
		startedAt: new Date(Date.UTC(2026, 11, 2, 8, 0, id)).toISOString(),
		stoppedAt: new Date(Date.UTC(2026, 11, 2, 8, 0, id) + 300).toISOString(),
		data: { resultData: { runData: { [tool]: [{ data: { ai_tool: [[{ json: answer }]] } }], 'MCP Server Trigger': [{ data: { main: [[{ json: { mcpToolCall: { toolName: tool, arguments: args } } }]] } }] } } },
	};
}

async function setup() {
	const n8n = new FakeN8n();
	const live = await n8n.createWorkflow({ name: 'Hermes MCP Tools', nodes: [], connections: {}, settings: {} });
	const follower = new LedgerFollower(n8n.client, ENDPOINTS, PLANS, { fields: [] });
	let next = 1;
	const add = (answer: unknown, status = 'success', tool?: string, args?: Record<string, unknown>) => {
		const e = execution(next++, live.id, answer, status, tool, args);
		n8n.executions.push(e);
		return e;
	};
	return { n8n, follower, add };
}

describe('LedgerFollower', () => {
	it('does not count what was there before it started, then counts each new call once', async () => {
		const { follower, add } = await setup();
		add({ success: true });
		add(REFUSED);
		expect((await follower.poll()).calls).toEqual([]);
		add({ success: true });
		add(REFUSED);
		expect((await follower.poll()).calls.map((c) => [c.executions.tool, c.outcome.class])).toEqual([
			['3', 'success'],
			['4', 'refused'],
		]);
		expect((await follower.poll()).calls).toEqual([]);
	});

	it('counts a running execution once it has finished, and holds only what is in flight', async () => {
		const { follower, add } = await setup();
		await follower.poll();
		const running = add({ success: true }, 'running');
		add({ success: true });
		expect((await follower.poll()).calls.map((c) => c.executions.tool)).toEqual(['2']);
		expect(follower.held).toBe(1);
		running.status = 'success';
		expect((await follower.poll()).calls.map((c) => c.executions.tool)).toEqual(['1']);
		expect(follower.held).toBe(0);
	});

	it('stays bounded over 2,000 calls: nothing held once they are counted', async () => {
		const { follower, add } = await setup();
		await follower.poll();
		let counted = 0;
		for (let round = 0; round < 20; round++) {
			for (let i = 0; i < 100; i++) add(i % 4 === 0 ? REFUSED : { success: true });
			counted += (await follower.poll()).calls.length;
			expect(follower.held).toBe(0);
		}
		expect(counted).toBe(2000);
	});

	it('reads only the new pages: a poll with nothing new is one page', async () => {
		const { n8n, follower, add } = await setup();
		for (let i = 0; i < 120; i++) add({ success: true });
		await follower.poll();
		const before = n8n.calls.filter((c) => c.includes('/executions')).length;
		const read = await follower.poll();
		expect([read.calls.length, read.pages, n8n.calls.filter((c) => c.includes('/executions')).length - before]).toEqual([0, 1, 1]);
	});

	it('counts afresh when the execution store was replaced (ids start again below what it counted)', async () => {
		const { n8n, follower, add } = await setup();
		for (let i = 0; i < 5; i++) add({ success: true });
		await follower.poll();
		add({ success: true });
		expect((await follower.poll()).calls).toHaveLength(1);
		n8n.executions.length = 0;
		const workflowId = n8n.byName('Hermes MCP Tools')!.id;
		n8n.executions.push(execution(1, workflowId, REFUSED), execution(2, workflowId, { success: true }));
		expect((await follower.poll()).calls.map((c) => c.outcome.class)).toEqual(['refused', 'success']);
	});

	it('a read that fails halfway (n8n went away) counts nothing, and the next read counts every call once', async () => {
		const { n8n, follower, add } = await setup();
		await follower.poll();
		for (let i = 0; i < 120; i++) add({ success: true });
		const page = n8n.executionPage.bind(n8n);
		let served = 0;
		n8n.executionPage = async (...args) => {
			if (++served === 2) throw new Error('connect ECONNREFUSED');
			return page(...args);
		};
		await expect(follower.poll()).rejects.toThrow('ECONNREFUSED');
		expect((await follower.poll()).calls).toHaveLength(120);
		expect((await follower.poll()).calls).toHaveLength(0);
	});

	it('names an endpoint whose workflow is not in n8n, and counts a workflow push re-created from its first call', async () => {
		const n8n = new FakeN8n();
		const follower = new LedgerFollower(n8n.client, ENDPOINTS, PLANS, { fields: [] });
		expect((await follower.poll()).missing).toEqual(['hermes-tools']);
		const live = await n8n.createWorkflow({ name: 'Hermes MCP Tools', nodes: [], connections: {}, settings: {} });
		n8n.executions.push(execution(1, live.id, { success: true }));
		expect((await follower.poll()).calls).toHaveLength(1);
	});
});

describe('LedgerMetrics', () => {
	const metrics = () => new LedgerMetrics(prom, ENDPOINTS, 'hermes-tools');
	const sample = async (m: LedgerMetrics, line: string) => (await m.registry.metrics()).split('\n').find((l) => l.startsWith(line));

	it("starts every tool's call counters at 0, so a first failure is an increase", async () => {
		const m = metrics();
		expect(await sample(m, 'hermes_tool_calls_total{endpoint="hermes-tools",tool="crm_delete_lead",outcome="failed"}')).toMatch(/ 0$/);
		expect((await m.registry.metrics()).match(/^hermes_tool_calls_total\{/gm)).toHaveLength(2 * 4);
	});

	it('counts calls by outcome, their latency, the last success and approval steps', async () => {
		const m = metrics();
		const { follower, add } = await setup();
		await follower.poll();
		add({ success: true });
		add(REFUSED);
		add({ success: false, error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' });
		add({ success: false, error: '__APPROVAL_REQUIRED__', retry: 'after_approval', approval_id: 'ap-1' }, 'success', 'crm_delete_lead', { lead_id: 2 });
		add({ response: [{ id: 2 }] }, 'success', 'crm_delete_lead', { lead_id: 2, approval_id: 'ap-1' });
		const read = await follower.poll();
		for (const call of read.calls) m.observe(call);
		m.read(true, read.withoutCall);
		const at = (line: string) => sample(m, line);
		expect(await at('hermes_tool_calls_total{endpoint="hermes-tools",tool="vault_read",outcome="success"}')).toMatch(/ 1$/);
		expect(await at('hermes_tool_calls_total{endpoint="hermes-tools",tool="vault_read",outcome="refused"}')).toMatch(/ 1$/);
		expect(await at('hermes_tool_calls_total{endpoint="hermes-tools",tool="vault_read",outcome="failed"}')).toMatch(/ 1$/);
		expect(await at('hermes_tool_calls_total{endpoint="hermes-tools",tool="crm_delete_lead",outcome="approval"}')).toMatch(/ 1$/);
		expect(await at('hermes_tool_calls_total{endpoint="hermes-tools",tool="crm_delete_lead",outcome="success"}')).toMatch(/ 1$/);
		expect(await at('hermes_tool_call_duration_seconds_count{endpoint="hermes-tools",tool="vault_read"}')).toMatch(/ 3$/);
		expect(await at('hermes_tool_call_duration_seconds_bucket{le="0.25",endpoint="hermes-tools",tool="vault_read"}')).toMatch(/ 0$/);
		expect(await at('hermes_tool_call_duration_seconds_bucket{le="0.5",endpoint="hermes-tools",tool="vault_read"}')).toMatch(/ 3$/);
		expect(await at('hermes_tool_last_success_timestamp_seconds{endpoint="hermes-tools",tool="vault_read"}')).toBe(`hermes_tool_last_success_timestamp_seconds{endpoint="hermes-tools",tool="vault_read"} ${Date.UTC(2026, 11, 2, 8, 0, 1) / 1000}`);
		expect(await at('hermes_approvals_total{endpoint="hermes-tools",tool="crm_delete_lead",step="requested"}')).toMatch(/ 1$/);
		expect(await at('hermes_approvals_total{endpoint="hermes-tools",tool="crm_delete_lead",step="approved"}')).toMatch(/ 1$/);
		expect(await at('hermes_ledger_up')).toBe('hermes_ledger_up{deployment="hermes-tools"} 1');
	});

	it('says when it cannot read n8n, and keeps what it counted', async () => {
		const m = metrics();
		m.read(false);
		expect(await sample(m, 'hermes_ledger_up')).toBe('hermes_ledger_up{deployment="hermes-tools"} 0');
		expect(await sample(m, 'hermes_tool_calls_total{endpoint="hermes-tools",tool="vault_read",outcome="success"}')).toMatch(/ 0$/);
	});
});
