/**
 * What the exporter costs n8n's caller: CPU per 1,000 new executions, and the memory it holds
 * after 100,000, each as a ratio to what it cannot avoid in the same run: JSON.parse of the API
 * pages those executions came in (the reads it needs). The n8n API is the in-memory stand-in
 * (test/unit/generator/deploy/fakeN8n.ts) serving executions shaped as a real n8n 2.41.1 keeps
 * them; prom-client is real. Figures only: no timed assertion.
 */
import * as prom from 'prom-client';

import type { EndpointSpec } from '../../generator/agentConfig/endpoints';
import { LedgerFollower } from '../../generator/ledger/follow';
import { LedgerMetrics } from '../../generator/ledger/metrics';
import type { LiveExecution } from '../../generator/n8nClient/client';
import { CATALOGUE } from '../helpers/defaultCatalogue';
import { defaultConfig } from '../../generator/config';
import { planTools } from '../../generator/plan';
import { FakeN8n } from '../unit/generator/deploy/fakeN8n';

const TOOLS = CATALOGUE.map((tool) => tool.name);
const ENDPOINTS: EndpointSpec[] = [{ server: 'hermes-tools', workflow: 'Hermes MCP Tools', channel: 'tools', tools: TOOLS, readsOnly: false }];
const TOTAL = 100_000;
const PER_POLL = 1000;

function execution(id: number, workflowId: string): LiveExecution {
	const tool = TOOLS[id % TOOLS.length];
	const answer = id % 5 === 0 ? { success: false, error: '__NOT_FOUND__', hint: 'No note at that path. Use vault_list to see the notes.', retry: 'change_arguments' } : { success: true, path: 'research/a.md', content: 'x'.repeat(400), contentHash: 'a'.repeat(64) };
	const at = new Date(Date.UTC(2026, 11, 2) + id * 100).toISOString();
	return {
		id: String(id),
		workflowId,
		status: 'success',
		startedAt: at,
		stoppedAt: at,
		data: { resultData: { runData: { [tool]: [{ startTime: 0, executionTime: 40, data: { ai_tool: [[{ json: answer }]] }, metadata: { subExecution: { executionId: String(id + 1) } } }], 'MCP Server Trigger': [{ data: { main: [[{ json: { mcpToolCall: { toolName: tool, arguments: { path: 'research/a.md' } }, mcpMessageId: '4', headers: { 'mcp-session-id': 's' } } }]] } }] } } },
	};
}

it('reports the CPU per 1,000 executions and the memory after 100,000, against parsing the pages they came in', async () => {
	const n8n = new FakeN8n();
	const live = await n8n.createWorkflow({ name: 'Hermes MCP Tools', nodes: [], connections: {}, settings: {} });
	// The API answers JSON text: parse it as the real client does, so the baseline is the same work.
	const page = n8n.executionPage.bind(n8n);
	let parseMs = 0;
	let servingMs = 0;
	n8n.executionPage = async (...args) => {
		const serving = process.hrtime.bigint();
		const text = JSON.stringify(await page(...args));
		servingMs += Number(process.hrtime.bigint() - serving) / 1e6;
		const start = process.hrtime.bigint();
		const parsed = JSON.parse(text) as Awaited<ReturnType<typeof page>>;
		parseMs += Number(process.hrtime.bigint() - start) / 1e6;
		return parsed;
	};
	const follower = new LedgerFollower(n8n.client, ENDPOINTS, planTools(CATALOGUE, defaultConfig()), { fields: ['vault_write.content'] });
	const metrics = new LedgerMetrics(prom, ENDPOINTS, 'hermes-tools');
	await follower.poll();
	global.gc?.();
	const heapBefore = process.memoryUsage().heapUsed;
	let cpuMs = 0;
	let counted = 0;
	for (let next = 1; next <= TOTAL; next += PER_POLL) {
		for (let id = next; id < next + PER_POLL; id++) n8n.executions.push(execution(id, live.id));
		const cpu = process.cpuUsage();
		const read = await follower.poll();
		for (const call of read.calls) metrics.observe(call);
		metrics.read(true, read.withoutCall);
		const used = process.cpuUsage(cpu);
		cpuMs += (used.user + used.system) / 1000;
		counted += read.calls.length;
		// The stand-in's own store is not the exporter's memory: drop what was read.
		n8n.executions.length = 0;
	}
	global.gc?.();
	const heapAfter = process.memoryUsage().heapUsed;
	const exposition = await metrics.registry.metrics();
	// The stand-in serving the pages (clone and serialise) is n8n's work, not the exporter's.
	const perThousand = (cpuMs - servingMs) / (TOTAL / 1000);
	const parsePerThousand = parseMs / (TOTAL / 1000);
	process.stdout.write(
		[
			`exporter cost over ${TOTAL} executions (${TOOLS.length} tools), read ${PER_POLL} per poll:`,
			`  calls counted: ${counted}`,
			`  the exporter's CPU per 1,000 executions: ${perThousand.toFixed(1)} ms, of which JSON.parse of the pages ${parsePerThousand.toFixed(1)} ms: ${(perThousand / parsePerThousand).toFixed(2)}x the parse (the stand-in's serving, ${(servingMs / (TOTAL / 1000)).toFixed(1)} ms, left out)`,
			`  heap held after ${TOTAL}: ${((heapAfter - heapBefore) / 1024).toFixed(0)} KB (${global.gc ? 'after gc' : 'no --expose-gc: an upper bound'}); ids held above the floor: ${follower.held}; metrics page ${(exposition.length / 1024).toFixed(0)} KB`,
			'',
		].join('\n'),
	);
	expect(counted).toBe(TOTAL);
	expect(follower.held).toBe(0);
}, 600_000);
