/**
 * The node package as n8n receives it: `npm pack` at the root, then n8n's own install steps
 * (test/harness/n8n/communityPackage.ts). It must hold the built nodes and credential, LICENSE,
 * README and package.json only, depend on ssh2 alone, and install small.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { n8nStyleInstall, packPackage } from '../../harness/n8n/communityPackage';

jest.setTimeout(300_000);

const REPO_ROOT = join(__dirname, '..', '..', '..');
let work: string;
let files: string[];
let installed: string;

/** Every file under `dir`, recursively (symlinks not followed). */
function walk(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? walk(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : [],
	);
}

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

test('n8n installs it as ssh2 and its dependencies: at most 10 packages and 6 MB', () => {
	const manifests = walk(join(installed, 'node_modules')).filter((file) => /node_modules\/(@[^/]+\/)?[^/@][^/]*\/package\.json$/.test(file));
	const packages = new Set(manifests.map((file) => file.replace(/\/package\.json$/, '')));
	const bytes = walk(join(installed, 'node_modules')).reduce((sum, file) => sum + statSync(file).size, 0);
	process.stdout.write(`n8n-style install: ${packages.size} packages, ${(bytes / 1e6).toFixed(1)} MB\n`);
	expect([...packages].some((dir) => dir.endsWith('/ssh2'))).toBe(true);
	expect(packages.size).toBeLessThanOrEqual(10);
	expect(bytes).toBeLessThanOrEqual(6e6);
});
