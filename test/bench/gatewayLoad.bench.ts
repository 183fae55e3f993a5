/**
 * Benchmark: gateway tools under load against n8n's own floor, with the CPU of each call split
 * between the machine's parts. One stack (regular mode, gateway mode `direct`), one run: at 8 and
 * then 32 concurrent MCP sessions, rounds of phases interleaved so that no tool gets a quieter
 * moment of the machine than another:
 * - `trivial_direct`: n8n's Date & Time node used directly as a tool (n8n's floor for a call);
 * - `trivial_direct_in_tool_workflow`: the same tool in a copy of the Hermes tool workflow (all its
 *   nodes and the floor tool): n8n's floor for a call to a workflow that size, since n8n works
 *   through every node of the workflow on each call;
 * - each read gateway tool (vault_read, vault_search, vault_list, monitoring_query,
 *   monitoring_alerts, docker_read) and vault_write (a new note per call, so each is a commit);
 * - and, without n8n, the vault read's SSH operation alone over the warm pool.
 * Per phase: calls/s, p50/p99 latency, errors, and CPU milliseconds per call of the n8n process
 * tree (or this process for the SSH-only phase), of sshd and everything it runs for a call
 * (session processes, bash, git, curl), of Prometheus and of the Docker daemon, read from /proc
 * before and after the phase. Medians over the rounds; then one JSON line.
 * Real: n8n 2.41.1 with the packed package, OpenSSH sshd, git, Prometheus, Debian's Docker
 * Engine (docker_read's status goes to its socket). Stand-in: Odoo (not called here).
 * Figures only, no timed assertion; every call must succeed.
 */
import { READ_SCRIPT } from '../../nodes/HermesVault/scripts/read';
import { closeAllConnections, runRemote } from '../../nodes/shared/transport';
import { callTool, connectMcp, type McpSession } from '../e2e/helpers/mcp';
import { REPO_ROOT } from '../e2e/helpers/repoRoot';
import { startHermesStack, type HermesStack } from '../e2e/helpers/stack';
import { gatewayAnswer } from '../e2e/helpers/toolCases';
import { startDockerEngine } from '../harness/dockerEngine';
import { startN8n } from '../harness/n8n';
import { treeCpuSeconds } from '../harness/procTree';
import { defaultConfig } from '../../generator/config/defaults';
import { deployFloorInWorkflowOf, deployFloorWorkflows, FLOOR_TOOLS } from './helpers/floorWorkflows';
import { median, ms, percentile, table } from './helpers/stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 96);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SESSIONS = (process.env.BENCH_SESSIONS ?? '8,32').split(',').map(Number);
const FLOOR = FLOOR_TOOLS.trivialDirect;
const SSH_ONLY = 'vault_read over the pool, no n8n';

type Args = (call: number) => Record<string, unknown>;
/** Which MCP endpoint a phase calls: the small floor workflow, the copy of the tool workflow, or the tool workflow. */
type Endpoint = 'floor' | 'floorInToolWorkflow' | 'tools';
const PHASES: Array<{ tool: string; args: Args; endpoint?: Endpoint }> = [
	{ tool: FLOOR, args: () => ({}), endpoint: 'floor' },
	{ tool: FLOOR_TOOLS.trivialInToolWorkflow, args: () => ({}), endpoint: 'floorInToolWorkflow' },
	{ tool: 'vault_read', args: () => ({ path: 'projects/website.md' }) },
	{ tool: 'vault_search', args: () => ({ query: 'pooled' }) },
	{ tool: 'vault_list', args: () => ({ prefix: 'research/' }) },
	{ tool: 'monitoring_query', args: () => ({ promql: 'count(up)' }) },
	{ tool: 'monitoring_alerts', args: () => ({}) },
	{ tool: 'docker_read', args: () => ({ action: 'status', stack: 'web' }) },
	{ tool: 'vault_write', args: (call) => ({ path: `inbox/load-${process.pid}-${Date.now()}-${call}.md`, content: `# Load note ${call}\n` }) },
];

interface Cpu {
	n8n: number;
	sshd: number;
	prometheus: number;
	dockerd: number;
}

interface PhaseResult {
	tool: string;
	sessions: number;
	calls: number;
	errors: number;
	callsPerSecond: number;
	p50Ms: number;
	p99Ms: number;
	/** CPU milliseconds per call. */
	cpu: Cpu;
}

/** CPU seconds so far of the parts: n8n's process tree (or this process), sshd's tree, Prometheus, dockerd's tree. */
function cpuNow(stack: HermesStack, dockerdPid: number, n8nPid: number | 'self'): Cpu {
	const self = process.cpuUsage();
	const sshd = stack.sshd.pid();
	return {
		n8n: n8nPid === 'self' ? (self.user + self.system) / 1e6 : treeCpuSeconds(n8nPid),
		sshd: sshd === undefined ? 0 : treeCpuSeconds(sshd),
		prometheus: treeCpuSeconds(stack.prometheus.pid),
		dockerd: treeCpuSeconds(dockerdPid),
	};
}

/** `CALLS` calls shared by the sessions, each calling one after the other; latencies and CPU. */
async function phase(
	stack: HermesStack,
	dockerdPid: number,
	tool: string,
	sessions: number,
	call: (index: number) => Promise<boolean>,
	n8nPid: number | 'self',
): Promise<PhaseResult> {
	const latencies: number[] = [];
	let errors = 0;
	let next = 0;
	const before = cpuNow(stack, dockerdPid, n8nPid);
	const started = process.hrtime.bigint();
	await Promise.all(
		Array.from({ length: sessions }, async () => {
			for (let index = next++; index < CALLS; index = next++) {
				const start = process.hrtime.bigint();
				const ok = await call(index).catch(() => false);
				if (!ok) errors++;
				latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
			}
		}),
	);
	const seconds = Number(process.hrtime.bigint() - started) / 1e9;
	const after = cpuNow(stack, dockerdPid, n8nPid);
	const perCall = (part: keyof Cpu) => ((after[part] - before[part]) * 1000) / latencies.length;
	return {
		tool,
		sessions,
		calls: latencies.length,
		errors,
		callsPerSecond: latencies.length / seconds,
		p50Ms: percentile(latencies, 50),
		p99Ms: percentile(latencies, 99),
		cpu: { n8n: perCall('n8n'), sshd: perCall('sshd'), prometheus: perCall('prometheus'), dockerd: perCall('dockerd') },
	};
}

function medianResult(results: PhaseResult[]): PhaseResult {
	const of = (pick: (r: PhaseResult) => number) => median(results.map(pick));
	return {
		tool: results[0].tool,
		sessions: results[0].sessions,
		calls: results.reduce((sum, r) => sum + r.calls, 0),
		errors: results.reduce((sum, r) => sum + r.errors, 0),
		callsPerSecond: of((r) => r.callsPerSecond),
		p50Ms: of((r) => r.p50Ms),
		p99Ms: of((r) => r.p99Ms),
		cpu: { n8n: of((r) => r.cpu.n8n), sshd: of((r) => r.cpu.sshd), prometheus: of((r) => r.cpu.prometheus), dockerd: of((r) => r.cpu.dockerd) },
	};
}

it('gateway tools under load against the floor tool, with the CPU of a call split', async () => {
	const engine = await startDockerEngine();
	await Promise.all(['app', 'db'].map(async (service) => await engine.composeContainer({ project: 'web', service, state: 'running' })));
	const stack = await startHermesStack({
		startN8n: () => startN8n({ repoRoot: REPO_ROOT }),
		gatewayMode: 'direct',
		// The Docker gateway's command talks to the real daemon, so its reads go to the daemon's socket.
		config: { docker: { command: engine.command, protectedStacks: ['security-stack'] } },
	}).catch(async (error: unknown) => {
		await engine.stop();
		throw error;
	});
	const results: PhaseResult[] = [];
	try {
		const floorPath = await deployFloorWorkflows(stack.n8n, stack.token);
		const floorUrl = stack.mcpUrl.replace(/\/mcp\/[^/]+$/, `/mcp/${floorPath}`);
		const bigFloorPath = await deployFloorInWorkflowOf(stack.n8n, defaultConfig().workflowName);
		const bigFloorUrl = stack.mcpUrl.replace(/\/mcp\/[^/]+$/, `/mcp/${bigFloorPath}`);
		const vaultRead = { script: READ_SCRIPT, args: [stack.vault.root], stdin: Buffer.from('projects/website.md'), timeoutSeconds: 30, readOnly: true };
		for (const sessions of SESSIONS) {
			// Sessions open 8 at a time: a burst of 32 session starts per endpoint can make n8n's SQLite answer "Database is not ready".
			const connectAll = async (url: string) => {
				const opened: McpSession[] = [];
				while (opened.length < sessions) {
					opened.push(...(await Promise.all(Array.from({ length: Math.min(8, sessions - opened.length) }, () => connectMcp(url, stack.token)))));
				}
				return opened;
			};
			const clients: Record<Endpoint, McpSession[]> = { tools: await connectAll(stack.mcpUrl), floor: await connectAll(floorUrl), floorInToolWorkflow: await connectAll(bigFloorUrl) };
			const clientOf = (index: number, endpoint: Endpoint = 'tools'): McpSession => clients[endpoint][index % sessions];
			try {
				// Warm-up: a call per session and tool (SSH pool, n8n's caches), not measured.
				for (const { tool, args, endpoint } of PHASES.filter((p) => p.tool !== 'vault_write')) {
					await Promise.all(Array.from({ length: sessions }, (_, i) => callTool(clientOf(i, endpoint), tool, args(i))));
				}
				const byPhase = new Map<string, PhaseResult[]>();
				const add = (result: PhaseResult) => byPhase.set(result.tool, [...(byPhase.get(result.tool) ?? []), result]);
				for (let round = 0; round < ROUNDS; round++) {
					for (const { tool, args, endpoint } of PHASES) {
						add(
							await phase(
								stack,
								engine.dockerdPid,
								tool,
								sessions,
								async (index) => {
									const answer = await callTool(clientOf(index, endpoint), tool, args(round * CALLS + index));
									return endpoint ? !answer.isError : gatewayAnswer(answer).success === true;
								},
								stack.n8n.pid,
							),
						);
					}
					add(await phase(stack, engine.dockerdPid, SSH_ONLY, sessions, async () => (await runRemote(stack.sshd.connection, vaultRead)).exitCode === 0, 'self'));
				}
				results.push(...[...byPhase.values()].map(medianResult));
			} finally {
				await Promise.all(Object.values(clients).flat().map((client) => client.close()));
			}
		}
	} finally {
		closeAllConnections();
		await stack.stop();
		await engine.stop();
	}

	const floorOf = (sessions: number, tool: string = FLOOR) => results.find((r) => r.tool === tool && r.sessions === sessions)!;
	const totalCpu = (r: PhaseResult) => r.cpu.n8n + r.cpu.sshd + r.cpu.prometheus + r.cpu.dockerd;
	const rows = results.map((r) => {
		const host = r.cpu.sshd;
		// The machine's other work moves calls/s; CPU per call moves far less, so its ratio is a steadier "vs floor".
		const cpuRatio = (floor: string) => (r.tool === SSH_ONLY ? '-' : (totalCpu(floorOf(r.sessions, floor)) / totalCpu(r)).toFixed(2));
		return [
			r.tool,
			String(r.sessions),
			r.callsPerSecond.toFixed(2),
			ms(r.p50Ms),
			ms(r.p99Ms),
			r.tool === SSH_ONLY ? '-' : (r.callsPerSecond / floorOf(r.sessions).callsPerSecond).toFixed(2),
			r.tool === SSH_ONLY ? '-' : (r.callsPerSecond / floorOf(r.sessions, FLOOR_TOOLS.trivialInToolWorkflow).callsPerSecond).toFixed(2),
			cpuRatio(FLOOR),
			cpuRatio(FLOOR_TOOLS.trivialInToolWorkflow),
			ms(r.cpu.n8n),
			ms(host),
			ms(r.cpu.prometheus),
			ms(r.cpu.dockerd),
			ms(totalCpu(r)),
			String(r.errors),
		];
	});
	process.stdout.write(
		`\nGateway tools under load (regular mode, direct gateway mode; ${CALLS} calls per phase, ${ROUNDS} interleaved rounds, medians; CPU in ms per call)\n${table(
			['tool', 'sessions', 'calls/s', 'p50 ms', 'p99 ms', 'vs floor', 'vs floor in tool workflow', 'floor cpu / cpu', 'same, floor in tool workflow', 'n8n cpu', 'sshd+children cpu', 'prometheus cpu', 'dockerd cpu', 'total cpu', 'errors'],
			rows,
		)}\n(the SSH-only row's "n8n cpu" is this process: the node's transport without n8n)\n${JSON.stringify({ bench: 'gatewayLoad', calls: CALLS, rounds: ROUNDS, results })}\n`,
	);
	expect(results.reduce((sum, r) => sum + r.errors, 0)).toBe(0);
	// Two session counts x rounds x phases of 96 calls take 10-15 minutes on the 2-core machine.
}, 1_800_000);
