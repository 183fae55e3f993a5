/**
 * Benchmark: what n8n adds to a tool call. `vault_read` and `monitoring_query` through the
 * whole stack (MCP SDK client -> n8n MCP trigger -> toolWorkflow -> gateway sub-workflow ->
 * gateway node -> SSH) against the same operation run directly: the gateway node's own
 * execute() over the same sshd (runRemote, warm pooled connection), in the same run.
 * Stack as in the e2e (real n8n, sshd, git vault, Prometheus; see test/e2e/helpers/stack.ts).
 * Calls alternate between the two ways after a warm-up; medians and their ratio (n8n / direct)
 * are printed with one JSON line. Figures only: no timed assertion.
 */
import { HermesMonitoring } from '../../nodes/HermesMonitoring/HermesMonitoring.node';
import { HermesVault } from '../../nodes/HermesVault/HermesVault.node';
import { closeAllConnections } from '../../nodes/shared/transport';
import { executeNode } from '../harness/executeNode';
import { callTool, type McpSession } from '../e2e/helpers/mcp';
import { startStackWithClient, type HermesStack } from '../e2e/helpers/stack';
import { gatewayAnswer } from '../e2e/helpers/toolCases';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 25);
const NOTE = 'projects/website.md';
const PROMQL = 'count(up)';

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function timed(run: () => Promise<unknown>): Promise<number> {
	const start = process.hrtime.bigint();
	await run();
	return Number(process.hrtime.bigint() - start) / 1e6;
}

function expectSuccess(label: string, value: unknown): void {
	const answer = value as { success?: unknown; error?: unknown };
	if (answer.success !== true) throw new Error(`${label} did not succeed: ${JSON.stringify(value).slice(0, 300)}`);
}

let stack: HermesStack;
let mcp: McpSession;
let stopAll: (() => Promise<void>) | undefined;

beforeAll(async () => {
	({ stack, mcp, stop: stopAll } = await startStackWithClient());
}, 420_000);

afterAll(async () => {
	await closeAllConnections();
	await stopAll?.();
}, 120_000);

it('median latency through n8n against the direct SSH operation', async () => {
	const credentials = { hermesSshApi: stack.sshd.credentials };
	const ways = {
		vault_read: {
			n8n: async () => expectSuccess('vault_read via n8n', gatewayAnswer(await callTool(mcp, 'vault_read', { path: NOTE }))),
			direct: async () => {
				const [[item]] = await executeNode(new HermesVault(), {
					parameters: { operation: 'read', path: NOTE, vaultPath: stack.vault.root },
					credentials,
				});
				expectSuccess('vault read direct', item.json);
			},
		},
		monitoring_query: {
			n8n: async () => expectSuccess('monitoring_query via n8n', gatewayAnswer(await callTool(mcp, 'monitoring_query', { promql: PROMQL }))),
			direct: async () => {
				const [[item]] = await executeNode(new HermesMonitoring(), {
					parameters: { operation: 'query', promql: PROMQL, prometheusUrl: stack.prometheus.url },
					credentials,
				});
				expectSuccess('monitoring query direct', item.json);
			},
		},
	};
	const results: Record<string, { n8nMedianMs: number; directMedianMs: number; ratio: number; iterations: number }> = {};
	for (const [tool, way] of Object.entries(ways)) {
		await way.n8n();
		await way.direct();
		const n8nTimes: number[] = [];
		const directTimes: number[] = [];
		for (let i = 0; i < ITERATIONS; i++) {
			n8nTimes.push(await timed(way.n8n));
			directTimes.push(await timed(way.direct));
		}
		const n8nMedianMs = median(n8nTimes);
		const directMedianMs = median(directTimes);
		results[tool] = { n8nMedianMs, directMedianMs, ratio: n8nMedianMs / directMedianMs, iterations: ITERATIONS };
		process.stdout.write(
			`${tool}: through n8n ${n8nMedianMs.toFixed(1)} ms, direct over SSH ${directMedianMs.toFixed(1)} ms (median of ${ITERATIONS}), ratio ${(n8nMedianMs / directMedianMs).toFixed(2)}\n`,
		);
	}
	process.stdout.write(`${JSON.stringify({ bench: 'mcpLatency', results })}\n`);
	expect(Object.keys(results)).toEqual(['vault_read', 'monitoring_query']);
});
