/**
 * `npm run demo` (the README's main job): the e2e stack left running for a person to try - a real
 * n8n with the package installed and the Hermes workflows pushed, OpenSSH sshd, a git vault with a
 * bare remote, Prometheus, and the Odoo, docker and content-pipeline stand-ins - printing the MCP
 * URL, the Bearer token, a curl call and the agent config, until Ctrl-C or SIGTERM. Set
 * HERMES_DEMO_TOKEN to choose the token.
 * `npm run demo -- --queue` runs n8n in queue mode instead: PostgreSQL, Redis, main, 2 workers
 * and a webhook process.
 */
import { startQueueN8n, type QueueN8nHandle } from '../harness/queue/stack';
import { runCli } from './helpers/cli';
import { REPO_ROOT } from './helpers/repoRoot';
import { startHermesStack, STACK_NAMES } from './helpers/stack';

const out = (line = '') => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
	const queue = process.argv.includes('--queue');
	const stack = await startHermesStack({
		log: (line) => out(`- ${line}`),
		token: process.env.HERMES_DEMO_TOKEN || undefined,
		...(queue ? { startN8n: () => startQueueN8n({ workers: 2, webhook: true, repoRoot: REPO_ROOT }) } : {}),
	});
	let stopping = false;
	const stop = async (signal: string) => {
		if (stopping) return;
		stopping = true;
		out(`\n${signal}: stopping n8n, sshd, Prometheus and the stand-ins...`);
		await stack.stop();
		out('stopped.');
		process.exit(0);
	};
	process.on('SIGINT', () => void stop('SIGINT'));
	process.on('SIGTERM', () => void stop('SIGTERM'));

	const { n8n, odoo } = stack;
	out();
	out('Hermes MCP Tools is running.');
	out(`  MCP endpoint   ${stack.mcpUrl}`);
	out(`  Bearer token   ${stack.token}`);
	out(`  n8n editor     ${n8n.baseUrl}  (${n8n.owner.email} / ${n8n.owner.password})`);
	if (queue) {
		const q = n8n as QueueN8nHandle;
		out(`  queue mode     main ${q.baseUrl}, webhook process ${q.webhookUrl} (MCP there too: ${q.webhookUrl}/mcp/${STACK_NAMES.mcpPath})`);
		out(`                 ${q.workers.length} workers (logs ${q.workers.map((w) => w.logFile).join(', ')}), PostgreSQL :${q.postgres.port}, Redis :${q.redis.port}`);
	}
	out(`  n8n API key    ${n8n.apiKey}`);
	out(`  Odoo stand-in  ${odoo.url}  db ${odoo.login.db}, user ${odoo.login.username}, password ${odoo.login.password}`);
	out(`  Prometheus     ${stack.prometheus.url}`);
	out(`  vault          ${stack.vault.root}  (bare remote ${stack.vault.bare})`);
	out(`  docker calls   ${stack.docker.dir}/calls.jsonl (stand-in)`);
	out(`  pipeline       '${STACK_NAMES.pipeline}' posts what it receives to ${stack.pipeline.url}`);
	out(`  config         ${stack.configFile} (hermes-workflows push|pull|diff --url ${n8n.baseUrl} --api-key <key> --config <file>)`);
	out();
	out('Connect any MCP client (streamable HTTP) to the endpoint with header "Authorization: Bearer <token>";');
	out('without the token it answers 403. With curl (initialize, then call a tool in that session):');
	const curl = `curl -s -X POST ${stack.mcpUrl} -H 'Authorization: Bearer ${stack.token}' -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'`;
	out(`  sid=$(${curl} -D - -o /dev/null -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}' | tr -d '\\r' | sed -n 's/^mcp-session-id: //ip')`);
	out(`  ${curl} -H "Mcp-Session-Id: $sid" -d '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"odoo_list_projects","arguments":{}}}'`);
	out();
	const agentConfig = ['agent-config', '--for', 'mcp-json', '--url', n8n.baseUrl, '--config', stack.configFile];
	const printed = await runCli(agentConfig);
	out(`An MCP client's config for it (hermes-workflows ${agentConfig.join(' ')}); put the token in the`);
	out('environment variable its Authorization header names (--for hermes prints the Hermes Agent\'s mcp_servers entry):');
	out(printed.code === 0 ? printed.stdout.trimEnd() : `(agent-config failed: ${printed.stderr.trim()})`);
	out();
	out('Ctrl-C stops everything.');
	await new Promise(() => undefined);
}

main().catch((error: unknown) => {
	process.stderr.write(`demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
