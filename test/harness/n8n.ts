import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { bootstrapOwner, DEFAULT_OWNER, type N8nOwner } from './n8n/bootstrap';
import { readN8nInstall } from './n8n/cache';
import { installCommunityPackage } from './n8n/communityPackage';
import { freePorts, PortTakenError } from './n8n/freePort';
import { killOnExit, LOG_DIR, logTail, n8nBaseEnv, spawnN8n, stopChild, waitReady } from './n8n/process';

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
	/** The n8n version running. */
	n8nVersion: string;
	/** The main n8n process (its task runner is a descendant). */
	pid: number;
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
	/** n8n's port (default: a free one). Taken: the start fails naming it, with no retry on another. */
	port?: number;
}

const REPO_ROOT = resolve(__dirname, '..', '..');

function n8nEnv(userFolder: string, port: number, brokerPort: number, nodeHome: string, extra: Record<string, string>) {
	return {
		...n8nBaseEnv(userFolder, brokerPort, nodeHome),
		N8N_PORT: String(port),
		N8N_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		...extra,
	};
}

/** The package name the installed nodes' types start with. */
export function packageNameOf(repoRoot: string): string {
	return (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string }).name;
}

export async function startN8n(options: StartN8nOptions = {}): Promise<N8nHandle> {
	readN8nInstall(); // fail fast with the install hint
	mkdirSync(LOG_DIR, { recursive: true });
	const repoRoot = options.repoRoot ?? REPO_ROOT;
	const readyTimeoutMs = options.readyTimeoutMs ?? 180_000;

	// A port picked free can be taken before n8n binds it: retry with new ports.
	for (let attempt = 1; ; attempt++) {
		const [free, brokerPort] = await freePorts(2);
		const port = options.port ?? free;
		const userFolder = mkdtempSync(join(tmpdir(), 'hermes-n8n-'));
		const logFile = join(LOG_DIR, `n8n-${port}-${Date.now()}.log`);
		let packageName: string | undefined;
		let child: ChildProcess | undefined;
		let forgetOnExit = () => undefined as void;
		try {
			if (options.installPackage ?? true) {
				installCommunityPackage(userFolder, repoRoot);
				packageName = packageNameOf(repoRoot);
			}
			const install = readN8nInstall();
			child = spawnN8n(install, 'start', userFolder, n8nEnv(userFolder, port, brokerPort, install.nodeHome, options.env ?? {}), logFile);
			forgetOnExit = killOnExit(child);
			const baseUrl = `http://127.0.0.1:${port}`;
			await waitReady(`${baseUrl}/healthz/readiness`, child, logFile, readyTimeoutMs);
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
				n8nVersion: install.n8nVersion,
				pid: running.pid!,
				stop: () => {
					stopped ??= stopChild(running).then(() => {
						forgetOnExit();
						if (!process.env.HERMES_N8N_KEEP) rmSync(userFolder, { recursive: true, force: true });
					});
					return stopped;
				},
			};
		} catch (error) {
			if (child) await stopChild(child);
			forgetOnExit();
			rmSync(userFolder, { recursive: true, force: true });
			const log = logTail(logFile, 200);
			if (options.port !== undefined && log.includes(`n8n's port ${options.port} is already in use`)) throw new PortTakenError(options.port);
			const portTaken = /EADDRINUSE|port \d+ is already in use/.test(log);
			if (portTaken && attempt < 3) continue;
			throw error;
		}
	}
}
