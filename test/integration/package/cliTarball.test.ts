/**
 * The CLI package as a user installs it: the packed hermes-workflows tarball alone, with
 * `npm install -D <tarball>` in an empty folder. It installs without the node package, ssh2, a
 * native module or an install script, within the caps the install page promises and with the
 * figures it prints; `import`, whose ts-morph is an optional peer, says how to install it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { installCli, packCli } from '../../harness/cliPackage';
import { documentedFigures, installFigures, megabytes, type InstallFigures } from '../../helpers/installedPackages';

jest.setTimeout(300_000);

const REPO_ROOT = join(__dirname, '..', '..', '..');
const CAPS = { packages: 12, bytes: 10e6 };
let work: string;
let project: string;
let tarball: string;
let npmWarnings: string;
let figures: InstallFigures;

beforeAll(() => {
	work = mkdtempSync(join(tmpdir(), 'hermes-cli-tarball-'));
	tarball = packCli(REPO_ROOT, join(work, 'packs'));
	project = join(work, 'my-agent-tools');
	npmWarnings = installCli(tarball, project);
	figures = installFigures(join(project, 'node_modules'));
	process.stdout.write(`CLI install: ${figures.packages.length} packages, ${megabytes(figures.bytes)} MB\n`);
});
afterAll(() => work && rmSync(work, { recursive: true, force: true }));

const names = () => figures.packages.map((pkg) => pkg.name);

test('the tarball holds no native module and its package.json no install script or Hermes dependency', () => {
	const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
	expect(files.filter((file) => /(^|\/)binding\.gyp$|\.node$/.test(file))).toEqual([]);
	expect(files).toContain('package/dist/generator/cli/main.js');
	expect(files).toContain('package/dist/core/index.js');
	// core/ is all the CLI takes of the node package's sources: no node's own file comes along.
	expect(files.filter((file) => file.startsWith('package/dist/nodes/'))).toEqual([]);
	const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
	expect(Object.keys(manifest.scripts ?? {}).filter((script) => /install/.test(script))).toEqual([]);
	expect(Object.keys(manifest.dependencies)).not.toContain('n8n-nodes-hermes');
});

test('the built contracts in the tarball load neither n8n-workflow nor ssh2', () => {
	const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
	const nodeFiles = files.filter((file) => file.startsWith('package/dist/core/') && file.endsWith('.js'));
	expect(nodeFiles.length).toBeGreaterThan(0);
	for (const file of nodeFiles) {
		expect(execFileSync('tar', ['-xzOf', tarball, file], { encoding: 'utf8' })).not.toMatch(/require\("(n8n-workflow|ssh2|n8n-nodes-hermes)"\)/);
	}
});

test(`installed alone: at most ${CAPS.packages} packages and ${CAPS.bytes / 1e6} MB, no native module, no install script`, () => {
	expect(names()).toContain('hermes-workflows');
	for (const absent of ['n8n-nodes-hermes', 'ssh2', 'cpu-features', 'n8n-workflow', 'ts-morph', 'typescript']) expect(names()).not.toContain(absent);
	expect(figures.packages.length).toBeLessThanOrEqual(CAPS.packages);
	expect(figures.bytes).toBeLessThanOrEqual(CAPS.bytes);
	expect(figures.nativeFiles).toEqual([]);
	expect(figures.packages.filter((pkg) => pkg.installScripts.length > 0).map((pkg) => `${pkg.name}: ${pkg.installScripts.join(', ')}`)).toEqual([]);
	// npm 11 warns about packages with install scripts; the install has none to warn about.
	expect(npmWarnings).not.toMatch(/install-scripts|gyp/);
});

test('the install page prints the figures measured here', () => {
	const page = readFileSync(join(REPO_ROOT, 'docs', 'installing.md'), 'utf8');
	expect(documentedFigures(page, '`hermes-workflows` alone')).toEqual({ packages: figures.packages.length, megabytes: megabytes(figures.bytes) });
});

test('the installed command runs: --version, and init keeps the tarball dependency npm wrote', () => {
	const run = (...args: string[]) => spawnSync('npx', ['hermes-workflows', ...args], { cwd: project, encoding: 'utf8', timeout: 60_000 });
	const version = run('--version');
	expect(version.status).toBe(0);
	expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(REPO_ROOT, 'generator', 'package.json'), 'utf8')).version);
	const init = run('init');
	expect(init.stderr).toBe('');
	expect(init.status).toBe(0);
	expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).devDependencies['hermes-workflows']).toMatch(/^file:.*hermes-workflows-[\d.]+\.tgz$/);
});

test('init --cli <tarball> in a folder without package.json: npm install there installs the CLI from it', () => {
	const fresh = join(work, 'fresh-tools');
	const bin = join(project, 'node_modules', '.bin', 'hermes-workflows');
	const init = spawnSync(bin, ['init', fresh, '--cli', tarball], { cwd: work, encoding: 'utf8', timeout: 60_000 });
	expect(init.stderr).toBe('');
	expect(init.status).toBe(0);
	expect(init.stdout).toContain(`package.json depends on hermes-workflows file:../packs/`);
	const spec = JSON.parse(readFileSync(join(fresh, 'package.json'), 'utf8')).devDependencies['hermes-workflows'];
	expect(spec).toMatch(/^file:\.\.\/packs\/hermes-workflows-[\d.]+\.tgz$/);
	const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: fresh, encoding: 'utf8', timeout: 240_000 });
	expect(install.status).toBe(0);
	const version = spawnSync('npx', ['hermes-workflows', '--version'], { cwd: fresh, encoding: 'utf8', timeout: 60_000 });
	expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(REPO_ROOT, 'generator', 'package.json'), 'utf8')).version);
});

test('import without ts-morph fails with the install command as hint and writes nothing', () => {
	copyFileSync(join(REPO_ROOT, 'workflows', 'hermes-mcp-tools.json'), join(project, 'tools.json'));
	const before = readdirSync(project).sort();
	const range = JSON.parse(readFileSync(join(REPO_ROOT, 'generator', 'package.json'), 'utf8')).peerDependencies['ts-morph'];
	const result = spawnSync('npx', ['hermes-workflows', 'import', 'tools.json', '--out', 'imported'], { cwd: project, encoding: 'utf8', timeout: 60_000 });
	expect(result.status).toBe(2);
	// The config it reads the names from is said first; nothing else is written.
	expect(result.stdout).toBe(`config: ${join(project, 'hermes.config.ts')}\n`);
	expect(result.stderr).toBe(
		`error: import needs ts-morph, which is not installed\nhint: run \`npm install --save-dev ts-morph@${range}\` in your project, then run import again\n`,
	);
	expect(readdirSync(project).sort()).toEqual(before);
	expect(existsSync(join(project, 'imported'))).toBe(false);
});
