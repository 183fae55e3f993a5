/**
 * `hermes-workflows exporter`: the call ledger as Prometheus metrics, served at /metrics and read
 * incrementally from n8n's execution store every --interval. It keeps counting across n8n
 * restarts (execution ids outlive them; while n8n is away `hermes_ledger_up` is 0) and holds only
 * its metrics and the executions in flight. prom-client is an optional peer dependency: only
 * this command needs it. Runs until SIGINT or SIGTERM; exit 0 then, 2 on bad input.
 */
import { createServer, type Server } from 'node:http';

import type { Command } from 'commander';

import { EXIT, UsageError, expectedError } from '../../errors';
import { loadOptionalPeer, peerRange } from '../../runtime/optionalPeer';
import { addApiOptions, clientFrom, type ApiCommandOptions, type ReportOptions } from '../apiOptions';
import { formatOption } from '../options';
import { processExit, processIo, type CommandIo, type Exit } from '../io';
import { runCommand } from '../run';
import { deploymentName } from '../../config/deployment';
import type * as PromClient from 'prom-client';

export interface ExporterOptions extends ApiCommandOptions, ReportOptions {
	listen: string;
	interval: string;
}

export interface RunningExporter {
	url: string;
	/** One read of n8n now (the timer does the same). */
	poll(): Promise<void>;
	stop(): Promise<void>;
}

const DEFAULT_LISTEN = '127.0.0.1:9477';
const PROM_CLIENT = 'prom-client';
/** The install the help names: the command loadOptionalPeer's hint gives and docs/operating.md runs (a unit test holds the three equal). */
const promClientInstall = () => `npm install --save-dev ${PROM_CLIENT}@${peerRange(PROM_CLIENT)}`;

function listenAddress(value: string): { host: string; port: number } {
	const match = /^(.+):(\d{1,5})$/.exec(value);
	const port = Number(match?.[2]);
	if (!match || port > 65535) throw new UsageError(`--listen ${JSON.stringify(value)} is not host:port`, `e.g. --listen ${DEFAULT_LISTEN} (0.0.0.0:9477 for every interface)`);
	return { host: match[1].replace(/^\[(.*)\]$/, '$1'), port };
}

function intervalMs(value: string): number {
	const match = /^(\d+)(s|m)$/.exec(value);
	const ms = match ? Number(match[1]) * (match[2] === 'm' ? 60_000 : 1000) : NaN;
	if (!(ms >= 1000)) throw new UsageError(`--interval ${JSON.stringify(value)} is not a duration of 1s or more`, 'e.g. --interval 15s or --interval 1m');
	return ms;
}

/** Starts the exporter: the first read sets where counting starts, then the server answers. */
export async function startExporter(options: ExporterOptions, io: CommandIo): Promise<RunningExporter> {
	const { host, port } = listenAddress(options.listen);
	const every = intervalMs(options.interval);
	const prom = loadOptionalPeer<typeof PromClient>(PROM_CLIENT, 'hermes-workflows exporter');
	const [{ loadProject }, { endpointSpecs }, { LedgerFollower }, { LedgerMetrics }, { planTools }] = await Promise.all([
		import('../../project'),
		import('../../agentConfig/endpoints'),
		import('../../ledger/follow'),
		import('../../ledger/metrics'),
		import('../../plan'),
	]);
	const project = loadProject(options.config);
	const endpoints = endpointSpecs(project.tools, project.config).filter((e) => e.channel === 'tools');
	const follower = new LedgerFollower(clientFrom(options, io), endpoints, planTools(project.tools, project.config), { fields: project.config.ledger.redact });
	const metrics = new LedgerMetrics(prom, endpoints, deploymentName(project.config));
	let lastProblem = '';
	let polling: Promise<void> = Promise.resolve();
	const pollOnce = async () => {
		try {
			const read = await follower.poll();
			for (const call of read.calls) metrics.observe(call);
			metrics.read(true, read.withoutCall);
			const missing = read.missing.length > 0 ? `; not in n8n: ${read.missing.join(', ')} (run push)` : '';
			if (read.calls.length > 0 || missing !== lastProblem) io.stderr(`exporter: ${read.calls.length} new calls${missing}\n`);
			lastProblem = missing;
		} catch (error) {
			const known = expectedError(error);
			if (!known) throw error;
			metrics.read(false);
			const problem = `exporter: cannot read n8n: ${known.message}; hint: ${known.hint} (hermes_ledger_up is 0 until it can)`;
			if (problem !== lastProblem) io.stderr(`${problem}\n`);
			lastProblem = problem;
		}
	};
	const poll = () => (polling = polling.then(pollOnce));
	await poll();
	const server: Server = createServer((request, response) => {
		if (request.url !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
			response.writeHead(404, { 'content-type': 'text/plain' }).end('the metrics are at /metrics\n');
			return;
		}
		void metrics.registry.metrics().then((text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(request.method === 'HEAD' ? undefined : text));
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', (error: NodeJS.ErrnoException) => reject(new UsageError(`cannot listen on ${options.listen}: ${error.code ?? error.message}`, 'choose another --listen port, or stop what holds this one')));
		server.listen(port, host, resolve);
	});
	const timer = setInterval(() => void poll(), every);
	const address = server.address();
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${typeof address === 'object' && address ? address.port : port}/metrics`;
	// Its pid: what a process manager or a person stops it by. Through npx the pid of the command
	// run is npm's, whose signal does not reach this process (npm runs it under a shell).
	io.stderr(`exporter: serving ${url}, reading n8n every ${every / 1000} s for ${endpoints.map((e) => e.server).join(', ')} (pid ${process.pid}: SIGTERM or SIGINT stops it)\n`);
	return {
		url,
		poll,
		stop: async () => {
			clearInterval(timer);
			await polling;
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

export function register(program: Command, io: CommandIo = processIo, exit: Exit = processExit): void {
	addApiOptions(program.command('exporter').description('serve the call ledger as Prometheus metrics (calls per tool and outcome, latency, last success, approvals), read from n8n incrementally'))
		.option('--listen <host:port>', 'where to serve /metrics', DEFAULT_LISTEN)
		.option('--interval <duration>', "how often to read n8n's new executions (e.g. 15s, 1m)", '15s')
		.addOption(formatOption())
		// A function: package.json is read for the range only when the help is printed.
		.addHelpText(
			'after',
			() => `
Counts the calls that finish after it starts. Metrics: hermes_tool_calls_total{endpoint,tool,outcome},
hermes_tool_call_duration_seconds, hermes_tool_last_success_timestamp_seconds, hermes_approvals_total{step},
hermes_ledger_up. Pair it with the rules of \`hermes-workflows alert-rules\`. Needs prom-client
(\`${promClientInstall()}\`) and an API key with workflow:list, execution:list and
execution:read. Runs until SIGINT or SIGTERM to its own pid, which it prints: run it as
./node_modules/.bin/hermes-workflows, not through npx, whose pid is npm's.
Exit: 0 stopped, 2 bad input or the port is taken.
Example: ./node_modules/.bin/hermes-workflows exporter --listen 127.0.0.1:9477 --interval 15s`,
		)
		.action(async (options: ExporterOptions) => {
			// Its output is the metrics page; --format json makes a failure to start one JSON document.
			const code = await runCommand(io, options.format, async () => {
				const running = await startExporter(options, io);
				await new Promise<void>((resolve) => {
					process.once('SIGINT', resolve);
					process.once('SIGTERM', resolve);
				});
				await running.stop();
				return EXIT.ok;
			});
			exit(code);
		});
}
