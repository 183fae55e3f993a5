/**
 * One n8n process started by the harness, whatever its role (`n8n start`, `n8n worker`,
 * `n8n webhook`): the environment every role shares, the spawn into its own process group,
 * the bounded readiness wait, the stop, and the log tail shown when something fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { N8nInstall } from './cache';

/** The same key on every process of one instance: they share credentials through the database. */
export const ENCRYPTION_KEY = 'hermes-e2e-fixed-encryption-key-0001';
export const LOG_DIR = join(tmpdir(), 'hermes-n8n-logs');

export type N8nCommand = 'start' | 'worker' | 'webhook';

/** What every n8n process of the harness runs with; the role adds its ports and mode. */
export function n8nBaseEnv(userFolder: string, brokerPort: number, nodeHome: string): Record<string, string> {
	return {
		PATH: `${nodeHome}/bin:${process.env.PATH ?? '/usr/bin:/bin'}`,
		HOME: userFolder,
		LANG: 'C.UTF-8',
		TZ: 'UTC',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		// Defaults to 5679, which collides with a neighbour's N8N_PORT (and with the other
		// processes of a queue-mode instance, each of which starts its own task runner broker).
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_PUBLIC_API_DISABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_LOG_LEVEL: process.env.HERMES_N8N_LOG_LEVEL ?? 'info',
		N8N_LOG_OUTPUT: 'console',
	};
}

export function sleep(ms: number): Promise<void> {
	return new Promise((done) => setTimeout(done, ms));
}

export function logTail(logFile: string, lines = 40): string {
	try {
		return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log)';
	}
}

/**
 * Waits for `url` to answer 200 while the process lives. For `n8n start` this is
 * `/healthz/readiness`: plain /healthz answers before the migrations finish, and owner setup
 * then fails. A worker serves the same route on its health-check port.
 */
export async function waitReady(url: string, child: ChildProcess, logFile: string, timeoutMs: number, what = 'n8n'): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready; log ${logFile}:\n${logTail(logFile)}`);
		}
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
			await response.body?.cancel();
			if (response.status === 200) return;
		} catch {
			// not listening yet
		}
		await sleep(500);
	}
	throw new Error(`${what} not ready after ${timeoutMs} ms (${url}); log ${logFile}:\n${logTail(logFile)}`);
}

/** Signals n8n's whole process group (n8n and its task runner), which this harness started. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

/**
 * SIGTERM, up to 3 s for n8n's graceful shutdown, then SIGKILL of the group. A test's n8n and its
 * database are thrown away: waiting out an execution n8n still counts as active (an open MCP
 * session, a call no worker took) would only hold the run.
 */
export async function stopChild(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) {
		signalGroup(child, 'SIGKILL'); // a runner may outlive its parent
		return;
	}
	const exited = new Promise<void>((done) => child.once('exit', () => done()));
	signalGroup(child, 'SIGTERM');
	let timer: NodeJS.Timeout | undefined;
	const timedOut = await Promise.race([
		exited.then(() => false),
		new Promise<boolean>((done) => (timer = setTimeout(() => done(true), 3_000))),
	]);
	clearTimeout(timer);
	signalGroup(child, 'SIGKILL');
	if (timedOut) await exited;
}

/** Starts `n8n <command>` with its output appended to `logFile`, in its own process group. */
export function spawnN8n(install: N8nInstall, command: N8nCommand, userFolder: string, env: Record<string, string>, logFile: string): ChildProcess {
	const logFd = openSync(logFile, 'a');
	try {
		return spawn(install.node, [install.n8n, command], {
			cwd: userFolder,
			env,
			stdio: ['ignore', logFd, logFd],
			detached: true, // own process group, so a stop reaches the task runner too
		});
	} finally {
		closeSync(logFd);
	}
}

/** A process this test run started is killed even when the run ends without stopping it. */
export function killOnExit(child: ChildProcess): () => void {
	const kill = () => signalGroup(child, 'SIGKILL');
	process.once('exit', kill);
	return () => process.removeListener('exit', kill);
}
