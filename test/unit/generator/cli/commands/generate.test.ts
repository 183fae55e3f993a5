/** `hermes-workflows generate` in a temporary output directory. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

import { gateWorkflowFileName } from '../../../../../generator/approvals/gatedTools';
import { gatedNames } from '../../../../helpers/plans';
import { generateAll } from '../../../../../generator/project';
import { buildProgram } from '../../../../../generator/cli/main';
import { runGenerate } from '../../../../../generator/cli/commands/generate';
import { loadConfig, type HermesConfig } from '../../../../../generator/config';
import { OWNED_LIST_FILE } from '../../../../../generator/project/ownedFiles';
import { CATALOGUE, createFile, DEFAULT_CREATE_TOOLS } from '../../../../helpers/defaultCatalogue';

/** What generate writes for the default config: the generated files and the list of them. */
const DEFAULT_FILES = [...generateAll(CATALOGUE, loadConfig()).map((f) => f.file), OWNED_LIST_FILE].sort();

/** What a generate run with `config` does to a folder the default config was generated into. */
function switchTo(config: HermesConfig) {
	const before = new Map(generateAll(CATALOGUE, loadConfig()).map((f) => [f.file, f.content]));
	const after = generateAll(CATALOGUE, config);
	const unchanged = after.filter((f) => before.get(f.file) === f.content).map((f) => f.file);
	// the list changes whenever a file comes or goes
	const written = [...after.filter((f) => before.get(f.file) !== f.content).map((f) => f.file), OWNED_LIST_FILE];
	const removed = [...before.keys()].filter((file) => !after.some((f) => f.file === file));
	return { written, unchanged, removed };
}

class Capture {
	text = '';
	write(chunk: string): boolean {
		this.text += chunk;
		return true;
	}
}

async function run(options: Parameters<typeof runGenerate>[0]) {
	const out = new Capture();
	const err = new Capture();
	const code = await runGenerate(options, out, err);
	return { code, out: out.text, err: err.text };
}

let dir: string;
/** Config files of a case, outside the output folder. */
let configs: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'hermes-generate-'));
	configs = mkdtempSync(join(tmpdir(), 'hermes-generate-config-'));
});
afterEach(() => {
	rmSync(dir, { recursive: true, force: true });
	rmSync(configs, { recursive: true, force: true });
});

describe('generate', () => {
	it('writes the workflows, manifest and sub-workflows, then reports them unchanged', async () => {
		const first = await run({ out: dir });
		expect(first.code).toBe(0);
		expect(readdirSync(dir).sort()).toEqual(DEFAULT_FILES);
		expect(DEFAULT_FILES).toEqual(expect.arrayContaining(['hermes-mcp-tools.json', 'hermes-mcp-tools.index.json', 'hermes-gateway-vault.json', ...DEFAULT_CREATE_TOOLS.map(createFile)]));
		expect(first.out).toContain(`hermes-mcp-tools.json (${CATALOGUE.length + 1} nodes, ${CATALOGUE.length} tools)`);
		expect(first.out).toContain(`${DEFAULT_FILES.length} written, 0 unchanged`);
		const content = readFileSync(join(dir, 'hermes-mcp-tools.json'), 'utf8');
		expect(content.endsWith('}\n')).toBe(true);
		expect(content).toContain('\n  "nodes": [\n    {\n      "id": ');
		expect((await run({ out: dir })).out).toContain(`0 written, ${DEFAULT_FILES.length} unchanged`);
		expect((await run({ out: dir, check: true })).code).toBe(0);
	});

	it('--check exits 1 and names a file that differs, with a hint, and writes nothing', async () => {
		await run({ out: dir });
		const path = join(dir, 'hermes-mcp-tools.json');
		const edited = readFileSync(path, 'utf8').replace('"name": "crm_delete_lead"', '"name": "crm_remove_lead"');
		writeFileSync(path, edited);
		unlinkSync(join(dir, 'hermes-gateway-docker.json'));
		const result = await run({ out: dir, check: true });
		expect(result.code).toBe(1);
		expect(result.err).toMatch(/differs: .*hermes-mcp-tools\.json: line \d+: on disk "name": "crm_remove_lead", \| generated "name": "crm_delete_lead",/);
		expect(result.err).toMatch(/differs: .*hermes-gateway-docker\.json: missing on disk/);
		expect(result.err).toContain(`2 of ${DEFAULT_FILES.length} files differ`);
		expect(readFileSync(path, 'utf8')).toBe(edited);
	});

	it('exits 2 with the zod issues on a bad config, writing nothing', async () => {
		const config = join(dir, 'bad.json');
		writeFileSync(config, JSON.stringify({ mcpPath: '', surprise: 1 }));
		const result = await run({ out: join(dir, 'out'), config });
		expect(result.code).toBe(2);
		expect(result.err).toMatch(/mcpPath: /);
		expect(result.err).toMatch(/surprise: unknown key/);
		expect(() => readdirSync(join(dir, 'out'))).toThrow();
	});

	it('after a switch to gatewayMode direct: --check reports the sub-workflows no longer generated, generate removes them', async () => {
		await run({ out: dir });
		const config = join(dir, 'direct.json');
		writeFileSync(config, JSON.stringify({ gatewayMode: 'direct' }));
		const check = await run({ out: dir, config, check: true });
		expect(check.code).toBe(1);
		for (const gateway of ['vault', 'docker', 'monitoring']) expect(check.err).toContain(`stale: ${join(dir, `hermes-gateway-${gateway}.json`)}`);
		expect(check.err).not.toContain('hermes-gateway-content.json');
		const write = await run({ out: dir, config });
		expect(write.code).toBe(0);
		const { written, unchanged, removed } = switchTo(loadConfig(config));
		expect(write.out).toContain(`${written.length} written, ${unchanged.length} unchanged, ${removed.length} removed`);
		// The create tools keep their create-once workflows: content_generate hands off in both gateway modes.
		expect(readdirSync(dir).filter((f) => f.startsWith('hermes-')).sort()).toEqual(
			[...DEFAULT_CREATE_TOOLS.map(createFile), 'hermes-gateway-content.json', 'hermes-mcp-tools.index.json', 'hermes-mcp-tools.json'].sort(),
		);
		expect((await run({ out: dir, config, check: true })).code).toBe(0);
	});

	const configFile = (name: string, config: unknown) => {
		const file = join(configs, name);
		writeFileSync(file, JSON.stringify(config));
		return file;
	};
	const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };

	it('exits 2 on an old config that names lock tables, saying each is removed, writing nothing', async () => {
		const config = configFile('locks.json', { approvals: { channel: EMAIL, publicUrl: 'https://n8n.example.com/', lockTable: 'hermes_approval_locks' }, creates: { lockTable: 'hermes_create_locks' } });
		const result = await run({ out: join(dir, 'out'), config });
		expect(result.code).toBe(2);
		for (const section of ['approvals', 'creates']) {
			expect(result.err).toContain(`${section}.lockTable: removed: identical calls are now told apart by their own rows in the store (${section}.table), so no lock table is needed. Delete the key;`);
		}
		expect(result.err).not.toMatch(/unknown key/);
		expect(() => readdirSync(join(dir, 'out'))).toThrow();
	});

	it('with approvals and create tools, every Data table node of every workflow is on one of the two stores: no lock table', async () => {
		const approvals = configFile('approvals.json', { approvals: { channel: EMAIL, publicUrl: 'https://n8n.example.com/' } });
		expect((await run({ out: dir, config: approvals })).code).toBe(0);
		const tables = new Set<string>();
		for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
			const workflow = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes?: Array<{ type: string; parameters: { dataTableId?: { value: string } } }> };
			for (const node of workflow.nodes ?? []) if (node.type === 'n8n-nodes-base.dataTable') tables.add(node.parameters.dataTableId!.value);
		}
		expect([...tables].sort()).toEqual(['hermes_approvals', 'hermes_creates']);
	});

	it('after approvals are dropped: --check reports each gate and the page as stale, generate removes them', async () => {
		const approvals = configFile('approvals.json', { approvals: { channel: EMAIL, publicUrl: 'https://n8n.example.com/' } });
		await run({ out: dir, config: approvals });
		const gates = gatedNames(CATALOGUE, loadConfig(approvals)).map(gateWorkflowFileName);
		const approvalFiles = readdirSync(dir).filter((f) => f.startsWith('hermes-approval-'));
		expect(approvalFiles.sort()).toEqual([...gates, 'hermes-approval-page.json'].sort());
		const check = await run({ out: dir, check: true });
		expect(check.code).toBe(1);
		for (const file of approvalFiles) expect(check.err).toContain(`stale: ${join(dir, file)}: generate wrote it and this config no longer generates it`);
		expect(check.err).toContain(`, ${approvalFiles.length} stale`);
		expect(readdirSync(dir).filter((f) => f.startsWith('hermes-approval-'))).toHaveLength(approvalFiles.length);
		const write = await run({ out: dir });
		expect(write.out).toContain(`, ${approvalFiles.length} removed`);
		expect(readdirSync(dir).sort()).toEqual(DEFAULT_FILES);
		expect((await run({ out: dir, check: true })).code).toBe(0);
	});

	it('after a toolset is dropped: its workflow and manifest are stale, then removed', async () => {
		const toolset = configFile('ops.json', { toolsets: [{ name: 'ops', path: 'hermes-ops', tools: ['docker_read'] }] });
		await run({ out: dir, config: toolset });
		const own = ['hermes-mcp-tools.ops.json', 'hermes-mcp-tools.ops.index.json'];
		expect(readdirSync(dir)).toEqual(expect.arrayContaining(own));
		const check = await run({ out: dir, check: true });
		expect(check.code).toBe(1);
		for (const file of own) expect(check.err).toContain(`stale: ${join(dir, file)}`);
		await run({ out: dir });
		expect(readdirSync(dir).sort()).toEqual(DEFAULT_FILES);
	});

	it("never removes or reports a file it did not write: the user's own JSON stays, whatever its name", async () => {
		const mine = ['notes.json', 'hermes-approval-mine.json', 'hermes-mcp-tools.mine.json'];
		for (const file of mine) writeFileSync(join(dir, file), '{"mine": true}\n');
		await run({ out: dir });
		const approvals = configFile('approvals.json', { approvals: { channel: EMAIL, publicUrl: 'https://n8n.example.com/' } });
		await run({ out: dir, config: approvals });
		const back = await run({ out: dir });
		expect(back.code).toBe(0);
		expect((await run({ out: dir, check: true })).code).toBe(0);
		for (const file of mine) expect(readFileSync(join(dir, file), 'utf8')).toBe('{"mine": true}\n');
		expect(readdirSync(dir).sort()).toEqual([...DEFAULT_FILES, ...mine].sort());
	});

	it('in a folder written before the list existed, takes only the gateway sub-workflows as its own', async () => {
		await run({ out: dir });
		unlinkSync(join(dir, OWNED_LIST_FILE));
		writeFileSync(join(dir, 'hermes-approval-crm-delete-lead.json'), '{}\n');
		const check = await run({ out: dir, check: true });
		expect(check.code).toBe(1);
		expect(check.err).toMatch(new RegExp(`differs: .*${OWNED_LIST_FILE.replace('.', '\\.')}: missing on disk`));
		expect(check.err).not.toContain('stale:');
		const direct = configFile('direct.json', { gatewayMode: 'direct' });
		const write = await run({ out: dir, config: direct });
		expect(write.out).toContain(`, ${switchTo(loadConfig(direct)).removed.length} removed`);
		expect(readdirSync(dir)).toContain('hermes-approval-crm-delete-lead.json');
	});

	it('reads only plain .json names from a hand-edited list: nothing outside the folder is removed', async () => {
		const outside = mkdtempSync(join(tmpdir(), 'hermes-outside-'));
		try {
			writeFileSync(join(outside, 'keep.json'), '{}\n');
			await run({ out: dir });
			const list = join(dir, OWNED_LIST_FILE);
			const escape = join('..', basename(outside), 'keep.json');
			writeFileSync(list, `${readFileSync(list, 'utf8')}${escape}\n${join(outside, 'keep.json')}\nnotes.txt\n`);
			writeFileSync(join(dir, 'notes.txt'), 'mine\n');
			const write = await run({ out: dir });
			expect(write.code).toBe(0);
			expect(write.out).not.toContain('removed');
			expect(readFileSync(join(outside, 'keep.json'), 'utf8')).toBe('{}\n');
			expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine\n');
		} finally {
			rmSync(outside, { recursive: true, force: true });
		}
	});

	it('runs through the command line parser with --check and --out', async () => {
		await run({ out: dir });
		writeFileSync(join(dir, 'hermes-gateway-vault.json'), '{}\n');
		const previous = process.exitCode;
		const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
		try {
			await buildProgram().parseAsync(['node', 'hermes-workflows', 'generate', '--check', '--out', dir]);
			expect(process.exitCode).toBe(1);
			expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain('hermes-gateway-vault.json');
		} finally {
			process.exitCode = previous;
			stderr.mockRestore();
		}
	});

	it('finds the committed workflows/ identical to what the catalogue generates', async () => {
		const result = await run({ out: resolve(__dirname, '../../../../../workflows'), check: true });
		expect(result.err).toBe('');
		expect(result.code).toBe(0);
	});
});
