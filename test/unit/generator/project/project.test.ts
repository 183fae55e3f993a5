import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { runInit } from '../../../../generator/cli/commands/init';
import { cliDependencySpec } from '../../../../generator/cli/cliDependency';
import { loadConfig } from '../../../../generator/config';
import { loadCatalogue, loadProject, ModuleLoadError } from '../../../../generator/project';
import { CatalogueError } from '../../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { scratchSpace } from '../../../harness/scratch';

const scratch = scratchSpace('hermes-project-');

const TOOL = `{ name: 'NAME', description: 'Reads a note.', sensitive: false, readOnly: true,
	target: { kind: 'gateway', gateway: 'vault', inputs: [{ input: 'vaultAction', value: 'read' }, { input: 'vaultQuery', param: 'path' }] },
	parameters: [{ key: 'path', type: 'string', description: 'Note path', required: true }] }`;

function file(dir: string, name: string, text: string): string {
	mkdirSync(join(dir, name, '..'), { recursive: true });
	writeFileSync(join(dir, name), text);
	return join(dir, name);
}

const tool = (name: string) => TOOL.replace('NAME', name);
const sink = () => {
	const out = { stdout: '', stderr: '' };
	return { out, io: { stdout: (t: string) => (out.stdout += t), stderr: (t: string) => (out.stderr += t), env: {} } };
};

describe('loadCatalogue', () => {
	it('loads TypeScript files in order, a single tool or a list per file', () => {
		const dir = scratch();
		const a = file(dir, 'a.ts', `import { defineTool } from 'hermes-workflows';\nexport default defineTool(${tool('read_one')});\n`);
		const b = file(dir, 'b.ts', `import { defineTools } from 'hermes-workflows';\nexport default defineTools([${tool('read_two')}, ${tool('read_three')}]);\n`);
		expect(loadCatalogue([a, b], dir).map((t) => t.name)).toEqual(['read_one', 'read_two', 'read_three']);
	});

	it.each([
		['a bad key', tool('bad_key').replace("key: 'path'", "key: 'Bad-Key'").replace("param: 'path'", "param: 'Bad-Key'"), 'x.ts: tool "bad_key": parameters[0].key: lower snake_case'],
		['an optional parameter without default', tool('no_default').replace('required: true', 'required: false'), 'x.ts: tool "no_default": parameters[0]: optional parameter "path" needs a default'],
		['an unknown gateway input', tool('bad_input').replace("input: 'vaultQuery'", "input: 'vaultPath'"), 'x.ts: tool "bad_input": (tool): vault gateway has no input "vaultPath"'],
		['an unknown field', tool('extra').replace("sensitive: false", "sensitive: false, colour: 'red'"), `x.ts: tool "extra": (tool): Unrecognized key(s) in object: 'colour'`],
		['a tool without a name', tool('x').replace("name: 'x', ", ''), 'x.ts: tool #1: name: Required'],
	])('names file, tool and field for %s', (_label, source, message) => {
		const dir = scratch();
		const x = file(dir, 'x.ts', `export default [${source}];\n`);
		expect(() => loadCatalogue([x], dir)).toThrow(CatalogueError);
		expect(() => loadCatalogue([x], dir)).toThrow(message);
	});

	it('names both files of a duplicate tool name', () => {
		const dir = scratch();
		const a = file(dir, 'a.ts', `export default ${tool('same')};\n`);
		const b = file(dir, 'b.ts', `export default ${tool('same')};\n`);
		expect(() => loadCatalogue([a, b], dir)).toThrow('b.ts: tool "same": name: duplicate tool name (first defined in a.ts)');
	});

	it.each([
		['no default export', 'export const tools = 1;\n', 'its default export must be a tool or a list of tools'],
		['a syntax error', 'export default [;\n', 'cannot be loaded'],
		['a missing file', undefined, 'cannot be loaded'],
	])('refuses a file with %s, naming it', (_label, source, message) => {
		const dir = scratch();
		const path = source === undefined ? join(dir, 'x.ts') : file(dir, 'x.ts', source);
		expect(() => loadCatalogue([path], dir)).toThrow(ModuleLoadError);
		expect(() => loadCatalogue([path], dir)).toThrow(new RegExp(`^x\\.ts: ${message}`));
	});
});

describe('a project', () => {
	it('reads hermes.config.ts from the folder, catalogue paths relative to it', () => {
		const dir = scratch();
		file(dir, 'tools/one.ts', `export default ${tool('read_one')};\n`);
		file(dir, 'hermes.config.ts', `import { defineConfig } from 'hermes-workflows';\nexport default defineConfig({ catalogue: ['tools/one.ts'], mcpPath: 'mine' });\n`);
		const project = loadProject(undefined, dir);
		expect(project.configFile).toBe(join(dir, 'hermes.config.ts'));
		expect(project.config.mcpPath).toBe('mine');
		expect(project.config.catalogue).toEqual([join(dir, 'tools/one.ts')]);
		expect(project.tools.map((t) => t.name)).toEqual(['read_one']);
	});

	it('uses the built-in default config and catalogue when the folder has no config', () => {
		const project = loadProject(undefined, scratch());
		expect(project.configFile).toBeUndefined();
		expect(project.tools).toEqual(CATALOGUE);
	});

	it('refuses a config module without an object default export', () => {
		const dir = scratch();
		const path = file(dir, 'hermes.config.ts', 'export default 42;\n');
		expect(() => loadConfig(path)).toThrow('must export an object by default');
	});
});

describe('init', () => {
	it('scaffolds a project that loads and generates the default catalogue', () => {
		const dir = join(scratch(), 'new-project');
		const { out, io } = sink();
		expect(runInit(dir, {}, io)).toBe(0);
		expect(out.stderr).toBe('');
		expect(readdirSync(dir).sort()).toEqual(['.github', 'catalogue', 'hermes.config.ts', 'package.json', 'tsconfig.json']);
		const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
		expect(pkg).toMatchObject({ name: 'new-project', private: true, devDependencies: { 'hermes-workflows': '^0.2.0' } });
		expect(loadProject(undefined, dir).tools).toEqual(CATALOGUE);
	});

	it('keeps an existing package.json and only adds what it lacks', () => {
		const dir = scratch();
		file(dir, 'package.json', JSON.stringify({ name: 'mine', version: '3.1.0', scripts: { check: 'my-check' } }));
		const { io } = sink();
		expect(runInit(dir, {}, io)).toBe(0);
		const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
		expect(pkg).toEqual({
			name: 'mine',
			version: '3.1.0',
			scripts: { check: 'my-check', generate: 'hermes-workflows generate' },
			devDependencies: { 'hermes-workflows': '^0.2.0' },
		});
	});

	it('--cli with a tarball: package.json gets it as a file: path relative to the project, and says so', () => {
		const root = scratch();
		const tarball = file(root, 'dist/hermes-workflows-0.2.0.tgz', 'x');
		const dir = join(root, 'tools');
		const { out, io } = sink();
		expect(runInit(dir, { cli: tarball }, io)).toBe(0);
		expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).devDependencies).toEqual({ 'hermes-workflows': 'file:../dist/hermes-workflows-0.2.0.tgz' });
		expect(out.stdout).toContain('package.json depends on hermes-workflows file:../dist/hermes-workflows-0.2.0.tgz\n');
	});

	it('without --cli and without a dependency: the registry range, with the way round it before publication', () => {
		const dir = join(scratch(), 'p');
		const { out, io } = sink();
		expect(runInit(dir, {}, io)).toBe(0);
		expect(out.stdout).toContain('package.json depends on hermes-workflows ^0.2.0 (from the npm registry; before it is published there, run init with --cli <path to hermes-workflows-<version>.tgz>)');
	});

	it('an existing dependency is kept whatever --cli says', () => {
		const dir = scratch();
		file(dir, 'package.json', JSON.stringify({ name: 'mine', devDependencies: { 'hermes-workflows': 'file:../cli.tgz' } }));
		const { out, io } = sink();
		expect(runInit(dir, { cli: '^9.9.9' }, io)).toBe(0);
		expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).devDependencies).toEqual({ 'hermes-workflows': 'file:../cli.tgz' });
		expect(out.stdout).not.toContain('depends on');
	});

	it.each([
		['a tarball that is not there', 'missing-0.2.0.tgz', /--cli "missing-0\.2\.0\.tgz": no file at /],
		['neither a range nor a tarball', 'latest', /--cli "latest" is neither a version range nor a \.tgz tarball/],
	])('--cli %s: a usage error, exit 2, nothing written', (_label, cli, message) => {
		const dir = join(scratch(), 'never');
		const { out, io } = sink();
		expect(runInit(dir, { cli }, io)).toBe(2);
		expect(out.stderr).toMatch(message);
		expect(out.stderr).toMatch(/hint: give a version range such as \^0\.2\.0, or the path of a packed/);
		expect(() => readdirSync(dir)).toThrow();
	});

	it.each([
		['a config', 'hermes.config.json', 'hermes.config.json already exists'],
		['a catalogue file', 'catalogue/vault.ts', 'catalogue/vault.ts already exists'],
	])('refuses a folder that already holds %s, writing nothing', (_label, existing, message) => {
		const dir = scratch();
		file(dir, existing, '{}');
		const { out, io } = sink();
		expect(runInit(dir, {}, io)).toBe(2);
		expect(out.stderr).toMatch(new RegExp(`^error: .*${message.replace('.', '\\.')}\nhint: .+\n$`));
		expect(readdirSync(dir).sort()).toEqual([existing.split('/')[0]]);
	});
});

describe('cliDependencySpec', () => {
	const root = scratch();
	const tarball = join(root, 'pkg', 'hermes-workflows-0.2.0.tgz');
	mkdirSync(join(root, 'pkg'), { recursive: true });
	writeFileSync(tarball, 'x');
	mkdirSync(join(root, 'pkg', 'folder.tgz'), { recursive: true });

	it.each<[string, string, string | RegExp]>([
		['an exact version', '0.2.0', '0.2.0'],
		['a caret range', '^0.2.0', '^0.2.0'],
		['a tilde range with a pre-release', '~0.3.0-rc.1', '~0.3.0-rc.1'],
		['a tarball beside the project', join(root, 'pkg', 'hermes-workflows-0.2.0.tgz'), 'file:../pkg/hermes-workflows-0.2.0.tgz'],
		['a tarball relative to the working folder', 'pkg/hermes-workflows-0.2.0.tgz', 'file:../pkg/hermes-workflows-0.2.0.tgz'],
		['a file: spec', `file:${tarball}`, 'file:../pkg/hermes-workflows-0.2.0.tgz'],
		['a tarball inside the project', join(root, 'proj', 'vendor.tgz'), /no file at/],
		['a folder named .tgz', join(root, 'pkg', 'folder.tgz'), /no file at/],
		['a dist-tag', 'latest', /neither a version range nor a \.tgz/],
		['a partial version', '0.2', /neither a version range nor a \.tgz/],
		['a range with spaces', '>=0.2.0 <1', /neither a version range nor a \.tgz/],
		['a git URL', 'git+https://example.com/x.git', /neither a version range nor a \.tgz/],
	])('%s', (_label, given, expected) => {
		const spec = () => cliDependencySpec(given, join(root, 'proj'), root);
		if (typeof expected === 'string') expect(spec()).toBe(expected);
		else expect(spec).toThrow(expected);
	});

	it('a tarball inside the project is written as ./', () => {
		mkdirSync(join(root, 'proj2'), { recursive: true });
		writeFileSync(join(root, 'proj2', 'cli.tgz'), 'x');
		expect(cliDependencySpec(join(root, 'proj2', 'cli.tgz'), join(root, 'proj2'), root)).toBe('file:./cli.tgz');
	});
});
