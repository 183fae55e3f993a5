import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { Command } from 'commander';

import { buildProgram } from '../../../../generator/cli/main';
import { register, runLint, type LintCommandOptions } from '../../../../generator/cli/commands/lint';
import { ruleDocs } from '../../../../generator/lint/ruleDocs';
import { RULES } from '../../../../core/lint/rules';
import { scratchSpace } from '../../../harness/scratch';
import { fixturePath } from './fixtures';

function run(files: string[], options: LintCommandOptions = {}) {
	let stdout = '';
	let stderr = '';
	const code = runLint(files, options, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: {} });
	return { code, stdout, stderr };
}

const scratch = scratchSpace('hermes-lint-')();
function scratchFile(name: string, text: string): string {
	const path = join(scratch, name);
	writeFileSync(path, text);
	return path;
}

describe('exit codes', () => {
	it.each([
		['a clean workflow', ['clean.json'], {}, 0],
		['an error', ['hmt002-tool-misrouted.json'], {}, 1],
		['only a warning (a disabled tool listed last)', ['hmt001-disabled-tool-wired.json'], {}, 0],
		['only a warning', ['hmt004-tool-name-invalid.json'], {}, 0],
		['only a warning, --strict', ['hmt004-tool-name-invalid.json'], { strict: true }, 1],
		['a clean and a failing file', ['clean.json', 'hmt011-mcp-trigger-no-auth.json'], {}, 1],
		['a manifest among the inputs (skipped)', ['hmt013-manifest-out-of-sync.index.json', 'clean.json'], {}, 0],
	])('%s -> %i', (_what, files, options, code) => {
		expect(run(files.map(fixturePath), options).code).toBe(code);
	});

	it.each([['text'], ['json']] as const)('2 for a path that does not exist (%s): one error and a hint, nothing linted', (format) => {
		const result = run([join(scratch, 'missing.json'), fixturePath('hmt001-disabled-tool-wired.json')], { format });
		expect(result.code).toBe(2);
		if (format === 'text') {
			expect(result.stdout).toBe('');
			expect(result.stderr).toMatch(/^error: no such file or folder: .*missing\.json\nhint: check the path/);
		} else {
			expect(JSON.parse(result.stdout)).toEqual({ ok: false, error: { kind: 'usage', message: expect.stringMatching(/^no such file or folder: .*missing\.json$/), hint: expect.stringMatching(/^check the path/) } });
		}
	});

	it('2 for a file that cannot be read, as an HMT000 finding, and still lints the others', () => {
		const folder = join(scratch, 'a-folder.json');
		mkdirSync(folder, { recursive: true });
		writeFileSync(join(folder, 'inner.txt'), 'not a workflow');
		const result = run([join(folder, 'inner.txt'), fixturePath('hmt001-disabled-tool-wired.json')]);
		expect(result.code).toBe(2);
		expect(result.stdout).toMatch(/HMT000 error/);
		expect(result.stdout).toMatch(/HMT001/);
	});

	it('2 for invalid JSON, as an HMT000 finding', () => {
		const result = run([scratchFile('broken.json', '{"nodes": [')]);
		expect(result.code).toBe(2);
		expect(result.stdout).toMatch(/HMT000 error {3}workflow .*broken\.json is not valid JSON/);
	});

	it('2 for JSON that is not a workflow, with the HMT000 finding', () => {
		const result = run([scratchFile('list.json', '[1, 2]')]);
		expect(result.code).toBe(2);
		expect(result.stdout).toMatch(/HMT000 error {3}not an n8n workflow: Expected object, received array/);
	});

	it('2 for a manifest that is not JSON', () => {
		const result = run([fixturePath('clean.json')], { manifest: scratchFile('m.json', 'nope') });
		expect(result.code).toBe(2);
		expect(result.stdout).toMatch(/manifest .*m\.json is not valid JSON/);
	});

	it.each(['text', 'json', 'github'] as const)('%s: a file that is not JSON is a finding like any other', (format) => {
		const broken = scratchFile('not-json.json', 'nope');
		const result = run([broken], { format });
		expect(result.code).toBe(2);
		expect(result.stderr).toBe('');
		if (format === 'json') {
			const { findings } = JSON.parse(result.stdout) as { findings: Array<{ code: string; file: string }> };
			expect(findings).toEqual([expect.objectContaining({ code: 'HMT000', file: broken })]);
		} else {
			expect(result.stdout).toContain(format === 'github' ? `::error file=${broken},title=HMT000::` : 'HMT000 error');
		}
	});

	it.each([
		['no file', [], {}, /^error: give at least one workflow JSON file or folder\nhint: /],
		['--manifest with two files', ['a.json', 'b.json'], { manifest: 'm.json' }, /--manifest compares one workflow\nhint: give exactly one FILE/],
		['an unknown format', ['a.json'], { format: 'xml' as never }, /^error: unknown --format xml\nhint: use one of text, json, github/],
	])('2 for bad usage: %s', (_what, files, options, message) => {
		const result = run(files, options);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(message);
	});
});

describe('manifest', () => {
	it('finds <name>.index.json next to the workflow and skips it as a workflow file', () => {
		const files = ['hmt013-manifest-out-of-sync.json', 'hmt013-manifest-out-of-sync.index.json'].map(fixturePath);
		const result = run(files);
		expect(result.code).toBe(1);
		expect(result.stdout).toMatch(/HMT013 error {3}line \d+, node "calculator": tool "calculator": manifest aiToolIndex 1/);
		expect(result.stdout).toMatch(/in 1 file$/m);
		expect(result.stderr).toMatch(/index\.json: a tool manifest, checked with its workflow/);
	});

	it('compares with --manifest when given', () => {
		const manifest = scratchFile(
			'good.index.json',
			JSON.stringify({
				workflow: 'Manifest drift',
				tools: [{ tool: 'calculator', nodeName: 'calculator', nodeIndex: 1, aiToolIndex: 0, sensitive: false }],
			}),
		);
		expect(run([fixturePath('hmt013-manifest-out-of-sync.json')], { manifest }).code).toBe(0);
	});
});

describe('formats', () => {
	const file = fixturePath('hmt002-tool-misrouted.json');

	it('text: file, code, severity, line, node, message, fix and a summary', () => {
		const { stdout } = run([file]);
		expect(stdout.split('\n')).toEqual([
			file,
			'  HMT001 error   line 37, node "calc_b": disabled node "calc_b" is still wired as a tool into "MCP Server Trigger": tool "calc_a" runs another node on n8n 2.20 and older in queue mode',
			`         fix: ${RULES[0].hint}`,
			'  HMT002 error   line 27, node "calc_a": tool "calc_a" of "MCP Server Trigger" would run node "calc_b" on n8n 2.20 and older in queue mode',
			`         fix: ${RULES[1].hint}`,
			'2 errors, 0 warnings in 1 file',
			'',
		]);
	});

	it('json: every finding and the totals', () => {
		const parsed = JSON.parse(run([file], { format: 'json' }).stdout) as {
			findings: Array<Record<string, unknown>>;
			summary: unknown;
		};
		expect(parsed.summary).toEqual({ files: 1, errors: 2, warnings: 0 });
		expect(parsed.findings.map((f) => [f.code, f.node, f.line, f.file])).toEqual([
			['HMT001', 'calc_b', 37, file],
			['HMT002', 'calc_a', 27, file],
		]);
	});

	it('github: one workflow-command annotation per finding, with escaped properties and data', () => {
		const weird = scratchFile(
			'odd, name.json',
			JSON.stringify({
				nodes: [{ name: 'a:b', type: 'x', parameters: { password: 'hunter2' } }],
				connections: {},
			}),
		);
		const { stdout } = run([weird, file], { format: 'github' });
		expect(stdout.split('\n')).toEqual([
			`::error file=${weird.replace(/:/g, '%3A').replace(/,/g, '%2C')},line=1,title=HMT014 a%3Ab::parameters.password holds a literal "password" value in clear text. Fix: ${RULES[13].hint}`,
			`::error file=${file},line=37,title=HMT001 calc_b::disabled node "calc_b" is still wired as a tool into "MCP Server Trigger": tool "calc_a" runs another node on n8n 2.20 and older in queue mode. Fix: ${RULES[0].hint}`,
			`::error file=${file},line=27,title=HMT002 calc_a::tool "calc_a" of "MCP Server Trigger" would run node "calc_b" on n8n 2.20 and older in queue mode. Fix: ${RULES[1].hint}`,
			'',
		]);
	});

	it('github: warnings are ::warning and newlines in messages are escaped', () => {
		const { stdout } = run([fixturePath('hmt004-tool-name-invalid.json')], { format: 'github' });
		expect(stdout).toMatch(/^::warning file=.*title=HMT004 Get Weather!::tool name "Get Weather!" becomes "Get_Weather_"/);
		const multiline = scratchFile(
			'multi.json',
			JSON.stringify({
				nodes: [{ name: 't', type: 'n8n-nodes-base.httpRequestTool', parameters: { q: "={{ $fromAI('a\nb') }}" } }],
				connections: {},
			}),
		);
		const annotation = run([multiline], { format: 'github' }).stdout;
		expect(annotation.trimEnd().split('\n')).toHaveLength(1);
		expect(annotation).toContain('%0A');
	});
});

describe('rule documentation', () => {
	it('--list-rules explains every code: what, why, fix', () => {
		const { code, stdout } = run([], { listRules: true });
		expect(code).toBe(0);
		for (const rule of RULES) {
			expect(stdout).toContain(`${rule.code} ${rule.name} (${rule.severity})`);
			expect(stdout).toContain(`why: ${rule.why}`);
			expect(stdout).toContain(`fix: ${rule.hint}`);
		}
		expect(stdout).toContain('HMT000 workflow-shape (error)');
	});

	it('--rules-doc prints the rule reference page generated from the registry', () => {
		const { code, stdout } = run([], { rulesDoc: true });
		expect(code).toBe(0);
		expect(stdout).toBe(ruleDocs());
		expect(stdout).toMatch(/^# Lint rules\n/);
	});

	it('lint --help lists every code with its summary and the exit codes', () => {
		const program = new Command();
		register(program);
		let help = '';
		const lint = program.commands.find((c) => c.name() === 'lint');
		lint?.configureOutput({ writeOut: (text) => (help += text) });
		lint?.outputHelp();
		for (const rule of RULES) expect(help).toContain(`${rule.code}  ${rule.severity.padEnd(7)}  ${rule.summary}`);
		expect(help).toMatch(/--format <format>.*\(choices: "text", "json", "github"/s);
		expect(help).toContain('Exit: 0 clean, 1 errors (or warnings with --strict), 2 an input that cannot be linted (an HMT000 finding) or bad usage.');
	});
});

describe('hermes-workflows lint (the real program)', () => {
	afterEach(() => {
		process.exitCode = undefined;
		jest.restoreAllMocks();
	});

	it.each([
		[['clean.json'], [], 0],
		[['hmt004-tool-name-invalid.json'], ['--strict'], 1],
		[['misrouting-32-tools.json'], ['--format', 'json'], 1],
	])('lint %j %j sets exit code %i', async (files, flags, code) => {
		let out = '';
		jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
			out += String(chunk);
			return true;
		});
		await buildProgram().parseAsync(['node', 'hermes-workflows', 'lint', ...files.map(fixturePath), ...flags]);
		expect(process.exitCode).toBe(code);
		expect(out).toMatch(code === 0 ? /0 errors, 0 warnings in 1 file/ : /HMT0/);
	});
});

describe('a file holding several workflows (n8n CLI `export:workflow` writes a JSON array)', () => {
	const read = (name: string) => JSON.parse(readFileSync(fixturePath(name), 'utf8')) as { name?: string };
	const exported = () => [read('clean.json'), { ...read('hmt011-mcp-trigger-no-auth.json'), name: 'Second' }];

	it('lints every workflow of the array and names the one a finding is in', () => {
		const result = run([scratchFile('export.json', JSON.stringify(exported()))], { format: 'json' });
		expect(result.code).toBe(1);
		const { findings } = JSON.parse(result.stdout) as { findings: Array<{ code: string; message: string }> };
		expect(findings.map((f) => f.code)).toEqual(['HMT011']);
		expect(findings[0].message).toMatch(/^workflow 2 "Second": /);
	});

	it('a clean export exits 0', () => {
		expect(run([scratchFile('clean-export.json', JSON.stringify([read('clean.json'), read('clean.json')]))]).code).toBe(0);
	});

	it('an element that is not a workflow is HMT000 for that element (exit 2), the others are still linted', () => {
		const result = run([scratchFile('mixed.json', JSON.stringify([{ nodes: 'x' }, exported()[1]]))]);
		expect(result.code).toBe(2);
		expect(result.stdout).toMatch(/HMT000 error {3}workflow 1: not an n8n workflow/);
		expect(result.stdout).toMatch(/HMT011/);
	});
});

describe('a folder', () => {
	const folder = (name: string, files: Record<string, string>) => {
		const root = join(scratch, name);
		for (const [file, text] of Object.entries(files)) {
			mkdirSync(dirname(join(root, file)), { recursive: true });
			writeFileSync(join(root, file), text);
		}
		return root;
	};
	const fixture = (name: string) => readFileSync(fixturePath(name), 'utf8');

	it('lints the .json files under it, nested ones too, in name order; skips node_modules and hidden folders', () => {
		const root = folder('tree', {
			'b.json': fixture('hmt011-mcp-trigger-no-auth.json'),
			'a/clean.json': fixture('clean.json'),
			'a/notes.md': '# not a workflow',
			'node_modules/x/package.json': '{}',
			'.git/config.json': '{}',
		});
		const result = run([root], { format: 'json' });
		const { findings, summary } = JSON.parse(result.stdout) as { findings: Array<{ code: string; file: string }>; summary: { files: number } };
		expect(summary.files).toBe(2);
		expect(findings.map((f) => [f.code, f.file])).toEqual([['HMT011', join(root, 'b.json')]]);
		expect(result.code).toBe(1);
	});

	it('reports every file under it that cannot be linted, and lints the rest', () => {
		const root = folder('mixed', { 'bad.json': '{', 'list.json': '[1]', 'ok.json': fixture('clean.json') });
		const result = run([root], { format: 'json' });
		const { findings } = JSON.parse(result.stdout) as { findings: Array<{ code: string; file: string }> };
		expect(findings.map((f) => [f.code, f.file])).toEqual([
			['HMT000', join(root, 'bad.json')],
			['HMT000', join(root, 'list.json')],
		]);
		expect(result.code).toBe(2);
	});

	it('checks a manifest found in the folder with its workflow, silently', () => {
		const root = folder('with-manifest', {
			'w.json': fixture('hmt013-manifest-out-of-sync.json'),
			'w.index.json': fixture('hmt013-manifest-out-of-sync.index.json'),
		});
		const result = run([root]);
		expect(result.stdout).toMatch(/HMT013/);
		expect(result.stdout).toMatch(/in 1 file$/m);
		expect(result.stderr).toBe('');
	});

	it('2 with error and hint for a folder without .json files', () => {
		const root = folder('empty', { 'readme.md': 'x' });
		const result = run([root]);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/^error: no \.json file under .*empty\nhint: /);
	});
});
