/**
 * `npm run demo` (the README's main job): the e2e stack left running for a person to try - a real
 * n8n with the package installed and the Hermes workflows pushed, OpenSSH sshd, a git vault with a
 * bare remote, Prometheus, and the Odoo, docker and content-pipeline stand-ins - printing the MCP
 * URL, the Bearer token, a curl call, the agent configs and the CLI's variables, until SIGINT
 * (Ctrl-C) or SIGTERM, which stop everything at any point, during the start too.
 * `npm run demo -- --port N`: n8n's port (default 5678, the docs' `http://localhost:5678`).
 * `npm run demo -- --queue` runs n8n in queue mode instead: PostgreSQL, Redis, main, 2 workers
 * and a webhook process. HERMES_DEMO_TOKEN chooses the token (docs/environment.md).
 */
import { readFileSync } from 'node:fs';

import { tokenVariable } from '../../generator/agentConfig/endpoints';
import { DEFAULT_MCP_PATH } from '../../generator/config/defaults';
import { startN8n } from '../harness/n8n';
import { PortTakenError } from '../harness/n8n/freePort';
import { descendants } from '../harness/procTree';
import { startQueueN8n, type QueueN8nHandle } from '../harness/queue/stack';
import { runCli } from './helpers/cli';
import { checkPort, DemoError, demoCommandLine } from './helpers/demoArgs';
import { endBySignal } from './helpers/endBySignal';
import { REPO_ROOT } from './helpers/repoRoot';
import { startHermesStack, STACK_NAMES, type HermesStack } from './helpers/stack';

/** The demo's endpoint: /mcp/hermes-demo, and its workflows named after it. */
export const DEMO_MCP_PATH = 'hermes-demo';

const out = (line = '') => process.stdout.write(`${line}\n`);

/** Set by the first SIGINT or SIGTERM, whose stop then ends the process. */
let stopping = false;

function signalAll(pids: number[], signal: NodeJS.Signals): void {
	for (const pid of pids) {
		try {
			process.kill(pid, signal);
		} catch {
			// already gone
		}
	}
}

/** `hermes-workflows agent-config` for this stack: the Hermes Agent's YAML, the token variable, and the mcpServers JSON. */
async function agentConfigs(stack: HermesStack): Promise<{ command: string; hermes: string; tokenVariable: string; mcpJson: string }> {
	const args = ['agent-config', '--url', stack.n8n.baseUrl, '--config', stack.configFile];
	const [hermes, mcpJson] = await Promise.all([runCli([...args, '--for', 'hermes', '--format', 'json']), runCli([...args, '--for', 'mcp-json'])]);
	for (const run of [hermes, mcpJson]) if (run.code !== 0) throw new Error(`hermes-workflows ${args.join(' ')} exited ${run.code}: ${run.stderr.trim()}`);
	const report = JSON.parse(hermes.stdout) as { config: string; endpoints: Array<{ tokenVariable: string }> };
	return { command: `hermes-workflows ${args.join(' ')}`, hermes: report.config.trimEnd(), tokenVariable: report.endpoints[0].tokenVariable, mcpJson: mcpJson.stdout.trimEnd() };
}

async function printStack(stack: HermesStack, queue: boolean): Promise<void> {
	const { n8n, odoo } = stack;
	out();
	out('Hermes MCP Tools is running.');
	out(`  MCP endpoint   ${stack.mcpUrl}`);
	out(`  Bearer token   ${stack.token}`);
	out(`  n8n editor     ${n8n.baseUrl}  (${n8n.owner.email} / ${n8n.owner.password})`);
	if (queue) {
		const q = n8n as QueueN8nHandle;
		out(`  queue mode     main ${q.baseUrl}, webhook process ${q.webhookUrl} (MCP there too: ${q.webhookUrl}/mcp/${DEMO_MCP_PATH})`);
		out(`                 ${q.workers.length} workers (logs ${q.workers.map((w) => w.logFile).join(', ')}), PostgreSQL :${q.postgres.port}, Redis :${q.redis.port}`);
	}
	out(`  n8n API key    ${n8n.apiKey}`);
	out(`  Odoo stand-in  ${odoo.url}  db ${odoo.login.db}, user ${odoo.login.username}, password ${odoo.login.password}`);
	out(`  Prometheus     ${stack.prometheus.url}`);
	out(`  vault          ${stack.vault.root}  (bare remote ${stack.vault.bare})`);
	out(`  docker calls   ${stack.docker.dir}/calls.jsonl (stand-in)`);
	out(`  pipeline       '${STACK_NAMES.pipeline}' posts what it receives to ${stack.pipeline.url}`);
	out(`  config         ${stack.configFile}`);
	out();
	out('Connect any MCP client (streamable HTTP) to the endpoint with header "Authorization: Bearer <token>";');
	out('without the token it answers 403. With curl (initialize, then call a tool in that session):');
	const curl = `curl -s -X POST ${stack.mcpUrl} -H 'Authorization: Bearer ${stack.token}' -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'`;
	out(`  sid=$(${curl} -D - -o /dev/null -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}' | tr -d '\\r' | sed -n 's/^mcp-session-id: //ip')`);
	out(`  ${curl} -H "Mcp-Session-Id: $sid" -d '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"odoo_list_projects","arguments":{}}}'`);
	out();
	const agent = await agentConfigs(stack);
	out(`The Hermes Agent (${agent.command} --for hermes): this mcp_servers entry goes in ~/.hermes/config.yaml,`);
	out(agent.hermes);
	out('and the token in ~/.hermes/.env, under the variable its Authorization header names:');
	out(`  ${agent.tokenVariable}=${stack.token}`);
	out();
	out(`Other MCP clients (${agent.command} --for mcp-json), with the token in ${agent.tokenVariable}:`);
	out(agent.mcpJson);
	out();
	// A project of the quick start serves the default endpoint with the same Bearer credential: its
	// variable gets the same token, so the quick start's lines run as written after this export.
	const projectVariable = tokenVariable(DEFAULT_MCP_PATH);
	out('hermes-workflows against this n8n (every variable it reads: docs/environment.md), for this demo and for a project of the quick start:');
	out(`  export N8N_API_KEY=${n8n.apiKey} ${agent.tokenVariable}=${stack.token}${projectVariable === agent.tokenVariable ? '' : ` ${projectVariable}=${stack.token}`}`);
	out(`  npx hermes-workflows doctor --url ${n8n.baseUrl} --api-key "$N8N_API_KEY" --token "$${agent.tokenVariable}" --config ${stack.configFile}`);
	out();
	out();
	// Everything of the config but its endpoint and names: a project keeps its own (the default endpoint, beside the demo's).
	const settings = JSON.parse(readFileSync(stack.configFile, 'utf8')) as Record<string, unknown>;
	delete settings.mcpPath;
	out("The deployment settings for a project's hermes.config.ts (the quick start's edit line: spread them into defineConfig({ ... })):");
	out(`  settings       ${JSON.stringify(settings)}`);
	out();
	out('Ctrl-C stops everything.');
}

async function main(): Promise<void> {
	const { preflight, args } = demoCommandLine(process.argv);
	const { port, queue } = args;
	if (preflight) {
		// demo.sh's first step: a mistake or a taken port is said before the install and the build.
		await checkPort(port);
		return;
	}
	const aborting = new AbortController();
	// Filled in as the start goes: the signal handlers below see what is there when they run.
	const run: { starting?: Promise<HermesStack>; started?: HermesStack } = {};
	// Installed before anything starts: a signal during the start stops what has started too.
	const stop = async (signal: NodeJS.Signals) => {
		if (stopping) return;
		stopping = true;
		out(`\n${signal}: stopping n8n, sshd, Prometheus and the stand-ins...`);
		if (run.starting && !run.started) {
			// Mid-start there is no handle yet: abort the start, and end the processes it waits on
			// (n8n booting, a push) so it fails now; its failure path stops what started and
			// removes its folders.
			aborting.abort(new Error(`${signal} during the start`));
			signalAll(descendants(process.pid), 'SIGTERM');
		}
		const stack = await run.starting?.catch(() => undefined);
		await stack?.stop();
		// Whatever is left (a CLI run under way).
		signalAll(descendants(process.pid), 'SIGKILL');
		out('stopped.');
		// By the signal itself, after the clean-ups the harnesses left for the process's exit.
		endBySignal(signal);
	};
	process.on('SIGINT', () => void stop('SIGINT'));
	process.on('SIGTERM', () => void stop('SIGTERM'));

	await checkPort(port);
	run.starting = startHermesStack({
		log: (line) => out(`- ${line}`),
		token: process.env.HERMES_DEMO_TOKEN || undefined,
		// Its own endpoint, so a project's quick start pushed to this n8n (default path) sits beside it.
		mcpPath: DEMO_MCP_PATH,
		signal: aborting.signal,
		startN8n: queue ? () => startQueueN8n({ workers: 2, webhook: true, repoRoot: REPO_ROOT, port }) : () => startN8n({ repoRoot: REPO_ROOT, port }),
	}).then((stack) => (run.started = stack));
	const stack = await run.starting;
	if (stopping) return;
	await printStack(stack, queue);
	await new Promise(() => undefined);
}

main().catch((error: unknown) => {
	// A signal's stop ends the process itself; the start it aborted rejects meanwhile.
	if (stopping) return;
	if (error instanceof DemoError || error instanceof PortTakenError) {
		process.stderr.write(`error: ${error.message}\nhint: ${error.hint}\n`);
		process.exit(2);
	}
	process.stderr.write(`demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
