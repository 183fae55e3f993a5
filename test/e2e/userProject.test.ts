/**
 * Workflow-as-code in a user's own repository, with the two packed tarballs installed as a user
 * installs them (`npm install -D <hermes-workflows.tgz> <n8n-nodes-hermes.tgz>`) in a folder
 * outside this repository: `init`, change one tool's description, add one tool, `generate`,
 * `lint`, `push` to a REAL n8n 2.41.1 (the e2e stack: real sshd, git vault, Prometheus; Odoo,
 * docker and the pipeline are stand-ins), then `tools/list` over MCP shows both changes and the
 * new tool answers. A broken tool fails `generate` naming file, tool and field.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { packPackage } from '../harness/n8n/communityPackage';
import { CATALOGUE } from '../helpers/defaultCatalogue';
import { runCli, type CliResult } from './helpers/cli';
import { callTool, connectMcp } from './helpers/mcp';
import { REPO_ROOT } from './helpers/repoRoot';
import { startHermesStack, type HermesStack } from './helpers/stack';
import { gatewayAnswer } from './helpers/toolCases';

jest.setTimeout(180_000);

const CHANGED_DESCRIPTION = 'Searches the notes of our team vault (changed in the project).';
const NEW_TOOL = `import { defineTool } from 'hermes-workflows';

export default defineTool({
	name: 'monitoring_targets_up',
	description: 'Which Prometheus scrape targets are up (1) or down (0).',
	sensitive: false,
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
		target: { kind: 'gateway', gateway: 'monitoring', inputs: [{ input: 'mode', value: 'query' }, { input: 'promql', param: 'Bad-Key' }] },
		parameters: [
			{ key: 'Bad-Key', type: 'string', description: 'PromQL', required: true },
			{ key: 'unused', type: 'string', description: 'Never used', required: false },
		],
	} as never),
];
`;

let stack: HermesStack;
let work: string;
let project: string;
let cliMain: string;

const cli = (...args: string[]): Promise<CliResult> => runCli(args, 180_000, { main: cliMain, cwd: project });
const editFile = (file: string, edit: (text: string) => string) => writeFileSync(join(project, file), edit(readFileSync(join(project, file), 'utf8')));

beforeAll(async () => {
	work = mkdtempSync(join(tmpdir(), 'hermes-user-'));
	project = join(work, 'my-agent-tools');
	const packs = join(work, 'packs');
	const nodesTarball = packPackage(REPO_ROOT, packs);
	const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--workspace', 'hermes-workflows', '--pack-destination', packs], {
		cwd: REPO_ROOT,
		encoding: 'utf8',
		timeout: 120_000,
	});
	const cliTarball = join(packs, (JSON.parse(out) as Array<{ filename: string }>)[0].filename);
	execFileSync('mkdir', ['-p', project]);
	writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'my-agent-tools', private: true }, null, 2)}\n`);
	execFileSync('npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--loglevel=error', cliTarball, nodesTarball], {
		cwd: project,
		stdio: ['ignore', 'ignore', 'pipe'],
		timeout: 300_000,
	});
	cliMain = join(project, 'node_modules', 'hermes-workflows', 'bin', 'hermes-workflows.js');
	stack = await startHermesStack();
}, 600_000);

afterAll(async () => {
	await stack?.stop();
	if (work) rmSync(work, { recursive: true, force: true });
}, 120_000);

test('the installed CLI is the packed one, with the node package as its only Hermes dependency', () => {
	const installed = JSON.parse(readFileSync(join(project, 'node_modules', 'hermes-workflows', 'package.json'), 'utf8'));
	expect(installed.dependencies['n8n-nodes-hermes']).toBeDefined();
	// The node package's n8n-workflow peer is optional: a CLI install does not pull n8n in.
	expect(() => readFileSync(join(project, 'node_modules', 'n8n-workflow', 'package.json'))).toThrow();
});

test('init scaffolds the project', async () => {
	const result = await cli('init');
	expect(result.stderr).toBe('');
	expect(result.code).toBe(0);
	expect(result.stdout).toContain('created hermes.config.ts');
	expect(result.stdout).toContain('created catalogue/vault.ts');
	const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
	expect(pkg.devDependencies['hermes-workflows']).toMatch(/hermes-workflows-0\.2\.0\.tgz$/);
});

test('a changed description and a new tool generate, lint and push', async () => {
	editFile('catalogue/vault.ts', (text) => text.replace(/(name: 'vault_search',\n\t\tdescription: )'[^']*'/, `$1'${CHANGED_DESCRIPTION}'`));
	writeFileSync(join(project, 'catalogue', 'targets.ts'), NEW_TOOL);
	// The deployment settings of this stack, and the new file in the catalogue list.
	const deployment = JSON.parse(readFileSync(stack.configFile, 'utf8'));
	editFile('hermes.config.ts', (text) =>
		text
			.replace("'catalogue/infrastructure.ts'", "'catalogue/infrastructure.ts',\n\t\t'catalogue/targets.ts'")
			.replace(/\n\}\);\n$/, `,\n\t...${JSON.stringify(deployment)},\n});\n`),
	);

	const generate = await cli('generate');
	expect(generate.stderr).toBe('');
	expect(generate.code).toBe(0);
	expect(generate.stdout).toContain(`workflows/hermes-mcp-tools.json (${CATALOGUE.length + 2} nodes, ${CATALOGUE.length + 1} tools)`);

	const lint = await cli('lint', 'workflows/hermes-mcp-tools.json', 'workflows/hermes-gateway-monitoring.json');
	expect(lint.code).toBe(0);
	// The project has no `approvals`: the three sensitive tools are reported as ungated, nothing else.
	expect(lint.stdout).toContain('0 errors, 3 warnings');
	expect(lint.stdout.match(/HMT017 warning/g)).toHaveLength(3);

	const push = await cli('push', '--url', stack.n8n.baseUrl, '--api-key', stack.n8n.apiKey);
	expect(push.stderr).toBe('');
	expect(push.code).toBe(0);
	expect(push.stdout).toMatch(/tools schema changed|restart/i);
});

test('tools/list shows the change and the new tool, and the new tool answers', async () => {
	// A new session: MCP clients fetch tools/list once per session.
	const mcp = await connectMcp(stack.mcpUrl, stack.token);
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

test('a broken tool fails generate naming file, tool and field, and writes nothing', async () => {
	const before = readFileSync(join(project, 'workflows', 'hermes-mcp-tools.json'), 'utf8');
	writeFileSync(join(project, 'catalogue', 'broken.ts'), BROKEN_TOOL);
	editFile('hermes.config.ts', (text) => text.replace("'catalogue/targets.ts'", "'catalogue/targets.ts',\n\t\t'catalogue/broken.ts'"));
	const generate = await cli('generate');
	expect(generate.code).toBe(2);
	expect(generate.stderr).toContain('catalogue/broken.ts: tool "broken_tool": parameters[0].key: lower snake_case, at most 64 characters');
	expect(generate.stderr).toContain('catalogue/broken.ts: tool "broken_tool": parameters[1]: optional parameter "unused" needs a default');
	expect(readFileSync(join(project, 'workflows', 'hermes-mcp-tools.json'), 'utf8')).toBe(before);
});
