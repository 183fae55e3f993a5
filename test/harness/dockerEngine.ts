import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Debian's real Docker Engine (dockerd, with its own containerd), started from its own folders
 * with no networking: a socket in a scratch folder, no iptables, no bridge. No image can be
 * pulled here, so one is made from busybox-static. Containers get compose's labels by hand: the
 * compose plugin is what cannot run here, not the engine it talks to.
 */
export interface DockerEngineHandle {
	/** The daemon's Unix socket. */
	socket: string;
	/**
	 * A `docker` for the node's Docker Command setting: the real CLI pointed at this daemon by
	 * DOCKER_HOST, recording each argv it is given.
	 */
	command: string;
	/** argv of every call of `command` so far, in order. */
	commandCalls(): string[][];
	clearCalls(): void;
	/** Runs the real CLI against this daemon; returns its stdout. */
	docker(...args: string[]): Promise<string>;
	/** A container of a compose stack (labels as compose writes them), from the busybox image. */
	composeContainer(spec: ComposeContainerSpec): Promise<void>;
	/**
	 * Stops the daemon (SIGSTOP) and resolves once every one of its threads is stopped, so a
	 * request sent after it meets a daemon that takes the connection and never answers.
	 * Resolves to the function that lets it run again.
	 */
	freeze(): Promise<() => void>;
	dockerdPid: number;
	stop(): Promise<void>;
}

export interface ComposeContainerSpec {
	project: string;
	service: string;
	/** Defaults to `<project>-<service>-1`, compose's own naming. */
	name?: string;
	/** running: sleeps; exited: exits with `exitCode`; created: never started. */
	state: 'running' | 'exited' | 'created';
	exitCode?: number;
	/** A health check that passes or fails at once (running containers). */
	health?: 'healthy' | 'unhealthy';
}

const DOCKERD = '/usr/sbin/dockerd';
const BUSYBOX = '/bin/busybox';
export const TEST_IMAGE = 'local/busybox:1';
const APPLETS = ['sh', 'sleep', 'true', 'false', 'echo', 'cat'];
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether each thread of the process is in state T (stopped), as /proc tells. */
function allThreadsStopped(pid: number): boolean {
	const tasks = readdirSync(`/proc/${pid}/task`);
	// The state follows the command name, which is in parentheses and may hold spaces.
	return tasks.every((task) => /\) T /.test(readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8')));
}

async function ping(socket: string): Promise<boolean> {
	return await new Promise((resolve) => {
		const req = request({ socketPath: socket, path: '/_ping', timeout: 2_000 }, (response) => {
			response.resume();
			resolve(response.statusCode === 200);
		});
		req.on('error', () => resolve(false));
		req.on('timeout', () => req.destroy());
		req.end();
	});
}

export async function startDockerEngine(): Promise<DockerEngineHandle> {
	for (const needed of [DOCKERD, BUSYBOX]) {
		if (!existsSync(needed)) throw new Error(`${needed} is missing: install docker.io and busybox-static (bash test/setup/install-host-deps.sh)`);
	}
	if (process.getuid?.() !== 0) throw new Error('dockerd runs as root: run the tests as root');
	// Short: containerd's own sockets live under the exec root, and a socket path has 108 bytes.
	const dir = mkdtempSync(join(tmpdir(), 'hd-'));
	const socket = join(dir, 'docker.sock');
	const env = { ...process.env, DOCKER_HOST: `unix://${socket}` };
	const child: ChildProcess = spawn(
		DOCKERD,
		['--data-root', join(dir, 'data'), '--exec-root', join(dir, 'exec'), '-H', `unix://${socket}`, '--pidfile', join(dir, 'pid'), '--iptables=false', '--bridge=none'],
		{ stdio: ['ignore', 'ignore', 'pipe'] },
	);
	let log = '';
	child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
	const deadline = Date.now() + 60_000;
	while (!(await ping(socket))) {
		if (child.exitCode !== null) throw new Error(`dockerd exited (${child.exitCode}) before it was ready:\n${log}`);
		if (Date.now() > deadline) throw new Error(`dockerd: not ready after 60 s:\n${log}`);
		await sleep(200);
	}
	const docker = async (...args: string[]) => (await run('docker', args, { env, maxBuffer: 16 << 20 })).stdout;

	const rootfs = join(dir, 'rootfs');
	mkdirSync(join(rootfs, 'bin'), { recursive: true });
	writeFileSync(join(rootfs, 'bin', 'busybox'), readFileSync(BUSYBOX));
	chmodSync(join(rootfs, 'bin', 'busybox'), 0o755);
	for (const applet of APPLETS) symlinkSync('busybox', join(rootfs, 'bin', applet));
	await run('sh', ['-c', `tar -C '${rootfs}' -c . | docker import - ${TEST_IMAGE}`], { env });

	const calls = join(dir, 'calls.log');
	const command = join(dir, 'docker');
	writeFileSync(calls, '');
	// Each argument on its own line, a blank line after each call.
	writeFileSync(command, ['#!/bin/sh', `printf '%s\\n' "$@" '' >> '${calls}'`, `DOCKER_HOST='unix://${socket}' exec docker "$@"`, ''].join('\n'));
	chmodSync(command, 0o755);

	return {
		socket,
		command,
		commandCalls: () =>
			readFileSync(calls, 'utf8')
				.split('\n\n')
				.filter((call) => call.trim())
				.map((call) => call.replace(/^\n/, '').split('\n')),
		clearCalls: () => writeFileSync(calls, ''),
		docker,
		dockerdPid: child.pid ?? 0,
		async freeze() {
			const pid = child.pid;
			if (pid === undefined) throw new Error('dockerd has no pid');
			process.kill(pid, 'SIGSTOP');
			// A signal stops each thread when it next runs: on a loaded machine that is not at once.
			const until = Date.now() + 10_000;
			while (!allThreadsStopped(pid)) {
				if (Date.now() > until) throw new Error(`dockerd (${pid}): not every thread stopped 10 s after SIGSTOP`);
				await sleep(20);
			}
			return () => process.kill(pid, 'SIGCONT');
		},
		async composeContainer(spec) {
			const name = spec.name ?? `${spec.project}-${spec.service}-1`;
			const labels = ['com.docker.compose.project', spec.project, 'com.docker.compose.service', spec.service, 'com.docker.compose.container-number', '1'];
			const args = ['--network', 'none', '--name', name];
			for (let i = 0; i < labels.length; i += 2) args.push('--label', `${labels[i]}=${labels[i + 1]}`);
			if (spec.health) args.push('--health-cmd', spec.health === 'healthy' ? 'true' : 'false', '--health-interval', '1s', '--health-retries', '1');
			const script = spec.state === 'running' ? 'exec sleep 3600' : `exit ${spec.exitCode ?? 0}`;
			if (spec.state === 'created') await docker('create', ...args, TEST_IMAGE, 'sh', '-c', script);
			else await docker('run', '-d', ...args, TEST_IMAGE, 'sh', '-c', script);
			// `docker wait` prints the exit code rather than exiting with it.
			if (spec.state === 'exited') await docker('wait', name);
			if (!spec.health) return;
			const wanted = spec.health;
			const until = Date.now() + 30_000;
			while ((await docker('inspect', '--format', '{{.State.Health.Status}}', name)).trim() !== wanted) {
				if (Date.now() > until) throw new Error(`${name}: not ${wanted} after 30 s`);
				await sleep(250);
			}
		},
		async stop() {
			const ids = (await docker('ps', '-aq').catch(() => '')).split('\n').filter(Boolean);
			if (ids.length) await docker('rm', '-f', ...ids).catch(() => '');
			if (child.exitCode === null) {
				child.kill('SIGTERM');
				// dockerd stops its containerd before it exits; past 20 s it is killed.
				const exited = await new Promise<boolean>((resolve) => {
					const timer = setTimeout(() => resolve(false), 20_000);
					child.once('exit', () => {
						clearTimeout(timer);
						resolve(true);
					});
				});
				if (!exited) child.kill('SIGKILL');
			}
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
