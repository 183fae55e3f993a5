/**
 * A throwaway Redis (Debian's redis-server, no system service) on 127.0.0.1 and a free port:
 * no snapshots, no append-only file, so nothing outlives the run. A fresh server per instance
 * also means no stale webhook or MCP session entry from an earlier run (n8n caches both there).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePorts } from '../n8n/freePort';
import { killOnExit, logTail, sleep, stopChild } from '../n8n/process';

export interface RedisHandle {
	host: string;
	port: number;
	logFile: string;
	stop(): Promise<void>;
}

/** One PING over a raw socket: answers true on `+PONG`. */
function ping(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect({ host: '127.0.0.1', port });
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.once('error', () => done(false));
		socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
		socket.once('connect', () => socket.write('PING\r\n'));
	});
}

export async function startRedis(timeoutMs = 30_000): Promise<RedisHandle> {
	const [port] = await freePorts(1);
	const dir = mkdtempSync(join(tmpdir(), 'hermes-redis-'));
	const logFile = join(dir, 'redis.log');
	const logFd = openSync(logFile, 'a');
	const child = spawn(
		'redis-server',
		['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
		{ stdio: ['ignore', logFd, logFd], detached: true },
	);
	closeSync(logFd);
	let spawnError: Error | undefined;
	child.once('error', (error) => (spawnError = error)); // e.g. redis-server not installed
	const forgetOnExit = killOnExit(child);
	const stop = async () => {
		await stopChild(child);
		forgetOnExit();
		rmSync(dir, { recursive: true, force: true });
	};
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (await ping(port)) return { host: '127.0.0.1', port, logFile, stop };
		if (spawnError || child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
			const tail = spawnError ? `${spawnError.message} (run \`bash test/setup/install-queue-deps.sh\`)` : logTail(logFile);
			await stop();
			throw new Error(`redis-server on port ${port} did not answer PING within ${timeoutMs} ms:\n${tail}`);
		}
		await sleep(200);
	}
}
