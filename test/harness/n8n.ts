import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { bootstrapOwner, DEFAULT_OWNER, type N8nOwner } from './n8n/bootstrap';
import { readN8nInstall } from './n8n/cache';
import { installBuiltPackage } from './n8n/communityPackage';
import { freePorts } from './n8n/freePort';

/**
 * A real n8n 2.41.1 (installed by test/setup/install-n8n.sh) on 127.0.0.1 with free ports, a
 * throwaway user folder and database, an owner, a login cookie and a public API key.
 */
export interface N8nHandle {
	/** `http://127.0.0.1:<port>` (public API under `/api/v1`, MCP under `/mcp/<path>`). */
	baseUrl: string;
	port: number;
	/** Raw public API key with every scope the owner may grant (header `X-N8N-API-KEY`). */
	apiKey: string;
	/** `n8n-auth=...` for the internal `/rest` API. */
	cookie: string;
	owner: N8nOwner;
	userFolder: string;
	/** n8n's stdout+stderr; kept after stop() for debugging. */
	logFile: string;
	/** Type prefix of the installed package's nodes, e.g. `n8n-nodes-hermes` (undefined when not installed). */
	packageName?: string;
	/** Stops n8n (SIGTERM, then SIGKILL of its process group) and removes the user folder. */
	stop(): Promise<void>;
}

export interface StartN8nOptions {
	/** Install the built package (dist/) as a community package before boot. Default true. */
	installPackage?: boolean;
	/** Repo root holding package.json and dist/. Default: this repo. */
	repoRoot?: string;
	/** Extra environment for n8n (wins over the harness's). */
	env?: Record<string, string>;
	/** Default 180 s: n8n boots in 15-40 s, longer on a busy machine. */
	readyTimeoutMs?: number;
}

const ENCRYPTION_KEY = 'hermes-e2e-fixed-encryption-key-0001';
const REPO_ROOT = resolve(__dirname, '..', '..');
const LOG_DIR = join(tmpdir(), 'hermes-n8n-logs');

function n8nEnv(userFolder: string, port: number, brokerPort: number, nodeHome: string, extra: Record<string, string>) {
	return {
		PATH: `${nodeHome}/bin:${process.env.PATH ?? '/usr/bin:/bin'}`,
		HOME: userFolder,
		LANG: 'C.UTF-8',
		TZ: 'UTC',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		// Defaults to 5679, which collides with a neighbour's N8N_PORT.
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
		...extra,
	};
}

function sleep(ms: number): Promise<void> {
	return new Promise((done) => setTimeout(done, ms));
}

function logTail(logFile: string, lines = 40): string {
	try {
		return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
	} catch {
		return '(no log)';
	}
}

/** Plain /healthz answers before the migrations finish; owner setup needs /healthz/readiness. */
async function waitReady(baseUrl: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`n8n exited (${child.exitCode ?? child.signalCode}) before it was ready; log ${logFile}:\n${logTail(logFile)}`);
		}
		try {
			const response = await fetch(`${baseUrl}/healthz/readiness`, { signal: AbortSignal.timeout(2000) });
			if (response.status === 200) return;
		} catch {
			// not listening yet
		}
		await sleep(500);
	}
	throw new Error(`n8n not ready after ${timeoutMs} ms; log ${logFile}:\n${logTail(logFile)}`);
}

/** Signals n8n's whole process group (n8n and its task runner), which this harness started. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

async function stopChild(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) {
		signalGroup(child, 'SIGKILL'); // a runner may outlive its parent
		return;
	}
	const exited = new Promise<void>((done) => child.once('exit', () => done()));
	signalGroup(child, 'SIGTERM');
	let timer: NodeJS.Timeout | undefined;
	const timedOut = await Promise.race([
		exited.then(() => false),
		new Promise<boolean>((done) => (timer = setTimeout(() => done(true), 20_000))),
	]);
	clearTimeout(timer);
	signalGroup(child, 'SIGKILL');
	if (timedOut) await exited;
}

function launch(options: StartN8nOptions, userFolder: string, port: number, brokerPort: number, logFile: string) {
	const install = readN8nInstall();
	const logFd = openSync(logFile, 'a');
	try {
		return spawn(install.node, [install.n8n, 'start'], {
			cwd: userFolder,
			env: n8nEnv(userFolder, port, brokerPort, install.nodeHome, options.env ?? {}),
			stdio: ['ignore', logFd, logFd],
			detached: true, // own process group, so stop() reaches the task runner too
		});
	} finally {
		closeSync(logFd);
	}
}

export async function startN8n(options: StartN8nOptions = {}): Promise<N8nHandle> {
	readN8nInstall(); // fail fast with the install hint
	mkdirSync(LOG_DIR, { recursive: true });
	const repoRoot = options.repoRoot ?? REPO_ROOT;
	const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;

	// A port picked free can be taken before n8n binds it: retry with new ports.
	for (let attempt = 1; ; attempt++) {
		const [port, brokerPort] = await freePorts(2);
		const userFolder = mkdtempSync(join(tmpdir(), 'hermes-n8n-'));
		const logFile = join(LOG_DIR, `n8n-${port}-${Date.now()}.log`);
		let packageName: string | undefined;
		let child: ChildProcess | undefined;
		const cleanupOnExit = () => child && signalGroup(child, 'SIGKILL');
		try {
			if (options.installPackage ?? true) {
				installBuiltPackage(userFolder, repoRoot);
				packageName = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string }).name;
			}
			child = launch(options, userFolder, port, brokerPort, logFile);
			process.once('exit', cleanupOnExit);
			const baseUrl = `http://127.0.0.1:${port}`;
			await waitReady(baseUrl, child, logFile, readyTimeoutMs);
			const { cookie, apiKey } = await bootstrapOwner(baseUrl);
			const running = child;
			let stopped: Promise<void> | undefined;
			return {
				baseUrl,
				port,
				apiKey,
				cookie,
				owner: DEFAULT_OWNER,
				userFolder,
				logFile,
				packageName,
				stop: () => {
					stopped ??= stopChild(running).then(() => {
						process.removeListener('exit', cleanupOnExit);
						if (!process.env.HERMES_N8N_KEEP) rmSync(userFolder, { recursive: true, force: true });
					});
					return stopped;
				},
			};
		} catch (error) {
			if (child) await stopChild(child);
			process.removeListener('exit', cleanupOnExit);
			rmSync(userFolder, { recursive: true, force: true });
			const portTaken = /EADDRINUSE/.test(logTail(logFile, 200));
			if (portTaken && attempt < 3) continue;
			throw error;
		}
	}
}
