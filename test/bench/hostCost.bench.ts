/**
 * Benchmark: what one gateway operation costs on the SSH host, without n8n. Against a real
 * OpenSSH sshd, a git vault, Prometheus and Debian's Docker Engine, it runs the vault read, list
 * and search, the Prometheus query (by curl on the host, and as HTTP through a TCP channel), the
 * Docker status read (by a command on the host, and through the daemon's socket) and the vault
 * write over the warm pool, one call after the other, and reports per call: latency (p50), CPU
 * milliseconds of this process (the node's transport), of sshd with everything it runs, and of
 * the Docker daemon, and, when strace is installed, the processes started on the host (execve)
 * per call. The compose plugin cannot run here: the command rows are the real CLI's `docker ps`
 * (less than `docker compose ps` does: compose also inspects each container) and the stand-in
 * that plays `docker compose` in the tests (a Node script, so mostly Node's start-up).
 * Figures only, no timed assertion; every call must succeed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

import { LIST_SCRIPT } from '../../nodes/HermesVault/scripts/list';
import { READ_SCRIPT } from '../../nodes/HermesVault/scripts/read';
import { SEARCH_SCRIPT } from '../../nodes/HermesVault/scripts/search';
import { WRITE_SCRIPT } from '../../nodes/HermesVault/scripts/write';
import { QUERY_SCRIPT } from '../../nodes/HermesMonitoring/scripts/curl';
import { MONITORING_CAPS } from '../../core/monitoring/contract';
import { STATUS_SCRIPT } from '../../nodes/HermesDocker/scripts/compose';
import { containerListPath } from '../../nodes/HermesDocker/helpers/composeViews';
import { ENGINE_BODY_BYTES, ENGINE_SECONDS } from '../../nodes/HermesDocker/helpers/engine';
import { closeAllConnections, requestOverSsh, runRemote, type RemoteCommand } from '../../nodes/shared/transport';
import { startDockerEngine, type DockerEngineHandle } from '../harness/dockerEngine';
import { createDockerStandIn } from '../harness/dockerStandIn';
import { createGitVault, type GitVault } from '../harness/gitVault';
import { descendants, treeCpuSeconds } from '../harness/procTree';
import { startPrometheus, type PrometheusHandle } from '../harness/prometheus';
import { startSshd, type SshdHandle } from '../harness/sshd';
import { median, ms, percentile, table } from './helpers/stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 60);
const STRACE_CALLS = 5;

type Command = (call: number) => RemoteCommand;

function commands(vault: GitVault, prometheusUrl: string): Array<{ name: string; command: Command }> {
	return [
		{
			name: 'vault_read',
			command: () => ({ script: READ_SCRIPT, args: [vault.root], stdin: 'projects/website.md', timeoutSeconds: 30, readOnly: true }),
		},
		{
			name: 'vault_list',
			command: () => ({ script: LIST_SCRIPT, args: [vault.root], stdin: 'projects/', timeoutSeconds: 30, readOnly: true }),
		},
		{
			name: 'vault_search',
			command: () => ({ script: SEARCH_SCRIPT, args: [vault.root], stdin: 'pooled', timeoutSeconds: 30, readOnly: true }),
		},
		{
			name: 'monitoring_query',
			command: () => ({ script: QUERY_SCRIPT, args: [prometheusUrl, '20', '8388608'], stdin: 'count(up)', timeoutSeconds: 30, readOnly: true }),
		},
		{
			name: 'vault_write',
			command: (call) => {
				const content = Buffer.from(`# Host cost ${call}\n`);
				const digest = createHash('sha256').update(content).digest('hex');
				return {
					script: WRITE_SCRIPT,
					args: [vault.root, String(content.length), digest, 'inbox/', '20', '10'],
					stdin: Buffer.concat([Buffer.from(`inbox/cost-${process.pid}-${Date.now()}-${call}.md\n\n`), content]),
					timeoutSeconds: 60,
					readOnly: false,
				};
			},
		},
	];
}

function succeeded(name: string, stdout: Buffer): boolean {
	const text = stdout.toString('utf8');
	if (name === 'monitoring_query') return text.includes('"status":"success"');
	if (name === 'vault_search') return text.startsWith('OK\n') && text.includes('projects/website.md');
	return text.startsWith('OK ');
}

/** `git grep` rather than `git`: a git's first argument that is no option names what it did. */
function programOf(line: string): string {
	const program = /execve\("([^"]*)"/.exec(line)?.[1].split('/').pop() ?? '?';
	if (program !== 'git') return program;
	const argv = /\[(.*?)\]/.exec(line)?.[1].split(', ').map((arg) => arg.replace(/^"|"$/g, '')) ?? [];
	let at = 1;
	while (at < argv.length && argv[at].startsWith('-')) at += argv[at] === '-C' || argv[at] === '-c' ? 2 : 1;
	return `git ${argv[at] ?? ''}`.trim();
}

/** Processes the host started per call: strace follows sshd while `calls` calls run. */
async function processesPerCall(sshd: SshdHandle, run: () => Promise<void>, calls: number): Promise<{ count: number; programs: string } | undefined> {
	if (spawnSync('strace', ['-V']).status !== 0) return undefined;
	const out = join(tmpdir(), `hermes-strace-${process.pid}-${Date.now()}`);
	// The pooled connection's session process already runs: follow it too, not only new ones.
	const pids = [sshd.pid()!, ...descendants(sshd.pid()!)].flatMap((pid) => ['-p', String(pid)]);
	const tracer = spawn('strace', ['-f', '-qq', '-e', 'trace=execve', '-o', out, ...pids], { stdio: 'ignore' });
	await new Promise((resolve) => setTimeout(resolve, 500));
	for (let i = 0; i < calls; i++) await run();
	await new Promise((resolve) => setTimeout(resolve, 300));
	tracer.kill('SIGINT');
	await new Promise((resolve) => tracer.once('exit', resolve));
	const lines = readFileSync(out, 'utf8').split('\n').filter((line) => /execve\(/.test(line) && !/= -1 /.test(line));
	rmSync(out, { force: true });
	const byProgram = new Map<string, number>();
	for (const line of lines) {
		const program = programOf(line);
		byProgram.set(program, (byProgram.get(program) ?? 0) + 1);
	}
	const programs = [...byProgram].map(([program, n]) => `${program} ${(n / calls).toFixed(1).replace(/\.0$/, '')}`).join(', ') || 'none';
	return { count: lines.length / calls, programs };
}

it('host cost of one gateway operation over the warm pool', async () => {
	const sshd = await startSshd();
	const vault = createGitVault();
	const prometheus: PrometheusHandle = await startPrometheus();
	const engine: DockerEngineHandle = await startDockerEngine();
	const standIn = createDockerStandIn();
	for (const service of ['app', 'worker', 'db']) await engine.composeContainer({ project: 'web', service, state: 'running' });
	vault.commitFiles({ 'projects/website.md': '# Website\n\nThe pooled notes.\n'.repeat(20) }, 'seed');
	const rows: string[][] = [];
	const results: unknown[] = [];
	const programsOf: string[] = [];
	try {
		const operations = commands(vault, prometheus.url).map(({ name, command }) => ({
			name,
			once: async (call: number) => {
				const result = await runRemote(sshd.connection, command(call));
				if (!succeeded(name, result.stdout)) throw new Error(`${name} failed: ${result.stdout.toString().slice(0, 200)} ${result.stderr}`);
			},
		}));
		// What the Monitoring node sends for an http URL where sshd carries TCP channels.
		operations.splice(4, 0, {
			name: 'monitoring_query, TCP channel',
			once: async () => {
				const form = { query: 'count(up)' };
				const result = await requestOverSsh(sshd.connection, { url: `${prometheus.url}/api/v1/query`, method: 'POST', form, timeoutSeconds: 20, maxBodyBytes: MONITORING_CAPS.responseBytes });
				if (result.kind !== 'response' || !succeeded('monitoring_query', result.body)) throw new Error(`monitoring_query over a channel failed: ${JSON.stringify(result).slice(0, 200)}`);
			},
		});
		// docker_read status: the command's way (the real CLI's nearest command, and the tests'
		// compose stand-in) and the Engine API's way the node takes where it reaches the socket.
		const dockerOk = (name: string, text: string) => {
			if (!text.includes('web-app-1')) throw new Error(`${name} failed: ${text.slice(0, 200)}`);
		};
		const listed = `"$1" ps --all --filter label=com.docker.compose.project="$2" --format '{{json .}}'`;
		operations.splice(operations.length - 1, 0, {
			name: 'docker status, docker ps (real CLI)',
			once: async () => dockerOk('docker ps', (await runRemote(sshd.connection, { script: listed, args: [engine.command, 'web'], timeoutSeconds: 30, readOnly: true })).stdout.toString()),
		}, {
			name: 'docker status, compose stand-in',
			once: async () => dockerOk('compose stand-in', (await runRemote(sshd.connection, { script: STATUS_SCRIPT, args: [standIn.command, 'web'], timeoutSeconds: 30, readOnly: true })).stdout.toString()),
		}, {
			name: 'docker status, Engine API over a socket channel',
			once: async () => {
				const result = await requestOverSsh(sshd.connection, { url: `http://docker${containerListPath('web')}`, socketPath: engine.socket, method: 'GET', timeoutSeconds: ENGINE_SECONDS, maxBodyBytes: ENGINE_BODY_BYTES });
				dockerOk('Engine API', result.kind === 'response' ? result.body.toString() : JSON.stringify(result));
			},
		});
		for (const { name, once } of operations) {
			for (let i = 0; i < 5; i++) await once(i);
			const latencies: number[] = [];
			const selfBefore = process.cpuUsage();
			const hostBefore = treeCpuSeconds(sshd.pid()!);
			const daemonBefore = treeCpuSeconds(engine.dockerdPid);
			for (let i = 0; i < CALLS; i++) {
				const start = process.hrtime.bigint();
				await once(1000 + i);
				latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
			}
			const self = process.cpuUsage(selfBefore);
			const hostMs = ((treeCpuSeconds(sshd.pid()!) - hostBefore) * 1000) / CALLS;
			const daemonMs = ((treeCpuSeconds(engine.dockerdPid) - daemonBefore) * 1000) / CALLS;
			const selfMs = (self.user + self.system) / 1000 / CALLS;
			let call = 5000;
			const processes = await processesPerCall(sshd, async () => await once(call++), STRACE_CALLS);
			rows.push([name, ms(median(latencies)), ms(percentile(latencies, 99)), ms(selfMs), ms(hostMs), ms(daemonMs), processes === undefined ? '-' : processes.count.toFixed(1)]);
			if (processes) programsOf.push(`${name}: ${processes.programs}`);
			results.push({ name, p50Ms: median(latencies), p99Ms: percentile(latencies, 99), transportCpuMs: selfMs, hostCpuMs: hostMs, dockerdCpuMs: daemonMs, processesPerCall: processes });
		}
	} finally {
		await closeAllConnections();
		await prometheus.stop();
		await engine.stop();
		standIn.remove();
		vault.remove();
		await sshd.stop();
	}
	process.stdout.write(
		`\nOne gateway operation over the warm pool, no n8n (${CALLS} calls each, one at a time)\n${table(
			['operation', 'p50 ms', 'p99 ms', 'transport cpu ms', 'host cpu ms (sshd+children)', 'dockerd cpu ms', 'processes started per call'],
			rows,
		)}\n${programsOf.length ? `Processes per call by program:\n${programsOf.join('\n')}\n` : ''}${JSON.stringify({ bench: 'hostCost', calls: CALLS, results })}\n`,
	);
});
