/**
 * The exporter and the alert rules end to end: `hermes-workflows exporter` (the built CLI, run as
 * an operator runs it) reads the real n8n's executions, the stack's real Prometheus scrapes it
 * with the rules `hermes-workflows alert-rules` wrote, and a broken deployment (the Odoo server
 * gone) makes HermesToolFailing fire for the tool that failed, and only for it; the agent reads
 * the alert back through its own `monitoring_alerts` tool. Real parts: n8n, sshd, Prometheus,
 * the CLI; stand-ins: Odoo, the docker command, the content pipeline (helpers/stack.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { STATE_RETRY } from '../../../core';
import type { N8nHandle } from '../../harness/n8n';
import { freePort } from '../../harness/sshd';
import { CLI_MAIN, runCli } from './cli';
import { callTool, type McpSession } from './mcp';
import { api, listWorkflows } from './n8nRest';
import { gatewayAnswer } from './toolCases';
import { startStackWithClient, type HermesStack } from './stack';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe().catch(() => undefined);
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
		await sleep(500);
	}
}

export function describeExporter(lease: () => Promise<N8nHandle>): void {
	jest.setTimeout(180_000);
	let stack: HermesStack;
	let mcp: McpSession;
	let stopAll: () => Promise<void>;
	let exporter: ChildProcess;
	let metricsUrl: string;
	let stderr = '';

	beforeAll(async () => {
		({ stack, mcp, stop: stopAll } = await startStackWithClient({ startN8n: lease }));
		const rules = join(stack.prometheus.dir, 'hermes-tools-alerts.yml');
		const written = await runCli(['alert-rules', '--config', stack.configFile, '--out', rules]);
		if (written.code !== 0) throw new Error(`alert-rules exited ${written.code}: ${written.stderr}`);
		const port = await freePort();
		exporter = spawn(process.execPath, [CLI_MAIN, 'exporter', '--url', stack.n8n.baseUrl, '--api-key', stack.n8n.apiKey, '--config', stack.configFile, '--listen', `127.0.0.1:${port}`, '--interval', '1s'], {
			stdio: ['ignore', 'ignore', 'pipe'],
		});
		exporter.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		metricsUrl = `http://127.0.0.1:${port}/metrics`;
		await until('the exporter to serve', async () => ((await fetch(metricsUrl)).ok ? true : undefined), 30_000);
		await stack.prometheus.addScrape('hermes-tools-exporter', `127.0.0.1:${port}`, rules);
	}, 420_000);

	afterAll(async () => {
		if (exporter && exporter.exitCode === null) {
			const exited = new Promise((done) => exporter.once('exit', done));
			exporter.kill('SIGTERM');
			await exited;
		}
		await stopAll?.();
	}, 120_000);

	const metric = async (line: string) => (await (await fetch(metricsUrl)).text()).split('\n').find((l) => l.startsWith(line));

	it('counts the calls made after it started, by tool and outcome', async () => {
		await callTool(mcp, 'vault_read', { path: 'README.md' });
		await callTool(mcp, 'vault_read', { path: '../etc/passwd' });
		const success = 'hermes_tool_calls_total{endpoint="hermes-tools",tool="vault_read",outcome="success"}';
		const refused = 'hermes_tool_calls_total{endpoint="hermes-tools",tool="vault_read",outcome="refused"}';
		await until('both vault_read calls counted', async () => ((await metric(success))?.endsWith(' 1') && (await metric(refused))?.endsWith(' 1') ? true : undefined));
		const page = await (await fetch(metricsUrl)).text();
		process.stdout.write(`metrics page (excerpt):\n${page.split('\n').filter((l) => l.includes('vault_read') || l.startsWith('hermes_ledger_up')).filter((l) => !l.includes('_bucket')).join('\n')}\n`);
		expect(await metric('hermes_ledger_up')).toBe('hermes_ledger_up{deployment="hermes-tools"} 1');
		expect(await metric('hermes_tool_call_duration_seconds_count{endpoint="hermes-tools",tool="vault_read"}')).toMatch(/ 2$/);
	});

	it("a broken deployment (Odoo gone) fires HermesToolFailing for the failing tool in the real Prometheus, and the agent's monitoring_alerts reads it back", async () => {
		// Refusals are the agent's: they must not page, before or after.
		await callTool(mcp, 'vault_read', { path: 'no/such-note.md' });
		await stack.odoo.stop();
		const answer = await callTool(mcp, 'crm_list_stages', {});
		// The Hermes Odoo node answers an unreachable Odoo with a marker the ledger counts as failed, not with isError.
		expect(answer).toMatchObject({ isError: false, value: [{ success: false, error: '__UNAVAILABLE__', state: 'unreachable', retry: STATE_RETRY.unreachable }] });
		type Alerts = { data: { alerts: Array<{ labels: Record<string, string>; state: string }> } };
		const firing = await until('HermesToolFailing to fire', async () => {
			const body = (await (await fetch(`${stack.prometheus.url}/api/v1/alerts`)).json()) as Alerts;
			const ours = body.data.alerts.filter((a) => a.labels.alertname === 'HermesToolFailing' && a.state === 'firing');
			return ours.length > 0 ? ours : undefined;
		}, 90_000);
		expect(firing.map((a) => a.labels.tool)).toEqual(['crm_list_stages']);
		const alerts = gatewayAnswer(await callTool(mcp, 'monitoring_alerts', {}));
		const read = alerts.alerts as Array<{ name: string; labels: Record<string, string>; summary: string }>;
		process.stdout.write(`monitoring_alerts, as the agent reads it:\n${JSON.stringify(read.filter((a) => a.name.startsWith('HermesTool')), null, 1)}\n`);
		expect(read.filter((a) => a.name === 'HermesToolFailing')).toEqual([{ name: 'HermesToolFailing', labels: expect.objectContaining({ tool: 'crm_list_stages', severity: 'page' }), summary: 'crm_list_stages failed in the last 10 minutes', since: expect.any(String) }]);
		expect(stderr).toContain('exporter: serving');
	});

	it("n8n's own failures around the tools (a gateway unpublished, one deleted, a host stopped, a credential deleted) are failures in calls, the exporter and doctor, and page for those tools only", async () => {
		const ids = new Map((await listWorkflows(stack.n8n)).map((w) => [w.name, w.id]));
		const failedTools = ['vault_list', 'docker_read', 'monitoring_alerts', 'monitoring_query'];
		const counted = (tool: string, outcome: string) => metric(`hermes_tool_calls_total{endpoint="hermes-tools",tool="${tool}",outcome="${outcome}"}`);
		// The case before read the alerts back with monitoring_alerts: counted first, so only this case's calls differ.
		await until('the read-back of the case before counted', async () => ((await counted('monitoring_alerts', 'success'))?.endsWith(' 1') ? true : undefined));
		const successesBefore = Object.fromEntries(await Promise.all(failedTools.map(async (tool) => [tool, await counted(tool, 'success')] as const)));
		/** What the agent received for each failure: printed for the docs' table. */
		const received: string[] = [];
		const broken = async (what: string, tool: string, args: Record<string, unknown>) => {
			const answer = await callTool(mcp, tool, args);
			received.push(`${what} | ${tool} | isError: ${answer.isError} | ${answer.text.replace(/\s+/g, ' ').slice(0, 180)}`);
			return answer;
		};
		const vault = ids.get('Hermes Gateway - Vault');
		await api(stack.n8n, 'POST', `/workflows/${vault}/deactivate`);
		// Under load the call has been seen to run the gateway still: first wait until n8n says it is unpublished.
		await until('the vault gateway unpublished', async () => ((await api<{ active: boolean }>(stack.n8n, 'GET', `/workflows/${vault}`)).active === false ? true : undefined), 30_000);
		// n8n refuses to run the sub-workflow before any node of ours runs: its error text is isError to the agent.
		expect(await broken('gateway sub-workflow unpublished', 'vault_list', { prefix: 'research/' })).toMatchObject({ isError: true, text: 'There was an error: "Workflow is not active and cannot be executed."' });
		// n8n deletes only an unpublished workflow, and answers 409 while it is still unpublishing.
		const docker = ids.get('Hermes Gateway - Docker');
		await api(stack.n8n, 'POST', `/workflows/${docker}/deactivate`);
		await until('the docker gateway deleted', async () => ((await api(stack.n8n, 'DELETE', `/workflows/${docker}`).then(() => true)) ? true : undefined), 30_000);
		expect(await broken('gateway sub-workflow deleted', 'docker_read', { action: 'status', stack: 'web' })).toMatchObject({ isError: true });
		await stack.sshd.stop();
		expect(await broken('SSH host stopped', 'monitoring_alerts', {})).toMatchObject({ isError: false, value: [expect.objectContaining({ error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' })] });
		const credentials = await api<{ data: Array<{ id: string; name: string }> }>(stack.n8n, 'GET', '/credentials?limit=250').catch(() => ({ data: [] }));
		const ssh = credentials.data.find((c) => c.name === 'Hermes SSH');
		if (ssh) await api(stack.n8n, 'DELETE', `/credentials/${ssh.id}`);
		// The node asks n8n for its credential and answers the operator's fault as a marker.
		expect(await broken('SSH credential deleted', 'monitoring_query', { promql: 'count(up)' })).toMatchObject({ isError: false, value: [expect.objectContaining({ error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' })] });
		// n8n's own check of the arguments against the tool's schema, before the tool node runs.
		const mismatch = await broken('a number where the tool takes text (n8n checks the schema)', 'vault_read', { path: 12345 });
		process.stdout.write(`what the agent received for each failure n8n raised around a tool:\n${received.join('\n')}\n`);
		expect(mismatch.isError).toBe(true);

		// calls: each of them failed.
		const calls = await runCli(['calls', '--url', stack.n8n.baseUrl, '--api-key', stack.n8n.apiKey, '--config', stack.configFile, '--format', 'jsonl', '--since', '1h']);
		const ledger = calls.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { tool: string; outcome: { class: string; marker?: string; detail?: string } });
		const lastOf = (tool: string) => ledger.filter((c) => c.tool === tool).pop();
		// The schema refusal: the agent's mistake, from what n8n kept (the call, no tool node run).
		expect(lastOf('vault_read')?.outcome).toMatchObject({ class: 'refused', marker: 'n8n_schema', detail: expect.stringContaining('path: expected string, received number') });
		expect(Object.fromEntries(failedTools.map((tool) => [tool, lastOf(tool)?.outcome.class]))).toEqual(Object.fromEntries(failedTools.map((tool) => [tool, 'failed'])));
		// The exporter: a failure each, no success more than before.
		for (const tool of failedTools) {
			await until(`${tool}'s failure counted`, async () => ((await counted(tool, 'failed'))?.endsWith(' 1') ? true : undefined));
			expect(await counted(tool, 'success')).toBe(successesBefore[tool]);
		}
		// doctor's tool-health names each.
		const doctor = await runCli(['doctor', '--url', stack.n8n.baseUrl, '--api-key', stack.n8n.apiKey, '--config', stack.configFile, '--format', 'json']);
		const health = (JSON.parse(doctor.stdout) as { checks: Array<{ id: string; status: string; message: string }> }).checks.find((c) => c.id === 'tool-health');
		expect(health?.status).toBe('warn');
		for (const tool of failedTools) expect(health?.message).toMatch(new RegExp(`${tool}: 1 of \\d+ failed`));
		// The real Prometheus pages for exactly the tools that failed (crm_list_stages from the case before).
		type Alerts = { data: { alerts: Array<{ labels: Record<string, string>; state: string }> } };
		const paged = await until('HermesToolFailing for every broken tool', async () => {
			const body = (await (await fetch(`${stack.prometheus.url}/api/v1/alerts`)).json()) as Alerts;
			const tools = body.data.alerts.filter((a) => a.labels.alertname === 'HermesToolFailing' && a.state === 'firing').map((a) => a.labels.tool).sort();
			return failedTools.every((t) => tools.includes(t)) ? tools : undefined;
		}, 120_000);
		expect(paged).toEqual(['crm_list_stages', ...failedTools].sort());
	});
}
