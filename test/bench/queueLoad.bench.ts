/**
 * Benchmark: read tools under load, n8n in regular mode against queue mode with 1 and 2 workers,
 * in the same run (one stack at a time, so they do not compete for the CPU). For each mode, 8 and
 * then 32 concurrent MCP sessions share a fixed number of calls, alternating `vault_read` (SSH)
 * and `monitoring_query` (SSH + Prometheus). Printed per mode and concurrency: throughput
 * (calls/s over the wall time), p50 and p99 latency, errors; then one JSON line.
 * Stack as in the e2e (test/e2e/helpers/stack.ts; queue mode from test/harness/queue).
 * Figures only, no timed assertion; every call must succeed.
 */
import type { N8nHandle } from '../harness/n8n';
import { startN8n } from '../harness/n8n';
import { startQueueN8n } from '../harness/queue/stack';
import { callTool, connectMcp, type McpSession } from '../e2e/helpers/mcp';
import { REPO_ROOT } from '../e2e/helpers/repoRoot';
import { startHermesStack, type HermesStack } from '../e2e/helpers/stack';
import { gatewayAnswer } from '../e2e/helpers/toolCases';
import { percentile } from './helpers/stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 256);
const CONCURRENCY = [8, 32];
const MODES: Array<{ mode: string; start: () => Promise<N8nHandle> }> = [
	{ mode: 'regular', start: () => startN8n({ repoRoot: REPO_ROOT }) },
	{ mode: 'queue, 1 worker', start: () => startQueueN8n({ workers: 1, webhook: false }) },
	{ mode: 'queue, 2 workers', start: () => startQueueN8n({ workers: 2, webhook: false }) },
];
const READS: Array<[string, Record<string, unknown>]> = [
	['vault_read', { path: 'projects/website.md' }],
	['monitoring_query', { promql: 'count(up)' }],
];

interface LoadResult {
	mode: string;
	sessions: number;
	calls: number;
	errors: number;
	callsPerSecond: number;
	p50Ms: number;
	p99Ms: number;
}

/** `CALLS` calls shared by `sessions` concurrent MCP sessions, each calling one after the other. */
async function load(stack: HermesStack, mode: string, sessions: number): Promise<LoadResult> {
	const clients: McpSession[] = await Promise.all(Array.from({ length: sessions }, () => connectMcp(stack.mcpUrl, stack.token)));
	const latencies: number[] = [];
	let errors = 0;
	let next = 0;
	try {
		// Warm-up: one call per session (SSH pools, n8n's caches).
		await Promise.all(clients.map((client) => callTool(client, ...READS[0])));
		const started = process.hrtime.bigint();
		await Promise.all(
			clients.map(async (client) => {
				for (let call = next++; call < CALLS; call = next++) {
					const [tool, args] = READS[call % READS.length];
					const start = process.hrtime.bigint();
					try {
						const answer = gatewayAnswer(await callTool(client, tool, args));
						if (answer.success !== true) errors++;
					} catch {
						errors++;
					}
					latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
				}
			}),
		);
		const seconds = Number(process.hrtime.bigint() - started) / 1e9;
		return { mode, sessions, calls: latencies.length, errors, callsPerSecond: latencies.length / seconds, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
	} finally {
		await Promise.all(clients.map((client) => client.close()));
	}
}

it('throughput and latency of read tools: regular mode, queue mode with 1 and 2 workers', async () => {
	const results: LoadResult[] = [];
	for (const { mode, start } of MODES) {
		const stack = await startHermesStack({ startN8n: start });
		try {
			for (const sessions of CONCURRENCY) {
				const result = await load(stack, mode, sessions);
				results.push(result);
				process.stdout.write(
					`${mode.padEnd(16)} ${String(sessions).padStart(2)} sessions: ${result.calls} calls, ${result.callsPerSecond.toFixed(1)} calls/s, p50 ${result.p50Ms.toFixed(0)} ms, p99 ${result.p99Ms.toFixed(0)} ms, ${result.errors} errors\n`,
				);
			}
		} finally {
			await stack.stop();
		}
	}
	process.stdout.write(`${JSON.stringify({ bench: 'queueLoad', callsPerRun: CALLS, results })}\n`);
	expect(results.map((r) => [r.mode, r.sessions, r.calls, r.errors])).toEqual(MODES.flatMap(({ mode }) => CONCURRENCY.map((sessions) => [mode, sessions, CALLS, 0])));
}, 1_800_000);
