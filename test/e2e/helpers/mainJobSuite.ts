/**
 * The README's main job, run as written after `npm ci` (which the test command has run already):
 * `npm run demo` installs what the local deployment needs, builds, brings up n8n with the package
 * installed and the default catalogue pushed, sshd with a vault, Prometheus and the stand-ins, and
 * leaves them running. It runs as a terminal's job (its own process group, stdout a pipe, as in a
 * log) on a free port given with `--port`, since other n8n instances may hold 5678 here. The test
 * reads what it printed, reaches the MCP endpoint with the official client and both printed agent
 * configs, finds no escape sequence in the output, sees a second demo on the same port refused
 * with a hint, and stops it with Ctrl-C (SIGINT to the whole group, as a terminal sends it):
 * nothing of its process tree is left and its ports are closed.
 * Real: npm, bash, n8n 2.41.1 and its task runner, OpenSSH sshd, git, Prometheus, the MCP SDK
 * client. Stand-ins: Odoo, docker, the content pipeline (see helpers/stack.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

import { freePorts } from '../../harness/n8n/freePort';
import { CATALOGUE } from '../../helpers/defaultCatalogue';
import { DEMO_READY, leftBehind, listening, portOf, startDemo, type DemoRun } from './demoProcess';
import { connectMcpWith } from './mcp';
import { REPO_ROOT } from './repoRoot';

const TOKEN = 'main-job-token-0123456789abcdef';
/** The demo serves its own endpoint, hermes-demo (a project's default hermes-tools fits beside it), and agent-config names its token so. */
const PATH = 'hermes-demo';
const VARIABLE = 'MCP_HERMES_DEMO_API_KEY';
const ESC = String.fromCharCode(27);
/** What demo.sh compiled and runs (exec): the demo itself, without the install and build steps. */
const COMPILED = join(REPO_ROOT, 'node_modules/.cache/hermes-demo/test/e2e/demo.js');

/** The demo as the README's main job runs it, until Ctrl-C. */
export function describeMainJob(): void {
	let demo: DemoRun;
	let port: number;

	beforeAll(async () => {
		[port] = await freePorts(1);
		demo = startDemo(['npm', 'run', 'demo', '--', '--port', String(port)], { HERMES_DEMO_TOKEN: TOKEN });
		await demo.waitFor(DEMO_READY, 600_000);
	}, 660_000);

	afterAll(() => demo?.kill());

	/** The output between two printed lines. */
	function between(start: string, end: string): string {
		const output = demo.output();
		const from = output.indexOf(start);
		return output.slice(from + start.length, output.indexOf(end, from)).trim();
	}

	it('runs n8n on the port given, and prints the MCP endpoint and the token; the endpoint serves the catalogue', async () => {
		expect(demo.printed('n8n editor')).toBe(`http://127.0.0.1:${port}`);
		const url = demo.printed('MCP endpoint');
		expect(url).toBe(`http://127.0.0.1:${port}/mcp/${PATH}`);
		expect(demo.printed('Bearer token')).toBe(TOKEN);
		const session = await connectMcpWith(url, { Authorization: `Bearer ${TOKEN}` });
		try {
			const { tools } = await session.client.listTools();
			expect(tools.map((t) => t.name).sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
		} finally {
			await session.close();
		}
	});

	it('prints a curl call, and the mcpServers JSON a client uses as is with the token in the variable it names', async () => {
		expect(demo.output()).toContain(`curl -s -X POST ${demo.printed('MCP endpoint')} -H 'Authorization: Bearer ${TOKEN}'`);
		const { mcpServers } = JSON.parse(between(`with the token in ${VARIABLE}:`, '\n\n')) as { mcpServers: Record<string, { url: string; headers: { Authorization: string } }> };
		const server = mcpServers[PATH];
		expect(server.url).toBe(demo.printed('MCP endpoint'));
		expect(server.headers.Authorization).toBe(`Bearer \${${VARIABLE}}`);
		const session = await connectMcpWith(server.url, { Authorization: server.headers.Authorization.replace(`\${${VARIABLE}}`, TOKEN) });
		try {
			expect((await session.client.listTools()).tools.length).toBe(CATALOGUE.length);
		} finally {
			await session.close();
		}
	});

	it("prints the Hermes Agent's mcp_servers entry and the token as the .env line it reads", async () => {
		expect(demo.output()).toContain(`and the token in ~/.hermes/.env, under the variable its Authorization header names:\n  ${VARIABLE}=${TOKEN}\n`);
		const yaml = between('this mcp_servers entry goes in ~/.hermes/config.yaml,\n', '\nand the token in ~/.hermes/.env');
		const { mcp_servers: servers } = parse(yaml) as { mcp_servers: Record<string, { url: string; headers: { Authorization: string }; tools: { include: string[] } }> };
		const entry = servers[PATH];
		expect(entry.url).toBe(demo.printed('MCP endpoint'));
		expect(entry.headers.Authorization).toBe(`Bearer \${${VARIABLE}}`);
		expect(entry.tools.include).toEqual(CATALOGUE.map((t) => t.name));
		const session = await connectMcpWith(entry.url, { Authorization: entry.headers.Authorization.replace(`\${${VARIABLE}}`, TOKEN) });
		try {
			expect((await session.client.listTools()).tools.map((t) => t.name).sort()).toEqual([...entry.tools.include].sort());
		} finally {
			await session.close();
		}
	});

	it("prints the variables hermes-workflows reads for this n8n, with their values: the demo's token variable and the quick start's, which a project on the default endpoint reads", () => {
		expect(demo.output()).toContain(`  export N8N_API_KEY=${demo.printed('n8n API key')} ${VARIABLE}=${TOKEN} MCP_HERMES_TOOLS_API_KEY=${TOKEN}\n`);
	});

	it('writes no spinner frame or escape sequence to a stdout that is not a terminal', () => {
		const output = demo.output();
		expect(output).toContain('Build successful');
		expect(output).not.toContain(ESC);
		expect(output).not.toContain('\r');
		// The build's spinner line once, not a frame per tick.
		expect(output.split('Building TypeScript files')).toHaveLength(2);
	});

	it('a second demo on the same port stops before it starts anything, naming the port, with a hint', async () => {
		const second = startDemo(['node', COMPILED, '--port', String(port)]);
		expect(await second.exited).toEqual({ code: 2, signal: null });
		expect(second.output()).toBe(
			`error: n8n's port ${port} on 127.0.0.1 is taken\nhint: stop what listens there (\`ss -ltnp 'sport = :${port}'\` names it), or choose another port: npm run demo -- --port ${port + 1}\n`,
		);
	});

	it('a bad argument stops it before it starts anything, with the usage', async () => {
		for (const [args, error] of [
			[['--port', 'http'], '--port "http" is not a port number'],
			[['--port', '70000'], '--port "70000" is not a port number'],
			[['--prot', '5679'], 'unknown argument "--prot"'],
		] as const) {
			const bad = startDemo(['node', COMPILED, ...args]);
			expect(await bad.exited).toEqual({ code: 2, signal: null });
			const [first, second, ...rest] = bad.output().split('\n');
			expect(first).toBe(`error: ${error}`);
			expect(second).toMatch(/^hint: .*: npm run demo -- \[--port N\] \[--queue\]$/);
			expect(rest).toEqual(['']);
		}
	});

	it('Ctrl-C (SIGINT to its process group) stops everything: no process left, the ports closed, the folders removed', async () => {
		const ports = [port, portOf(demo.printed('Prometheus'))];
		const vault = demo.printed('vault');
		for (const open of ports) expect(await listening(open)).toBe(true);
		demo.look();
		const tree = demo.seen().map((p) => p.cmd);
		const missing = ['npm run demo', 'test/e2e/demo.js', '/usr/sbin/sshd', '/usr/bin/prometheus', 'n8n start'].filter((part) => !tree.some((cmd) => cmd.includes(part)));
		expect({ missing, tree }).toEqual({ missing: [], tree });

		process.kill(-demo.pid, 'SIGINT');
		expect(await demo.exited).toEqual({ code: null, signal: 'SIGINT' });
		expect(demo.output()).toContain('SIGINT: stopping n8n, sshd, Prometheus and the stand-ins...\nstopped.\n');
		expect(await leftBehind(demo)).toEqual([]);
		for (const closed of ports) expect(await listening(closed)).toBe(false);
		expect(existsSync(vault)).toBe(false);
	}, 90_000);
}
