/**
 * The README's main job, run as written after `npm ci` (which the test command has run already):
 * `npm run demo` installs what the local deployment needs, builds, brings up n8n with the package
 * installed and the default catalogue pushed, sshd with a vault, Prometheus and the stand-ins, and
 * leaves them running. The test reads what it printed, reaches the MCP endpoint with the official
 * client and the printed agent config, and stops it with SIGTERM.
 * Real: n8n 2.41.1, OpenSSH sshd, git, Prometheus, the MCP SDK client. Stand-ins: Odoo, docker, the
 * content pipeline (see helpers/stack.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';

import { CATALOGUE } from '../helpers/defaultCatalogue';
import { connectMcpWith } from './helpers/mcp';
import { REPO_ROOT } from './helpers/repoRoot';

const TOKEN = 'main-job-token-0123456789abcdef';
const READY = 'Ctrl-C stops everything.';

let demo: ChildProcess;
let output = '';
let exited: Promise<number | null>;

function waitFor(text: string, timeoutMs: number): Promise<void> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`"${text}" not printed within ${timeoutMs / 1000} s; output so far:\n${output.slice(-4000)}`)), timeoutMs);
		const check = () => {
			if (output.includes(text)) {
				clearTimeout(timer);
				resolve();
			} else if (demo.exitCode !== null) {
				clearTimeout(timer);
				reject(new Error(`npm run demo exited ${demo.exitCode} before printing "${text}":\n${output.slice(-4000)}`));
			} else setTimeout(check, 200);
		};
		check();
	});
}

beforeAll(async () => {
	// Its own process group, so SIGTERM reaches npm, bash and the demo alike.
	demo = spawn('npm', ['run', 'demo'], { cwd: REPO_ROOT, detached: true, env: { ...process.env, HERMES_DEMO_TOKEN: TOKEN }, stdio: ['ignore', 'pipe', 'pipe'] });
	demo.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	demo.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	exited = new Promise((resolve) => demo.once('exit', (code) => resolve(code)));
	await waitFor(READY, 600_000);
}, 660_000);

afterAll(async () => {
	if (demo?.pid && demo.exitCode === null) {
		process.kill(-demo.pid, 'SIGTERM');
		const timer = setTimeout(() => demo.pid && process.kill(-demo.pid, 'SIGKILL'), 60_000);
		await exited;
		clearTimeout(timer);
	}
}, 90_000);

async function exitedAndSaid(text: string, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!output.includes(text) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
	expect(output).toContain(text);
	await exited;
}

const printed = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(output)?.[1] ?? '';

it('prints the MCP endpoint and the token, and the endpoint serves the catalogue', async () => {
	const url = printed('MCP endpoint');
	expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/hermes-tools$/);
	expect(printed('Bearer token')).toBe(TOKEN);
	const session = await connectMcpWith(url, { Authorization: `Bearer ${TOKEN}` });
	try {
		const { tools } = await session.client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
	} finally {
		await session.close();
	}
});

it('prints a curl call and an agent config a client can use as is, with the token in its variable', async () => {
	expect(output).toContain(`curl -s -X POST ${printed('MCP endpoint')} -H 'Authorization: Bearer ${TOKEN}'`);
	const json = output.slice(output.indexOf('{\n  "mcpServers"'), output.indexOf(READY)).trim();
	const { mcpServers } = JSON.parse(json) as { mcpServers: Record<string, { url: string; headers: { Authorization: string } }> };
	const [server] = Object.values(mcpServers);
	expect(server.url).toBe(printed('MCP endpoint'));
	const session = await connectMcpWith(server.url, { Authorization: server.headers.Authorization.replace(/\$\{[A-Z0-9_]+\}/, TOKEN) });
	try {
		expect((await session.client.listTools()).tools.length).toBe(CATALOGUE.length);
	} finally {
		await session.close();
	}
});

it('stops everything on SIGTERM', async () => {
	process.kill(-demo.pid!, 'SIGTERM');
	// npm ends at once; the demo, in the same group, stops the stack and says so.
	await exitedAndSaid('stopped.', 60_000);
	const url = printed('MCP endpoint');
	await expect(fetch(url, { method: 'POST', signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
});
