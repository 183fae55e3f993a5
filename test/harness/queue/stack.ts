/**
 * A real n8n in queue mode, as users run it when one process is not enough: PostgreSQL and
 * Redis (throwaway, free ports), a main process (`n8n start`: editor, public API, publishing,
 * MCP `tools/list`), N workers (`n8n worker`: every production execution, so every MCP
 * `tools/call`) and optionally a webhook process (`n8n webhook`: production webhooks and MCP,
 * sharing the MCP sessions with main through Redis). Every process has its own user folder
 * with the built package installed, because each one loads nodes from its own folder.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { packageNameOf, type N8nHandle } from '../n8n';
import { bootstrapOwner, DEFAULT_OWNER } from '../n8n/bootstrap';
import { N8N_VERSION, readN8nInstall, type N8nInstall } from '../n8n/cache';
import { installCommunityPackage } from '../n8n/communityPackage';
import { freePorts } from '../n8n/freePort';
import { killOnExit, LOG_DIR, n8nBaseEnv, signalGroup, spawnN8n, stopChild, waitReady, type N8nCommand } from '../n8n/process';
import { startPostgres, type PostgresHandle } from './postgres';
import { startRedis, type RedisHandle } from './redis';

export interface QueueN8nOptions {
	/** An installed version (test/setup/install-n8n.sh [version]). Default 2.41.1. */
	version?: string;
	workers: number;
	/** Also start a webhook process (`n8n webhook`). */
	webhook: boolean;
	/** Install the built package into every process's user folder before boot. Default true. */
	installPackage?: boolean;
	repoRoot?: string;
	/** Extra environment for every process (wins over the harness's). */
	env?: Record<string, string>;
	/** Per process; default 180 s (a busy 2-core machine boots four n8n processes slowly). */
	readyTimeoutMs?: number;
	/** Main's port (default: a free one). */
	port?: number;
}

export interface QueueProcess {
	role: 'main' | 'worker' | 'webhook';
	/** Worker number (0-based); 0 for main and webhook. */
	index: number;
	/** This process's own stdout+stderr: workers are told apart by their logs, n8n gives them one id per host. */
	logFile: string;
	userFolder: string;
	/** The HTTP port it serves: N8N_PORT for main and webhook, the health-check port for a worker. */
	port: number;
	child: ChildProcess;
}

export interface QueueN8nHandle extends N8nHandle {
	n8nVersion: string;
	/** `http://127.0.0.1:<port>` of the webhook process (MCP under `/mcp/<path>`), when started. */
	webhookUrl?: string;
	main: QueueProcess;
	workers: QueueProcess[];
	webhook?: QueueProcess;
	postgres: PostgresHandle;
	redis: RedisHandle;
	/** Signals worker `index`'s process group (fault tests); stop() still cleans up after it. */
	killWorker(index: number, signal?: NodeJS.Signals): Promise<void>;
}

const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** What every process of one instance shares: the queue, the database, the mode. */
function queueEnv(redis: RedisHandle, postgres: PostgresHandle): Record<string, string> {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
	};
}

interface ProcessPlan {
	role: QueueProcess['role'];
	index: number;
	command: N8nCommand;
	port: number;
	brokerPort: number;
	/** Role-specific environment (ports, worker health check). */
	env: Record<string, string>;
	readyPath: string;
}

function plans(options: QueueN8nOptions, ports: number[], mainPort: number): ProcessPlan[] {
	const take = () => {
		const port = ports.shift();
		if (port === undefined) throw new Error('not enough free ports');
		return port;
	};
	const webhookUrl = { N8N_WEBHOOK_URL: `http://127.0.0.1:${mainPort}/` };
	const list: ProcessPlan[] = [
		{ role: 'main', index: 0, command: 'start', port: mainPort, brokerPort: take(), env: { N8N_PORT: String(mainPort), ...webhookUrl }, readyPath: '/healthz/readiness' },
	];
	for (let index = 0; index < options.workers; index++) {
		const health = take();
		list.push({
			role: 'worker',
			index,
			command: 'worker',
			port: health,
			brokerPort: take(),
			env: {
				// The worker's health server defaults to port 5678 on every interface: one per worker here.
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(health),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				...webhookUrl,
			},
			readyPath: '/healthz/readiness',
		});
	}
	if (options.webhook) {
		const port = take();
		list.push({ role: 'webhook', index: 0, command: 'webhook', port, brokerPort: take(), env: { N8N_PORT: String(port), ...webhookUrl }, readyPath: '/healthz/readiness' });
	}
	return list;
}

/** Creates the user folder (package installed), starts the process and waits until it is ready. */
async function startProcess(
	plan: ProcessPlan,
	context: { install: N8nInstall; shared: Record<string, string>; extra: Record<string, string>; installPackage: boolean; repoRoot: string; readyTimeoutMs: number; stamp: number },
	started: Array<{ process: QueueProcess; forget: () => void }>,
): Promise<QueueProcess> {
	const name = plan.role === 'worker' ? `worker${plan.index}` : plan.role;
	const userFolder = mkdtempSync(join(tmpdir(), `hermes-n8n-${name}-`));
	const logFile = join(LOG_DIR, `n8n-queue-${context.stamp}-${name}.log`);
	if (context.installPackage) installCommunityPackage(userFolder, context.repoRoot);
	const env = { ...n8nBaseEnv(userFolder, plan.brokerPort, context.install.nodeHome), ...context.shared, ...plan.env, ...context.extra };
	const child = spawnN8n(context.install, plan.command, userFolder, env, logFile);
	const proc: QueueProcess = { role: plan.role, index: plan.index, logFile, userFolder, port: plan.port, child };
	started.push({ process: proc, forget: killOnExit(child) });
	await waitReady(`http://127.0.0.1:${plan.port}${plan.readyPath}`, child, logFile, context.readyTimeoutMs, `n8n ${plan.command} (${name})`);
	return proc;
}

export async function startQueueN8n(options: QueueN8nOptions): Promise<QueueN8nHandle> {
	const version = options.version ?? N8N_VERSION;
	const install = readN8nInstall(undefined, version); // fail fast with the install hint
	mkdirSync(LOG_DIR, { recursive: true });
	const repoRoot = options.repoRoot ?? REPO_ROOT;
	const installPackage = options.installPackage ?? true;
	const started: Array<{ process: QueueProcess; forget: () => void }> = [];
	const services: Array<{ stop(): Promise<void> }> = [];

	let stopped: Promise<void> | undefined;
	const stopAll = () =>
		(stopped ??= (async () => {
			// Workers and webhook together (each shutdown waits for its own jobs), main last, then
			// the services they all depend on.
			const stopOne = async ({ process: proc, forget }: (typeof started)[number]) => {
				await stopChild(proc.child);
				forget();
				if (!process.env.HERMES_N8N_KEEP) rmSync(proc.userFolder, { recursive: true, force: true });
			};
			await Promise.all(started.filter((s) => s.process.role !== 'main').map(stopOne));
			await Promise.all(started.filter((s) => s.process.role === 'main').map(stopOne));
			for (const service of services.reverse()) await service.stop().catch(() => undefined);
		})());

	try {
		const [redis, postgres] = await Promise.allSettled([startRedis(), startPostgres()]).then((settled) => {
			for (const outcome of settled) if (outcome.status === 'fulfilled') services.push(outcome.value);
			const failed = settled.find((outcome) => outcome.status === 'rejected');
			if (failed) throw (failed as PromiseRejectedResult).reason;
			return settled.map((outcome) => (outcome as PromiseFulfilledResult<RedisHandle | PostgresHandle>).value) as [RedisHandle, PostgresHandle];
		});
		const ports = await freePorts(2 + options.workers * 2 + (options.webhook ? 2 : 0));
		const free = ports.shift() as number;
		const mainPort = options.port ?? free;
		const [mainPlan, ...others] = plans(options, ports, mainPort);
		const context = {
			install,
			shared: queueEnv(redis, postgres),
			extra: options.env ?? {},
			installPackage,
			repoRoot,
			readyTimeoutMs: options.readyTimeoutMs ?? 180_000,
			stamp: Date.now(),
		};
		// Main runs the database migrations; the others start once it is ready.
		const main = await startProcess(mainPlan, context, started);
		const baseUrl = `http://127.0.0.1:${mainPort}`;
		const [bootstrap, ...rest] = await Promise.all([bootstrapOwner(baseUrl), ...others.map((plan) => startProcess(plan, context, started))]);
		const workers = rest.filter((p) => p.role === 'worker');
		const webhook = rest.find((p) => p.role === 'webhook');
		return {
			n8nVersion: version,
			baseUrl,
			port: mainPort,
			apiKey: bootstrap.apiKey,
			cookie: bootstrap.cookie,
			owner: DEFAULT_OWNER,
			userFolder: main.userFolder,
			logFile: main.logFile,
			packageName: installPackage ? packageNameOf(repoRoot) : undefined,
			webhookUrl: webhook ? `http://127.0.0.1:${webhook.port}` : undefined,
			pid: main.child.pid!,
			main,
			workers,
			webhook,
			postgres,
			redis,
			killWorker: async (index, signal = 'SIGKILL') => {
				const worker = workers[index];
				if (!worker) throw new Error(`no worker ${index} (started ${workers.length})`);
				const { child } = worker;
				const exited = new Promise<void>((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done())));
				signalGroup(child, signal);
				// A graceful stop waits for running jobs; past 30 s the group is killed.
				let timer: NodeJS.Timeout | undefined;
				await Promise.race([exited, new Promise<void>((done) => (timer = setTimeout(done, 30_000)))]);
				clearTimeout(timer);
				if (child.exitCode === null && child.signalCode === null) {
					signalGroup(child, 'SIGKILL');
					await exited;
				}
			},
			stop: stopAll,
		};
	} catch (error) {
		await stopAll();
		throw error;
	}
}
