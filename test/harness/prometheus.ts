import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from './sshd';

/**
 * Debian's real Prometheus on 127.0.0.1:<free port>, from a throwaway config: it scrapes itself
 * every second (hundreds of series for cap tests), evaluates one alert that always fires and one
 * that never fires, and logs every query it executes to a file (to prove what reached it).
 */
export interface PrometheusHandle {
	url: string;
	port: number;
	dir: string;
	/** `params.query` of every query Prometheus executed, in order. */
	loggedQueries(): Promise<string[]>;
	/** The Prometheus process. */
	pid: number;
	/** Adds a scrape job (every second) and a rule file, as an operator edits prometheus.yml, and reloads (SIGHUP) until Prometheus reports the job. */
	addScrape(job: string, target: string, rulesFile: string): Promise<void>;
	stop(): Promise<void>;
}

export const FIRING_ALERT = 'HermesAlwaysFiring';
export const SILENT_ALERT = 'HermesNeverFiring';
export const FIRING_SUMMARY = 'Always firing test alert';

const PROMETHEUS_BIN = '/usr/bin/prometheus';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson(url: string): Promise<unknown> {
	const response = await fetch(url);
	if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
	return response.json();
}

async function waitFor(what: string, child: ChildProcess, probe: () => Promise<boolean>, log: () => string) {
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}) before ${what}:\n${log()}`);
		if (await probe().catch(() => false)) return;
		await sleep(250);
	}
	throw new Error(`prometheus: timed out waiting for ${what}:\n${log()}`);
}

function configYaml(port: number, dir: string, extra: { job: string; target: string; rulesFile: string } | undefined = undefined): string {
	return [
		'global:',
		'  scrape_interval: 1s',
		'  evaluation_interval: 1s',
		`  query_log_file: ${join(dir, 'query.log')}`,
		'rule_files:',
		`  - ${join(dir, 'rules.yml')}`,
		...(extra ? [`  - ${extra.rulesFile}`] : []),
		'scrape_configs:',
		'  - job_name: prometheus',
		'    static_configs:',
		`      - targets: ['127.0.0.1:${port}']`,
		...(extra ? [`  - job_name: ${extra.job}`, '    static_configs:', `      - targets: ['${extra.target}']`] : []),
		'',
	].join('\n');
}

const RULES_YAML = [
	'groups:',
	'  - name: hermes-test',
	'    interval: 1s',
	'    rules:',
	`      - alert: ${FIRING_ALERT}`,
	'        expr: vector(1)',
	'        labels:',
	'          severity: warning',
	'        annotations:',
	`          summary: ${FIRING_SUMMARY}`,
	`      - alert: ${SILENT_ALERT}`,
	'        expr: vector(1) == 0',
	'        annotations:',
	'          summary: Never fires',
	'',
].join('\n');

async function startOnce(): Promise<PrometheusHandle> {
	const dir = await mkdtemp(join(tmpdir(), 'hermes-prom-'));
	const port = await freePort();
	await writeFile(join(dir, 'prometheus.yml'), configYaml(port, dir));
	await writeFile(join(dir, 'rules.yml'), RULES_YAML);
	let output = '';
	const child = spawn(
		PROMETHEUS_BIN,
		[
			`--config.file=${join(dir, 'prometheus.yml')}`,
			`--web.listen-address=127.0.0.1:${port}`,
			`--storage.tsdb.path=${join(dir, 'data')}`,
			'--log.level=warn',
		],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-20_000);
	};
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	const url = `http://127.0.0.1:${port}`;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) {
			child.kill('SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
			await exited;
			clearTimeout(timer);
		}
		await rm(dir, { recursive: true, force: true });
	};

	try {
		await waitFor('readiness', child, async () => (await fetch(`${url}/-/ready`)).ok, () => output);
		await waitFor('the firing alert', child, async () => {
			const body = (await getJson(`${url}/api/v1/alerts`)) as { data: { alerts: Array<{ labels: Record<string, string>; state: string }> } };
			return body.data.alerts.some((a) => a.labels.alertname === FIRING_ALERT && a.state === 'firing');
		}, () => output);
		await waitFor('the first self-scrape', child, async () => {
			const body = (await getJson(`${url}/api/v1/query?query=${encodeURIComponent('count({__name__=~".+"})')}`)) as {
				data: { result: Array<{ value: [number, string] }> };
			};
			return Number(body.data.result[0]?.value[1] ?? 0) > 200;
		}, () => output);
	} catch (error) {
		await stop();
		return Promise.reject(error);
	}

	return {
		url,
		port,
		dir,
		pid: child.pid!,
		async addScrape(job, target, rulesFile) {
			await writeFile(join(dir, 'prometheus.yml'), configYaml(port, dir, { job, target, rulesFile }));
			child.kill('SIGHUP');
			await waitFor(`the ${job} scrape job`, child, async () => {
				const body = (await getJson(`${url}/api/v1/targets`)) as { data: { activeTargets: Array<{ labels: Record<string, string>; health: string }> } };
				return body.data.activeTargets.some((t) => t.labels.job === job && t.health === 'up');
			}, () => output);
		},
		async loggedQueries() {
			const text = await readFile(join(dir, 'query.log'), 'utf8').catch(() => '');
			return text
				.split('\n')
				.filter((line) => line.trim())
				.map((line) => (JSON.parse(line) as { params: { query: string } }).params.query);
		},
		stop,
	};
}

/** Starts Prometheus; retries with another port if the probed one was taken meanwhile. */
export async function startPrometheus(): Promise<PrometheusHandle> {
	for (let attempt = 1; ; attempt++) {
		const started = await startOnce().catch((error: unknown) => (attempt < 3 ? undefined : Promise.reject(error)));
		if (started) return started;
	}
}
