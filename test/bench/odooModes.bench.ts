/**
 * Benchmark: an Odoo tool in `odooMode: 'hermes'` (the Hermes Odoo node's tool variant, one
 * login per process) against a gateway tool in `gatewayMode: 'direct'` (the gateway node's tool
 * variant over SSH) and the same Odoo tool in native mode (n8n's Odoo node, a login per call),
 * through the whole stack in one run: one n8n serving both tool workflows, calls alternating
 * after a warm-up. The Odoo stand-in answers a login at once (a real Odoo 18 hashed the password
 * for a median 433 ms), so the native figure here is a lower bound. Medians and ratios are
 * printed with one JSON line. Figures only: no timed assertion.
 */
import { writeFileSync, readFileSync } from 'node:fs';

import { runCli } from '../e2e/helpers/cli';
import { callTool, connectMcp, waitForMcpEndpoint, type McpSession } from '../e2e/helpers/mcp';
import { startStackWithClient, type HermesStack } from '../e2e/helpers/stack';
import { gatewayAnswer, odooRowsOf } from '../e2e/helpers/toolCases';
import { median, timed } from './helpers/stats';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 25);

let stack: HermesStack;
let hermes: McpSession;
let native: McpSession;
let stopAll: (() => Promise<void>) | undefined;

beforeAll(async () => {
	({ stack, mcp: hermes, stop: stopAll } = await startStackWithClient({ gatewayMode: 'direct', odooMode: 'hermes' }));
	// The same catalogue in native Odoo mode, served by the same n8n at its own path.
	const base = JSON.parse(readFileSync(stack.configFile, 'utf8')) as Record<string, unknown>;
	const file = stack.configFile.replace(/\.json$/, '.native.json');
	writeFileSync(file, JSON.stringify({ ...base, odooMode: 'native', workflowName: 'Hermes MCP Tools (native Odoo)', mcpPath: 'hermes-tools-native' }));
	const push = await runCli(['push', '--url', stack.n8n.baseUrl, '--api-key', stack.n8n.apiKey, '--config', file]);
	if (push.code !== 0) throw new Error(`push (native config) exited ${push.code}:\n${push.stdout}\n${push.stderr}`);
	const url = `${stack.n8n.baseUrl}/mcp/hermes-tools-native`;
	await waitForMcpEndpoint(url);
	native = await connectMcp(url, stack.token);
}, 420_000);

afterAll(async () => {
	await native?.close();
	await stopAll?.();
}, 120_000);

it('median latency of an Odoo tool in hermes and native mode against a direct gateway tool', async () => {
	const ways = {
		odooHermes: async () => expect(odooRowsOf(await callTool(hermes, 'odoo_get_task', { task_id: 1 }))).toHaveLength(1),
		odooNative: async () => expect(odooRowsOf(await callTool(native, 'odoo_get_task', { task_id: 1 }))).toHaveLength(1),
		gatewayDirect: async () => expect(gatewayAnswer(await callTool(hermes, 'vault_read', { path: 'projects/website.md' }))).toMatchObject({ success: true }),
	};
	const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
	for (const run of Object.values(ways)) await run();
	for (let i = 0; i < ITERATIONS; i++) for (const [way, run] of Object.entries(ways)) times[way].push((await timed(run)).ms);
	const medians = Object.fromEntries(Object.entries(times).map(([way, list]) => [way, median(list)])) as Record<keyof typeof ways, number>;
	const ratios = { hermesOverDirectGateway: medians.odooHermes / medians.gatewayDirect, nativeOverHermes: medians.odooNative / medians.odooHermes };
	process.stdout.write(
		`odoo_get_task hermes ${medians.odooHermes.toFixed(1)} ms, native ${medians.odooNative.toFixed(1)} ms; vault_read direct ${medians.gatewayDirect.toFixed(1)} ms (median of ${ITERATIONS}); hermes/direct gateway ${ratios.hermesOverDirectGateway.toFixed(2)}, native/hermes ${ratios.nativeOverHermes.toFixed(2)}\n`,
	);
	process.stdout.write(`${JSON.stringify({ bench: 'odooModes', medians, ratios, iterations: ITERATIONS })}\n`);
	expect(Object.keys(medians)).toEqual(['odooHermes', 'odooNative', 'gatewayDirect']);
});
