/**
 * The node package as n8n receives it: `npm pack` at the root, then n8n's own install steps
 * (test/harness/n8n/communityPackage.ts). It must hold the built nodes and credential, LICENSE,
 * README and package.json only, depend on ssh2 alone, and install small. The install page's
 * by-hand tarball commands run as written in an n8n user folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { n8nStyleInstall, packPackage } from '../../harness/n8n/communityPackage';
import { bashBlockUnder } from '../../helpers/docCommands';
import { documentedFigures, installFigures, megabytes, walkFiles } from '../../helpers/installedPackages';

jest.setTimeout(300_000);

const REPO_ROOT = join(__dirname, '..', '..', '..');
let work: string;
let files: string[];
let installed: string;
let tarball: string;

beforeAll(() => {
	work = mkdtempSync(join(tmpdir(), 'hermes-tarball-'));
	tarball = packPackage(REPO_ROOT, work);
	files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
	installed = n8nStyleInstall(tarball, work);
});
afterAll(() => work && rmSync(work, { recursive: true, force: true }));

test('holds the built nodes, credentials and core, LICENSE, README and package.json, nothing else', () => {
	const outside = files.filter((file) => !/^package\/(dist\/(core|nodes|credentials)\/|LICENSE$|README\.md$|package\.json$)/.test(file));
	expect(outside).toEqual([]);
	expect(files).toContain('package/LICENSE');
	expect(files).toContain('package/dist/nodes/HermesVault/HermesVault.node.js');
	expect(files).toContain('package/dist/credentials/HermesSshApi.credentials.js');
	// Tools that check workflows import the contracts with their types; the nodes' own files need none.
	expect(files).toContain('package/dist/core/index.d.ts');
	expect(files.filter((file) => /^package\/dist\/(nodes|credentials)\/.*\.d\.ts$/.test(file))).toEqual([]);
	expect(files.filter((file) => /tsbuildinfo|generator|catalogue/.test(file))).toEqual([]);
});

/** What n8n downloads: the package folder itself and the dependencies installed into it. */
function n8nInstallFigures() {
	const dependencies = installFigures(join(installed, 'node_modules'));
	return { dependencies, packages: 1 + dependencies.packages.length, bytes: walkFiles(installed).reduce((sum, file) => sum + statSync(file).size, 0) };
}

test('n8n installs it as ssh2 and its dependencies: at most 10 packages and 6 MB', () => {
	const { dependencies, packages, bytes } = n8nInstallFigures();
	process.stdout.write(`n8n-style install: ${packages} packages, ${megabytes(bytes)} MB\n`);
	expect(dependencies.packages.map((pkg) => pkg.name)).toContain('ssh2');
	expect(packages).toBeLessThanOrEqual(10);
	expect(bytes).toBeLessThanOrEqual(6e6);
});

test('the install page prints the figures measured here', () => {
	const page = readFileSync(join(REPO_ROOT, 'docs', 'installing.md'), 'utf8');
	const { packages, bytes } = n8nInstallFigures();
	expect(documentedFigures(page, '`n8n-nodes-hermes`, as n8n installs it')).toEqual({ packages, megabytes: megabytes(bytes) });
});

// What n8n 2.41 writes in its nodes folder when it starts and finds no package.json there
// (CommunityPackagesService.ensurePackageJson, its installed packages from the database: none).
const N8N_NODES_PACKAGE_JSON = { name: 'installed-nodes', private: true, dependencies: {} };

test.each<[string, (userFolder: string) => Record<string, string>]>([
	['N8N_USER_FOLDER set', (userFolder) => ({ N8N_USER_FOLDER: userFolder, HOME: join(work, 'elsewhere') })],
	['N8N_USER_FOLDER not set: ~/.n8n/nodes', (userFolder) => ({ HOME: userFolder })],
])('the install page\'s tarball commands, run as written: %s', (label, envOf) => {
	const userFolder = join(work, label.replace(/\W+/g, '-'));
	const nodes = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodes, { recursive: true });
	writeFileSync(join(nodes, 'package.json'), JSON.stringify(N8N_NODES_PACKAGE_JSON, null, 2));
	const lines = bashBlockUnder(join('docs', 'installing.md'), '## From a tarball');
	expect(lines.some((line) => line.includes('/path/to/n8n-nodes-hermes-'))).toBe(true);
	const script = lines.map((line) => line.replace(/\S*\/(n8n-nodes-hermes-[\d.]+\.tgz)/, tarball)).join('\n');
	const env: NodeJS.ProcessEnv = { ...process.env, ...envOf(userFolder) };
	if (!('N8N_USER_FOLDER' in envOf(userFolder))) delete env.N8N_USER_FOLDER;
	execFileSync('bash', ['-e', '-c', `${script}\n`], { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });

	const nodeModules = join(nodes, 'node_modules');
	const version = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;
	expect(JSON.parse(readFileSync(join(nodeModules, 'n8n-nodes-hermes', 'package.json'), 'utf8')).version).toBe(version);
	expect(existsSync(join(nodeModules, 'ssh2', 'package.json'))).toBe(true);
	// --omit=peer: n8n provides n8n-workflow itself.
	expect(existsSync(join(nodeModules, 'n8n-workflow'))).toBe(false);
	expect(JSON.parse(readFileSync(join(nodes, 'package.json'), 'utf8')).dependencies['n8n-nodes-hermes']).toMatch(/^file:/);
});
