/**
 * Benchmark: every millisecond of a gateway tool call, on one stack in one run (the e2e stack:
 * real n8n 2.41.1, sshd, git vault, Prometheus; see test/e2e/helpers/stack.ts).
 *
 * Ways, timed interleaved (each iteration runs every way once, starting one further along):
 * - n8n's floor: a toolWorkflow calling a sub-workflow that only sets success (with the
 *   sub-workflow's default execution saving, and lean), and a trivial node used directly as a tool;
 * - each of the 9 gateway tools through n8n in three deployments pushed side by side: sub-workflow
 *   mode, sub-workflow mode with `subWorkflowExecutions: 'failures'` (lean), and direct mode;
 * - the same operation without n8n: the gateway node's execute() over the same warm SSH pool.
 * Then a profile pass reads n8n's own execution data for a few calls of each way: each
 * execution's duration and each node's executionTime, to say where the rest goes.
 * Prints the breakdown table, the ratios against the goals, and one JSON line. Every call must
 * succeed (0 errors); no time is asserted.
 */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES } from '../../core';
import { HermesContent } from '../../nodes/HermesContent/HermesContent.node';
import { HermesDocker } from '../../nodes/HermesDocker/HermesDocker.node';
import { HermesMonitoring } from '../../nodes/HermesMonitoring/HermesMonitoring.node';
import { HermesVault } from '../../nodes/HermesVault/HermesVault.node';
import { closeAllConnections } from '../../nodes/shared/transport';
import type { INodeType } from 'n8n-workflow';
import { readFileSync, writeFileSync } from 'node:fs';
import { executeNode } from '../harness/executeNode';
import { runCli } from '../e2e/helpers/cli';
import { callTool, connectMcp, waitForMcpEndpoint, type McpSession } from '../e2e/helpers/mcp';
import { listWorkflows } from '../e2e/helpers/n8nRest';
import { startStackWithClient, type HermesStack } from '../e2e/helpers/stack';
import { gatewayAnswer } from '../e2e/helpers/toolCases';
import { executionMark, executionsSince, type ExecutionProfile } from './helpers/executionProfile';
import { deployFloorWorkflows, FLOOR_TOOLS } from './helpers/floorWorkflows';
import { median, ms, table, timed } from './helpers/stats';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 21);
const PROFILE_CALLS = Number(process.env.BENCH_PROFILE_CALLS ?? 9);
const WARM_UP = 2;

type Mode = 'subworkflow' | 'lean' | 'direct';
const MODES: readonly Mode[] = ['subworkflow', 'lean', 'direct'];
/** Each deployment's tool workflow, MCP path and sub-workflow names (lean gets its own sub-workflows). */
const DEPLOYMENTS: Record<Mode, { workflowName: string; mcpPath: string; suffix: string; config: Record<string, unknown> }> = {
	subworkflow: { workflowName: 'Hermes MCP Tools', mcpPath: 'hermes-tools', suffix: '', config: {} },
	lean: { workflowName: 'Hermes MCP Tools (lean)', mcpPath: 'hermes-tools-lean', suffix: ' (lean)', config: { subWorkflowExecutions: 'failures' } },
	direct: { workflowName: 'Hermes MCP Tools (direct)', mcpPath: 'hermes-tools-direct', suffix: '', config: { gatewayMode: 'direct' } },
};

interface ToolWay {
	tool: string;
	/** Arguments of call number `i` (vault_write writes a new note each time). */
	args(i: number, way: string): Record<string, unknown>;
	/** The same operation run by the node itself, without n8n. */
	node: INodeType;
	parameters(stack: HermesStack, i: number): Record<string, unknown>;
	/** Content has no SSH: its node only validates, then the sub-workflow calls the pipeline. */
	ssh: boolean;
}

const NOTE = 'projects/website.md';
const TOOLS: ToolWay[] = [
	{ tool: 'vault_read', args: () => ({ path: NOTE }), node: new HermesVault(), parameters: (s) => ({ operation: 'read', path: NOTE, vaultPath: s.vault.root }), ssh: true },
	{ tool: 'monitoring_query', args: () => ({ promql: 'count(up)' }), node: new HermesMonitoring(), parameters: (s) => ({ operation: 'query', promql: 'count(up)', prometheusUrl: s.prometheus.url }), ssh: true },
	{ tool: 'vault_search', args: () => ({ query: 'POOLED SSH' }), node: new HermesVault(), parameters: (s) => ({ operation: 'search', query: 'POOLED SSH', vaultPath: s.vault.root }), ssh: true },
	{ tool: 'vault_list', args: () => ({ prefix: 'research/' }), node: new HermesVault(), parameters: (s) => ({ operation: 'list', prefix: 'research/', vaultPath: s.vault.root }), ssh: true },
	{
		tool: 'vault_write',
		args: (i, way) => ({ path: `inbox/bench-${way}-${i}.md`, content: `# Bench ${i}\n` }),
		node: new HermesVault(),
		parameters: (s, i) => ({ operation: 'write', path: `inbox/bench-node-${i}.md`, content: `# Bench ${i}\n`, vaultPath: s.vault.root }),
		ssh: true,
	},
	{ tool: 'docker_read', args: () => ({ action: 'status', stack: 'web' }), node: new HermesDocker(), parameters: (s) => ({ operation: 'status', stack: 'web', dockerCommand: s.docker.command }), ssh: true },
	{ tool: 'docker_manage', args: () => ({ action: 'restart', stack: 'blog' }), node: new HermesDocker(), parameters: (s) => ({ operation: 'restart', stack: 'blog', dockerCommand: s.docker.command }), ssh: true },
	{ tool: 'monitoring_alerts', args: () => ({}), node: new HermesMonitoring(), parameters: (s) => ({ operation: 'alerts', prometheusUrl: s.prometheus.url }), ssh: true },
	{ tool: 'content_generate', args: () => ({ content_type: 'note', text: 'Bench draft' }), node: new HermesContent(), parameters: () => ({ contentType: 'note', text: 'Bench draft' }), ssh: false },
];

interface Way {
	name: string;
	/** The MCP session it calls through, undefined for the node run without n8n. */
	session?: () => McpSession;
	run(i: number): Promise<void>;
	/** Executions one call stores at least (the tool workflow's, plus a sub-workflow's unless direct). */
	executions?: number;
}

function expectSuccess(label: string, value: unknown): void {
	const answer = value as { success?: unknown };
	if (answer?.success !== true) throw new Error(`${label} did not succeed: ${JSON.stringify(value).slice(0, 300)}`);
}

let stack: HermesStack;
let stopAll: (() => Promise<void>) | undefined;
const sessions: McpSession[] = [];

beforeAll(async () => {
	({ stack, stop: stopAll } = await startStackWithClient());
}, 420_000);

afterAll(async () => {
	for (const session of sessions) await session.close();
	await closeAllConnections();
	await stopAll?.();
}, 120_000);

/** Pushes the other two deployments with the stack's own config, as a user would. */
async function pushDeployment(mode: Mode): Promise<McpSession> {
	const deployment = DEPLOYMENTS[mode];
	if (mode !== 'subworkflow') {
		const base = JSON.parse(readFileSync(stack.configFile, 'utf8')) as Record<string, unknown>;
		const gatewayWorkflows = Object.fromEntries(GATEWAY_NAMES.map((g) => [g, `${GATEWAY_CONTRACTS[g].subWorkflow.name}${deployment.suffix}`]));
		const file = stack.configFile.replace(/\.json$/, `.${mode}.json`);
		writeFileSync(file, JSON.stringify({ ...base, ...deployment.config, workflowName: deployment.workflowName, mcpPath: deployment.mcpPath, gatewayWorkflows }));
		const push = await runCli(['push', '--url', stack.n8n.baseUrl, '--api-key', stack.n8n.apiKey, '--config', file]);
		if (push.code !== 0) throw new Error(`push (${mode}) exited ${push.code}:\n${push.stdout}\n${push.stderr}`);
	}
	const url = `${stack.n8n.baseUrl}/mcp/${deployment.mcpPath}`;
	await waitForMcpEndpoint(url);
	const session = await connectMcp(url, stack.token);
	sessions.push(session);
	return session;
}

it('splits a tool call into n8n floor, our share and the SSH operation, in every gateway mode', async () => {
	const mcp = {} as Record<Mode | 'floor', McpSession>;
	for (const mode of MODES) mcp[mode] = await pushDeployment(mode);
	const floorPath = await deployFloorWorkflows(stack.n8n, stack.token);
	await waitForMcpEndpoint(`${stack.n8n.baseUrl}/mcp/${floorPath}`);
	mcp.floor = await connectMcp(`${stack.n8n.baseUrl}/mcp/${floorPath}`, stack.token);
	sessions.push(mcp.floor);

	const credentials = { hermesSshApi: stack.sshd.credentials };
	const ways: Way[] = [
		{ name: `floor ${FLOOR_TOOLS.emptySubWorkflow}`, executions: 2, run: async () => expectSuccess('empty sub-workflow', gatewayAnswer(await callTool(mcp.floor, FLOOR_TOOLS.emptySubWorkflow, {}))) },
		{ name: `floor ${FLOOR_TOOLS.emptySubWorkflowLean}`, executions: 1, run: async () => expectSuccess('empty sub-workflow (lean)', gatewayAnswer(await callTool(mcp.floor, FLOOR_TOOLS.emptySubWorkflowLean, {}))) },
		{
			name: `floor ${FLOOR_TOOLS.trivialDirect}`,
			executions: 1,
			run: async () => {
				const answer = await callTool(mcp.floor, FLOOR_TOOLS.trivialDirect, {});
				if (answer.isError || !/currentDate/.test(answer.text)) throw new Error(`trivial tool: ${answer.text.slice(0, 300)}`);
			},
		},
	];
	for (const tool of TOOLS) {
		for (const mode of MODES) {
			const name = `${tool.tool} ${mode}`;
			// Content keeps its sub-workflow in direct mode too.
			const executions = mode === 'lean' || (mode === 'direct' && tool.ssh) ? 1 : 2;
			ways.push({ name, executions, run: async (i) => expectSuccess(name, gatewayAnswer(await callTool(mcp[mode], tool.tool, tool.args(i, mode)))) });
		}
		ways.push({
			name: `${tool.tool} node`,
			run: async (i) => {
				const [[item]] = await executeNode(tool.node, { parameters: tool.parameters(stack, i), credentials });
				expectSuccess(`${tool.tool} node`, item.json);
			},
		});
	}

	// Warm-up (pools, caches, JIT), then interleaved timing.
	let call = 0;
	for (let i = 0; i < WARM_UP; i++) for (const way of ways) await way.run(call++);
	const times = new Map(ways.map((w) => [w.name, [] as number[]]));
	for (let i = 0; i < ITERATIONS; i++) {
		for (let k = 0; k < ways.length; k++) {
			const way = ways[(i + k) % ways.length];
			times.get(way.name)!.push((await timed(() => way.run(call++))).ms);
		}
	}

	// Profile pass: n8n's own figures for a few calls of each way through n8n.
	const profiles = new Map<string, ExecutionProfile[][]>();
	for (const way of ways.filter((w) => w.executions !== undefined)) {
		const runs: ExecutionProfile[][] = [];
		for (let i = 0; i < PROFILE_CALLS; i++) {
			const mark = await executionMark(stack.n8n);
			await way.run(call++);
			runs.push(await executionsSince(stack.n8n, mark, way.executions!));
		}
		profiles.set(way.name, runs);
	}
	const workflowNames = new Map((await listWorkflows(stack.n8n)).map((w) => [w.id, w.name]));
	const toolWorkflowIds = new Set([...workflowNames].filter(([, name]) => name.startsWith('Hermes MCP Tools') || name === 'Call cost floor').map(([id]) => id));

	/** Medians of n8n's figures for one way: tool-workflow execution, the tool node, the sub-workflow execution and its nodes. */
	function breakdown(way: string, toolNode: string) {
		const runs = profiles.get(way) ?? [];
		const main = runs.map((r) => r.find((e) => toolWorkflowIds.has(e.workflowId)));
		const sub = runs.map((r) => r.find((e) => !toolWorkflowIds.has(e.workflowId)));
		const subNodes = [...new Set(sub.flatMap((e) => Object.keys(e?.nodes ?? {})))];
		return {
			toolWorkflowExecMs: median(main.map((e) => e?.durationMs ?? NaN)),
			toolNodeMs: median(main.map((e) => e?.nodes[toolNode] ?? NaN)),
			subWorkflowExecMs: median(sub.map((e) => e?.durationMs ?? NaN)),
			subWorkflowNodesMs: Object.fromEntries(subNodes.map((n) => [n, median(sub.map((e) => e?.nodes[n] ?? NaN))])),
			/** Executions n8n kept per call, and how many of them with data. */
			stored: `${median(runs.map((r) => r.length))}/${median(runs.map((r) => r.filter((e) => e.hasData).length))}`,
		};
	}

	const med = (name: string) => median(times.get(name) ?? []);
	const floor = {
		emptySubWorkflow: med(`floor ${FLOOR_TOOLS.emptySubWorkflow}`),
		emptySubWorkflowLean: med(`floor ${FLOOR_TOOLS.emptySubWorkflowLean}`),
		trivialDirect: med(`floor ${FLOOR_TOOLS.trivialDirect}`),
	};
	const floorBreakdown = {
		emptySubWorkflow: breakdown(`floor ${FLOOR_TOOLS.emptySubWorkflow}`, FLOOR_TOOLS.emptySubWorkflow),
		emptySubWorkflowLean: breakdown(`floor ${FLOOR_TOOLS.emptySubWorkflowLean}`, FLOOR_TOOLS.emptySubWorkflowLean),
		trivialDirect: breakdown(`floor ${FLOOR_TOOLS.trivialDirect}`, FLOOR_TOOLS.trivialDirect),
	};
	const floorFor: Record<Mode, number> = { subworkflow: floor.emptySubWorkflow, lean: floor.emptySubWorkflowLean, direct: floor.trivialDirect };

	const rows: string[][] = [];
	for (const [key, figure] of Object.entries(floor)) {
		const b = floorBreakdown[key as keyof typeof floorBreakdown];
		const nodes = Object.entries(b.subWorkflowNodesMs).map(([n, t]) => `${n} ${ms(t)}`).join(', ');
		rows.push([`floor ${key}`, '', ms(figure), '', '', '', b.stored, ms(b.toolWorkflowExecMs), ms(b.toolNodeMs), ms(b.subWorkflowExecMs), nodes]);
	}
	const results: Record<string, Record<string, unknown>> = {};
	for (const tool of TOOLS) {
		const op = med(`${tool.tool} node`);
		results[tool.tool] = { nodeWithoutN8nMs: op };
		for (const mode of MODES) {
			const call = med(`${tool.tool} ${mode}`);
			const effectiveMode = mode === 'direct' && !tool.ssh ? 'subworkflow' : mode;
			const share = call - floorFor[effectiveMode] - op;
			const b = breakdown(`${tool.tool} ${mode}`, tool.tool);
			const nodes = Object.entries(b.subWorkflowNodesMs).map(([n, t]) => `${n} ${ms(t)}`).join(', ');
			rows.push([tool.tool, mode, ms(call), ms(op), ms(floorFor[effectiveMode]), ms(share), b.stored, ms(b.toolWorkflowExecMs), ms(b.toolNodeMs), ms(b.subWorkflowExecMs), nodes]);
			results[tool.tool][mode] = { callMs: call, floorMs: floorFor[effectiveMode], ourShareMs: share, ...b };
		}
	}
	const header = ['way', 'mode', 'call', 'node w/o n8n', 'floor', 'our share', 'execs/data', 'tool wf exec', 'tool node', 'sub-wf exec', 'sub-workflow nodes'];
	process.stdout.write(`\ncallCost: medians in ms of ${ITERATIONS} interleaved calls per way (n8n figures: medians of ${PROFILE_CALLS} profiled calls)\n`);
	process.stdout.write(`${table(header, rows)}\n`);
	process.stdout.write(
		'floor: subworkflow/lean = empty sub-workflow tool (same saving settings), direct = trivial node used directly as a tool;\n' +
			'our share = call - floor - node w/o n8n (for content, whose node has no SSH, the node only validates);\n' +
			'execs/data = executions n8n stored per call / of them with data; tool wf exec, sub-wf exec = stoppedAt - startedAt of the execution\n' +
			'(for the MCP tool call this brackets only n8n recording the run: it is shorter than the tool node); tool node = its runData executionTime\n\n',
	);

	// Ratios are medians of per-iteration figures: the ways of one iteration ran seconds apart, so a
	// load change on the machine moves both sides of each ratio alike.
	const series = (name: string) => times.get(name) ?? [];
	const paired = (f: (i: number) => number) => median(Array.from({ length: ITERATIONS }, (_, i) => f(i)));
	const ratioRows: string[][] = [];
	const ratios: Record<string, Record<string, number>> = {};
	for (const tool of TOOLS) {
		const [sub, lean, direct, op] = ['subworkflow', 'lean', 'direct', 'node'].map((m) => series(`${tool.tool} ${m}`));
		const [emptySub, emptyLean, trivial] = [FLOOR_TOOLS.emptySubWorkflow, FLOOR_TOOLS.emptySubWorkflowLean, FLOOR_TOOLS.trivialDirect].map((t) => series(`floor ${t}`));
		ratios[tool.tool] = {
			directOverSubworkflow: paired((i) => direct[i] / sub[i]),
			directOverSubworkflowLean: paired((i) => direct[i] / lean[i]),
			directOverFloorPlusOp: paired((i) => direct[i] / (trivial[i] + op[i])),
			subworkflowOurShareMs: paired((i) => sub[i] - emptySub[i] - op[i]),
			leanOurShareMs: paired((i) => lean[i] - emptyLean[i] - op[i]),
			leanMinusSubworkflowMs: paired((i) => lean[i] - sub[i]),
		};
		const x = ratios[tool.tool];
		ratioRows.push([
			tool.tool,
			x.directOverSubworkflow.toFixed(2),
			x.directOverSubworkflowLean.toFixed(2),
			x.directOverFloorPlusOp.toFixed(2),
			ms(x.subworkflowOurShareMs),
			ms(x.leanOurShareMs),
			ms(x.leanMinusSubworkflowMs),
		]);
	}
	ratios.floor = {
		emptyLeanMinusEmptyMs: paired((i) => series(`floor ${FLOOR_TOOLS.emptySubWorkflowLean}`)[i] - series(`floor ${FLOOR_TOOLS.emptySubWorkflow}`)[i]),
		emptyMinusTrivialMs: paired((i) => series(`floor ${FLOOR_TOOLS.emptySubWorkflow}`)[i] - series(`floor ${FLOOR_TOOLS.trivialDirect}`)[i]),
	};
	process.stdout.write('ratios, medians of the per-iteration figures (goals: direct/subworkflow <= 0.55, direct/(floor trivial direct + node w/o n8n) <= 1.15, sub-workflow our share <= 15 ms)\n');
	process.stdout.write(`${table(['tool', 'direct/subwf', 'direct/lean', 'direct/(floor+op)', 'subwf share', 'lean share', 'lean - subwf'], ratioRows)}\n`);
	process.stdout.write(
		`floor: lean empty sub-workflow - empty sub-workflow ${ms(ratios.floor.emptyLeanMinusEmptyMs)} ms; empty sub-workflow - trivial direct tool ${ms(ratios.floor.emptyMinusTrivialMs)} ms\n`,
	);
	process.stdout.write(`${JSON.stringify({ bench: 'callCost', iterations: ITERATIONS, floor, floorBreakdown, results, ratios })}\n`);

	// Correctness only: every way ran every time (a failed call throws above).
	for (const way of ways) expect({ way: way.name, calls: times.get(way.name)!.length }).toEqual({ way: way.name, calls: ITERATIONS });
});
