/**
 * Workflow-as-code in a user's own repository, following the quick start of README.md and
 * docs/catalogue.md line by line as bash runs it, in a folder outside this repository, against
 * `npm run demo` as a new user runs it: the packed CLI tarball where the line says "before
 * publication"; `http://localhost:<port>` where the line says `http://localhost:5678`, the port
 * given to the demo with `--port` (a free one: other n8n instances may hold 5678 here); the
 * variables docs/environment.md names (`N8N_API_KEY`, `MCP_HERMES_TOOLS_API_KEY`) set by the
 * `export` line the demo printed, as a person pastes it; the edit line spreading the deployment
 * settings the demo printed into hermes.config.ts.
 * Install, `init`, change one tool's description and add one tool, `generate`, `lint`, `push` to
 * the demo's REAL n8n 2.41.1 (real sshd, git vault, Prometheus; Odoo, docker and the pipeline are
 * stand-ins), `agent-config` (whose token variable is the one the doctor line reads), `doctor`
 * (also with the token from that variable alone); then `tools/list` over MCP shows both changes
 * and the new tool answers. The figures the docs print (tools, warnings, the CLI install's
 * packages and size) are checked against what ran. A broken tool fails `generate` naming file,
 * tool and field. Last, SIGTERM to npm's pid alone (a process manager) stops the demo and nothing
 * of its process tree is left.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

import { packCli } from '../../harness/cliPackage';
import { freePorts } from '../../harness/n8n/freePort';
import { CATALOGUE } from '../../helpers/defaultCatalogue';
import { documentedFigures, installFigures, megabytes } from '../../helpers/installedPackages';
import { printedFigure, quickStart } from '../../helpers/docCommands';
import type { CliResult } from './cli';
import { DEMO_READY, leftBehind, startDemo, type DemoRun } from './demoProcess';
import { callTool, connectMcp } from './mcp';
import { REPO_ROOT } from './repoRoot';
import { gatewayAnswer } from './toolCases';

const QUICK_START = quickStart('README.md');
const DOCS_URL = 'http://localhost:5678';
/** The variable docs/environment.md names for the token of the default `mcpPath`, hermes-tools. */
const TOKEN_VARIABLE = 'MCP_HERMES_TOOLS_API_KEY';
const CHANGED_DESCRIPTION = 'Searches the notes of our team vault (changed in the project).';

const NEW_TOOL = `import { defineTool } from 'hermes-workflows';

export default defineTool({
	name: 'monitoring_targets_up',
	description: 'Which Prometheus scrape targets are up (1) or down (0).',
	sensitive: false,
	readOnly: true,
	target: {
		kind: 'gateway',
		gateway: 'monitoring',
		inputs: [
			{ input: 'mode', value: 'query' },
			{ input: 'promql', param: 'expr' },
		],
	},
	parameters: [{ key: 'expr', type: 'string', description: 'PromQL to run, default up', required: false, default: 'up' }],
});
`;
const BROKEN_TOOL = `import { defineTool } from 'hermes-workflows';

export default [
	defineTool({
		name: 'broken_tool',
		description: 'A tool with a bad key and an optional parameter without default.',
		sensitive: false,
		readOnly: true,
		target: { kind: 'gateway', gateway: 'monitoring', inputs: [{ input: 'mode', value: 'query' }, { input: 'promql', param: 'Bad-Key' }] },
		parameters: [
			{ key: 'Bad-Key', type: 'string', description: 'PromQL', required: true },
			{ key: 'unused', type: 'string', description: 'Never used', required: false },
		],
	} as never),
];
`;

/** The quick start in a user's own folder, against a demo it starts. */
export function describeUserProject(): void {
	jest.setTimeout(180_000);

	let demo: DemoRun;
	let port: number;
	let work: string;
	let packs: string;
	let cliTarball: string;
	let cwd: string;
	const ran: string[] = [];
	/** The package folders the harness packs into (test/harness/n8n/communityPackage.ts) before the demo started. */
	let packageFoldersBefore: string[] = [];
	const packageFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('hermes-package-'));

	/** The quick start's line that starts with `start`. */
	function line(start: string): string {
		const found = QUICK_START.find((l) => l.startsWith(start));
		if (!found) throw new Error(`the quick start has no line starting "${start}"`);
		return found;
	}

	/**
	 * Runs a quick start line with bash, as a user types it, in the folder the lines before it left
	 * (`cd` included), with N8N_API_KEY and MCP_HERMES_TOOLS_API_KEY set as the user set them from
	 * the demo's output. Tarballs aside: the install line runs its "before publication" form with the
	 * packed tarball. `record: false` for a variation of a line.
	 */
	function run(docLine: string, record = true): Promise<CliResult> {
		if (record) ran.push(docLine);
		const publication = docLine.match(/# before publication: (.*)$/);
		const command = (publication ? publication[1].replace(/\S*\/(hermes-workflows-[\d.]+\.tgz)/, `${packs}/$1`) : docLine).replaceAll(DOCS_URL, `http://localhost:${port}`);
		const env = { ...process.env, N8N_API_URL: '', ...exported() };
		return new Promise((resolve, reject) => {
			const child = spawn('bash', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
			let stdout = '';
			let stderr = '';
			child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
			child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
			const timer = setTimeout(() => child.kill('SIGKILL'), 170_000);
			child.on('error', reject);
			child.on('close', (code) => {
				clearTimeout(timer);
				const cd = docLine.match(/(?:^|&& )cd (\S+)$/);
				if (cd && code === 0) cwd = join(cwd, cd[1]);
				resolve({ code: code ?? 1, stdout, stderr });
			});
		});
	}

	/** The variables of the `export` line the demo printed, as a person pastes it into the shell. */
	function exported(): Record<string, string> {
		const exportLine = demo.output().split('\n').find((l) => l.startsWith('  export '));
		if (!exportLine) throw new Error('the demo printed no export line');
		return Object.fromEntries(exportLine.trim().replace(/^export /, '').split(/\s+/).map((pair) => pair.split('=', 2) as [string, string]));
	}

	const editFile = (file: string, edit: (text: string) => string) => writeFileSync(join(cwd, file), edit(readFileSync(join(cwd, file), 'utf8')));

	beforeAll(async () => {
		work = mkdtempSync(join(tmpdir(), 'hermes-user-'));
		packs = join(work, 'packs');
		cliTarball = packCli(REPO_ROOT, packs);
		cwd = work;
		[port] = await freePorts(1);
		packageFoldersBefore = packageFolders();
		demo = startDemo(['npm', 'run', 'demo', '--', '--port', String(port)]);
		await demo.waitFor(DEMO_READY, 600_000);
	}, 660_000);

	afterAll(() => {
		demo?.kill();
		if (work) rmSync(work, { recursive: true, force: true });
	});

	test('the docs name the tarball the pack makes', () => {
		expect(line('npm install -D hermes-workflows')).toContain(`/${basename(cliTarball)}`);
	});

	test('mkdir, install the CLI tarball alone, init: the project holds the default tools, and no node package', async () => {
		const mkdir = await run(line('mkdir '));
		expect(mkdir.code).toBe(0);
		expect(basename(cwd)).toBe('my-agent-tools');

		const install = await run(line('npm install -D hermes-workflows'));
		expect(install.code).toBe(0);
		const figures = installFigures(join(cwd, 'node_modules'));
		const names = figures.packages.map((pkg) => pkg.name);
		for (const absent of ['n8n-nodes-hermes', 'ssh2', 'n8n-workflow']) expect(names).not.toContain(absent);
		expect(install.stderr).not.toMatch(/install-scripts/);
		const page = readFileSync(join(REPO_ROOT, 'docs', 'installing.md'), 'utf8');
		expect(documentedFigures(page, '`hermes-workflows` alone')).toEqual({ packages: figures.packages.length, megabytes: megabytes(figures.bytes) });

		const init = await run(line('npx hermes-workflows init'));
		expect(init.stderr).toBe('');
		expect(init.code).toBe(0);
		expect(init.stdout).toContain('created hermes.config.ts');
		expect(init.stdout).toContain('created catalogue/vault.ts');
		const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
		expect(pkg.devDependencies['hermes-workflows']).toBe(`file:../packs/${basename(cliTarball)}`);
		const tools = readdirSync(join(cwd, 'catalogue')).flatMap((file) => readFileSync(join(cwd, 'catalogue', file), 'utf8').match(/defineTool\(/g) ?? []);
		expect(tools).toHaveLength(CATALOGUE.length);
	});

	test('the edit line: a changed description and a new tool generate, lint and push', async () => {
		expect(line('# edit')).toMatch(/catalogue\/\*\.ts .* hermes\.config\.ts/);
		ran.push(line('# edit'));
		editFile('catalogue/vault.ts', (text) => text.replace(/(name: 'vault_search',\n\t\tdescription: )'[^']*'/, `$1'${CHANGED_DESCRIPTION}'`));
		writeFileSync(join(cwd, 'catalogue', 'targets.ts'), NEW_TOOL);
		// The deployment settings the demo printed (not its endpoint: the project keeps the default
		// one, beside the demo's), and the new file in the catalogue list.
		const deployment = JSON.parse(/^ {2}settings\s+(.*)$/m.exec(demo.output())?.[1] ?? '{}') as Record<string, unknown>;
		expect(deployment).not.toHaveProperty('mcpPath');
		expect(deployment).toHaveProperty('vault');
		editFile('hermes.config.ts', (text) =>
			text
				.replace("'catalogue/infrastructure.ts'", "'catalogue/infrastructure.ts',\n\t\t'catalogue/targets.ts'")
				.replace(/\n\}\);\n$/, `,\n\t...${JSON.stringify(deployment)},\n});\n`),
		);

		const generate = await run(line('npx hermes-workflows generate'));
		expect(generate.stderr).toBe('');
		expect(generate.code).toBe(0);
		expect(generate.stdout).toContain(`workflows/hermes-mcp-tools.json (${CATALOGUE.length + 2} nodes, ${CATALOGUE.length + 1} tools)`);

		const lintLine = line('npx hermes-workflows lint');
		const lint = await run(lintLine);
		expect(lint.code).toBe(0);
		// The project has no `approvals`: the sensitive tools are reported as ungated, nothing else.
		const warnings = printedFigure(lintLine, 'warnings');
		expect(lint.stdout).toContain(`${printedFigure(lintLine, 'errors')} errors, ${warnings} warnings`);
		expect(lint.stdout.match(/HMT017 warning/g)).toHaveLength(warnings);

		const push = await run(line('npx hermes-workflows push'));
		expect(push.stderr).toBe('');
		expect(push.code).toBe(0);
		// Beside the demo: the project's own workflows, named for the default endpoint.
		expect(push.stdout).toMatch(/^create {2}Hermes MCP Tools \(/m);
		expect(push.stdout).toMatch(/^create {2}Hermes Gateway - Vault \(/m);
	});

	test('agent-config prints the MCP endpoint the agent connects to, its token in the variable the doctor line reads', async () => {
		const config = await run(line('npx hermes-workflows agent-config'));
		// Its stdout is the config an agent reads: the config file it used is named on stderr.
		expect(config.stderr).toBe(`config: ${join(cwd, 'hermes.config.ts')}\n`);
		expect(config.code).toBe(0);
		expect(config.stdout).toContain(`url: http://localhost:${port}/mcp/hermes-tools\n`);
		expect(config.stdout).toContain(`Authorization: Bearer \${${TOKEN_VARIABLE}}\n`);
		expect(line('npx hermes-workflows doctor')).toContain(`--token "$${TOKEN_VARIABLE}"`);
	});

	test("the demo's export line sets both variables the quick start reads, to n8n's API key and the Bearer token", () => {
		expect(exported()).toMatchObject({ N8N_API_KEY: demo.printed('n8n API key'), [TOKEN_VARIABLE]: demo.printed('Bearer token') });
	});

	test('doctor finds the deployment healthy, having called each read-only tool, with the token from --token and from its variable alone', async () => {
		const doctorLine = line('npx hermes-workflows doctor');
		const withoutToken = doctorLine.replace(` --token "$${TOKEN_VARIABLE}"`, '');
		expect(withoutToken).not.toBe(doctorLine);
		for (const doctor of [await run(doctorLine), await run(withoutToken, false)]) {
			expect(doctor.stderr).toBe('');
			expect(doctor.stdout).toMatch(/^ok {2}tools\/list equals the manifest/m);
			expect(doctor.stdout).toMatch(/^ok {2}read-only tools answer from their own node: \d+ read-only tools answered/m);
			expect(doctor.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ ok, 0 warn, 0 fail$/);
			expect(doctor.code).toBe(0);
		}
	});

	test('a broken setting (a vault path the host lacks) pushed: the same doctor line fails, naming the tool; fixed, it passes again', async () => {
		const config = readFileSync(join(cwd, 'hermes.config.ts'), 'utf8');
		const vault = (JSON.parse(/^ {2}settings\s+(.*)$/m.exec(demo.output())?.[1] ?? '{}') as { vault: { path: string } }).vault.path;
		try {
			editFile('hermes.config.ts', (text) => text.replace(JSON.stringify(vault), JSON.stringify('/no/such/vault')));
			expect(readFileSync(join(cwd, 'hermes.config.ts'), 'utf8')).toContain('/no/such/vault');
			expect((await run(line('npx hermes-workflows push'), false)).code).toBe(0);
			const doctor = await run(line('npx hermes-workflows doctor'), false);
			expect(doctor.stdout).toMatch(/^fail {2}read-only tools answer from their own node: vault_list answered __\w+__/m);
			expect(doctor.code).toBe(1);
		} finally {
			writeFileSync(join(cwd, 'hermes.config.ts'), config);
			expect((await run(line('npx hermes-workflows push'), false)).code).toBe(0);
		}
	});

	test('every line of the quick start ran', () => {
		expect([...ran].sort()).toEqual([...QUICK_START].sort());
	});

	test('tools/list of the project\'s endpoint shows the change and the new tool, and the new tool answers', async () => {
		// A new session: MCP clients fetch tools/list once per session.
		const mcp = await connectMcp(`http://localhost:${port}/mcp/hermes-tools`, demo.printed('Bearer token'));
		try {
			const { tools } = await mcp.client.listTools();
			expect(tools).toHaveLength(CATALOGUE.length + 1);
			expect(tools.find((t) => t.name === 'vault_search')?.description).toBe(CHANGED_DESCRIPTION);
			const added = tools.find((t) => t.name === 'monitoring_targets_up');
			expect(added?.description).toBe('Which Prometheus scrape targets are up (1) or down (0).');
			const answer = await callTool(mcp, 'monitoring_targets_up', {});
			expect(gatewayAnswer(answer)).toMatchObject({ success: true, mode: 'query', seriesCount: 1 });
			expect(JSON.stringify(gatewayAnswer(answer).result)).toContain('"__name__":"up"');
		} finally {
			await mcp.close();
		}
	});

	test('the demo beside it keeps working: its own endpoint, its catalogue unchanged, a vault read answers', async () => {
		const mcp = await connectMcp(demo.printed('MCP endpoint'), demo.printed('Bearer token'));
		try {
			expect(demo.printed('MCP endpoint')).toBe(`http://127.0.0.1:${port}/mcp/hermes-demo`);
			const { tools } = await mcp.client.listTools();
			expect(tools.map((t) => t.name).sort()).toEqual(CATALOGUE.map((t) => t.name).sort());
			expect(tools.find((t) => t.name === 'vault_search')?.description).not.toBe(CHANGED_DESCRIPTION);
			expect(gatewayAnswer(await callTool(mcp, 'vault_read', { path: 'projects/website.md' }))).toMatchObject({ success: true });
		} finally {
			await mcp.close();
		}
	});

	test('a broken tool fails generate naming file, tool and field, and writes nothing', async () => {
		const before = readFileSync(join(cwd, 'workflows', 'hermes-mcp-tools.json'), 'utf8');
		writeFileSync(join(cwd, 'catalogue', 'broken.ts'), BROKEN_TOOL);
		editFile('hermes.config.ts', (text) => text.replace("'catalogue/targets.ts'", "'catalogue/targets.ts',\n\t\t'catalogue/broken.ts'"));
		const generate = await run(line('npx hermes-workflows generate'));
		expect(generate.code).toBe(2);
		expect(generate.stderr).toContain('catalogue/broken.ts: tool "broken_tool": parameters[0].key: lower snake_case, at most 64 characters');
		expect(generate.stderr).toContain('catalogue/broken.ts: tool "broken_tool": parameters[1]: optional parameter "unused" needs a default');
		expect(readFileSync(join(cwd, 'workflows', 'hermes-mcp-tools.json'), 'utf8')).toBe(before);
	});

	test("a second init'd project on the same default endpoint: its push is refused naming the first project, and --take-over replaces it on purpose", async () => {
		const first = /project: '([^']+)'/.exec(readFileSync(join(cwd, 'hermes.config.ts'), 'utf8'))?.[1];
		expect(first).toMatch(/^my-agent-tools-[0-9a-f]{6}$/);
		const other = join(work, 'other-tools');
		// Its own folder, with the first project's installed CLI (one install is enough for the test).
		const init = await run(`npx hermes-workflows init ${other}`, false);
		expect(init.code).toBe(0);
		symlinkSync(join(cwd, 'node_modules'), join(other, 'node_modules'));
		const settings = /^ {2}settings\s+(.*)$/m.exec(demo.output())?.[1] ?? '{}';
		writeFileSync(join(other, 'hermes.config.ts'), readFileSync(join(other, 'hermes.config.ts'), 'utf8').replace(/\n\}\);\n$/, `,\n\t...${settings},\n});\n`));
		const push = (...flags: string[]) => run(`cd ${other} && ${line('npx hermes-workflows push')} ${flags.join(' ')}`.trimEnd(), false);
		const refused = await push();
		expect(refused.code).toBe(2);
		expect(refused.stderr).toMatch(new RegExp(`^error: nothing was pushed: this config would update "Hermes MCP Tools" \\(id \\w+\\) of the project "${first}"`, 'm'));
		expect(refused.stderr).toMatch(/^hint: give this project its own mcpPath .*--take-over/m);
		const dry = await push('--dry-run');
		expect(dry.code).toBe(2);
		const taken = await push('--take-over');
		expect(taken.stderr).toBe('');
		expect(taken.code).toBe(0);
		expect(taken.stdout).toMatch(new RegExp(`^note: --take-over: updating "Hermes MCP Tools" \\(id \\w+\\) of the project "${first}" as the project "other-tools-[0-9a-f]{6}"`, 'm'));
		process.stdout.write(`a second project's push (exit ${refused.code}):\n${refused.stderr}\nwith --take-over (exit ${taken.code}):\n${taken.stdout}\n`);
	});

	test('SIGTERM to npm run demo\'s pid alone (a process manager) stops the demo: nothing of its tree is left', async () => {
		demo.look();
		process.kill(demo.pid, 'SIGTERM');
		expect(await demo.exited).toEqual({ code: null, signal: 'SIGTERM' });
		expect(demo.output()).toContain('SIGTERM: stopping n8n, sshd, Prometheus and the stand-ins...\nstopped.\n');
		expect(await leftBehind(demo)).toEqual([]);
		// Nor its package folder in /tmp: the clean-ups run before the signal ends it.
		expect(packageFolders().filter((name) => !packageFoldersBefore.includes(name))).toEqual([]);
	}, 90_000);
}
