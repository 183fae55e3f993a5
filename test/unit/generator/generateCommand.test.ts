/** `hermes-workflows generate` in a temporary output directory. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { buildProgram } from '../../../generator/cli/main';
import { runGenerate } from '../../../generator/cli/commands/generate';
import { CATALOGUE } from '../../helpers/defaultCatalogue';

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
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'hermes-generate-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('generate', () => {
	it('writes the workflows, manifest and sub-workflows, then reports them unchanged', async () => {
		const first = await run({ out: dir });
		expect(first.code).toBe(0);
		expect(readdirSync(dir).sort()).toEqual([
			'hermes-gateway-content.json', 'hermes-gateway-docker.json', 'hermes-gateway-monitoring.json',
			'hermes-gateway-vault.json', 'hermes-mcp-tools.index.json', 'hermes-mcp-tools.json',
		]);
		expect(first.out).toContain(`hermes-mcp-tools.json (${CATALOGUE.length + 1} nodes, ${CATALOGUE.length} tools)`);
		expect(first.out).toContain('6 written, 0 unchanged');
		const content = readFileSync(join(dir, 'hermes-mcp-tools.json'), 'utf8');
		expect(content.endsWith('}\n')).toBe(true);
		expect(content).toContain('\n  "nodes": [\n    {\n      "id": ');
		expect((await run({ out: dir })).out).toContain('0 written, 6 unchanged');
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
		expect(result.err).toContain('2 of 6 files differ');
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
		expect(write.out).toContain('1 written, 2 unchanged, 3 removed');
		expect(readdirSync(dir).filter((f) => f.startsWith('hermes-')).sort()).toEqual(['hermes-gateway-content.json', 'hermes-mcp-tools.index.json', 'hermes-mcp-tools.json']);
		expect((await run({ out: dir, config, check: true })).code).toBe(0);
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
		const result = await run({ out: resolve(__dirname, '../../../workflows'), check: true });
		expect(result.err).toBe('');
		expect(result.code).toBe(0);
	});
});
