/**
 * The node package as n8n receives it: `npm pack` at the root, then n8n's own install steps
 * (test/harness/n8n/communityPackage.ts). It must hold the built nodes and credential, LICENSE,
 * README and package.json only, depend on ssh2 alone, and install small.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { n8nStyleInstall, packPackage } from '../../harness/n8n/communityPackage';
import { documentedFigures, installFigures, megabytes, walkFiles } from '../../helpers/installedPackages';

jest.setTimeout(300_000);

const REPO_ROOT = join(__dirname, '..', '..', '..');
let work: string;
let files: string[];
let installed: string;

beforeAll(() => {
	work = mkdtempSync(join(tmpdir(), 'hermes-tarball-'));
	const tarball = packPackage(REPO_ROOT, work);
	files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
	installed = n8nStyleInstall(tarball, work);
});
afterAll(() => work && rmSync(work, { recursive: true, force: true }));

test('holds the built nodes and credential, LICENSE, README and package.json, nothing else', () => {
	const outside = files.filter((file) => !/^package\/(dist\/(nodes|credentials)\/|LICENSE$|README\.md$|package\.json$)/.test(file));
	expect(outside).toEqual([]);
	expect(files).toContain('package/LICENSE');
	expect(files).toContain('package/dist/nodes/HermesVault/HermesVault.node.js');
	expect(files).toContain('package/dist/credentials/HermesSshApi.credentials.js');
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
