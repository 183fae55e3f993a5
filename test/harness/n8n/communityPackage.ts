/**
 * Installs the node package into an n8n user folder exactly as n8n 2.41 installs a community
 * package: `npm pack`, unpack, drop devDependencies, peerDependencies and optionalDependencies
 * from its package.json, then `npm install --bin-links=false --install-strategy=shallow
 * --ignore-scripts=true --package-lock=false` inside the package folder. The installed folder is
 * prepared once per test process and copied into each n8n user folder, where n8n would have
 * put it (`<user folder>/.n8n/nodes/node_modules/<name>`).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface PackageJson {
	name: string;
	version: string;
	n8n?: { nodes?: string[]; credentials?: string[] };
	[key: string]: unknown;
}

/** The flags n8n's community package service runs npm install with. */
export const N8N_INSTALL_FLAGS = ['--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false'];
/** The fields n8n removes from the package's package.json before installing. */
export const N8N_STRIPPED_FIELDS = ['devDependencies', 'peerDependencies', 'optionalDependencies'];

function readPackageJson(dir: string): PackageJson {
	return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** `npm pack` of the package at `repoRoot` into `dest`; returns the tarball's path. */
export function packPackage(repoRoot: string, dest: string): string {
	const pkg = readPackageJson(repoRoot);
	const unbuilt = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])].filter((file) => !existsSync(join(repoRoot, file)));
	if (unbuilt.length > 0) throw new Error(`the package is not built (${unbuilt.join(', ')} missing): run \`npm run build\` first`);
	mkdirSync(dest, { recursive: true });
	const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
	const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>;
	return join(dest, filename);
}

/** Unpacks `tarball` into `dir`/package and installs it as n8n does; returns the package folder. */
export function n8nStyleInstall(tarball: string, dir: string): string {
	execFileSync('tar', ['-xzf', tarball, '-C', dir], { timeout: 60_000 });
	const folder = join(dir, 'package');
	const pkg = readPackageJson(folder);
	for (const field of N8N_STRIPPED_FIELDS) delete pkg[field];
	writeFileSync(join(folder, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
	execFileSync('npm', ['install', ...N8N_INSTALL_FLAGS, '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: folder,
		stdio: ['ignore', 'ignore', 'pipe'],
		timeout: 300_000,
	});
	return folder;
}

const prepared = new Map<string, { folder: string; name: string; version: string }>();

/** Packs and installs once per test process and repository; removed when the process exits. */
function preparedInstall(repoRoot: string) {
	let entry = prepared.get(repoRoot);
	if (!entry) {
		const work = mkdtempSync(join(tmpdir(), 'hermes-package-'));
		process.once('exit', () => rmSync(work, { recursive: true, force: true }));
		const folder = n8nStyleInstall(packPackage(repoRoot, work), work);
		const { name, version } = readPackageJson(folder);
		entry = { folder, name, version };
		prepared.set(repoRoot, entry);
	}
	return entry;
}

/**
 * Puts the package, installed as n8n installs it, into `<userFolder>/.n8n/nodes`. Must run before
 * n8n starts (n8n scans the folder once at boot). Returns the package folder.
 */
export function installCommunityPackage(userFolder: string, repoRoot: string): string {
	const { folder, name, version } = preparedInstall(repoRoot);
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const target = join(nodesDir, 'node_modules', name);
	mkdirSync(nodesDir, { recursive: true });
	writeFileSync(join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [name]: version } }, null, 2));
	cpSync(folder, target, { recursive: true });
	return target;
}

