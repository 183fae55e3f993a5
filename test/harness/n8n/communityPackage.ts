import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

interface PackageJson {
	name: string;
	version: string;
	dependencies?: Record<string, string>;
	optionalDependencies?: Record<string, string>;
	n8n?: { nodes?: string[]; credentials?: string[] };
}

function readPackageJson(dir: string): PackageJson {
	return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Node's lookup: `<dir>/node_modules/<name>`, then the same in each parent up to `root`. */
function findInstalled(name: string, fromDir: string, root: string): string | undefined {
	let dir = fromDir;
	for (;;) {
		const candidate = join(dir, 'node_modules', name);
		if (existsSync(join(candidate, 'package.json'))) return candidate;
		if (dir === root || dirname(dir) === dir) return undefined;
		dir = dirname(dir);
	}
}

/**
 * The runtime dependency closure of the package at `root` (dependencies and optional
 * dependencies, never peers: n8n puts its own n8n-workflow on NODE_PATH), as folders under
 * `root/node_modules`, outermost first.
 */
export function runtimeDependencyDirs(root: string): string[] {
	const found = new Set<string>();
	const queue: Array<{ from: string; name: string; optional: boolean }> = [];
	const enqueue = (from: string, pkg: PackageJson) => {
		for (const name of Object.keys(pkg.dependencies ?? {})) queue.push({ from, name, optional: false });
		for (const name of Object.keys(pkg.optionalDependencies ?? {})) queue.push({ from, name, optional: true });
	};
	enqueue(root, readPackageJson(root));
	for (let next = queue.shift(); next; next = queue.shift()) {
		const dir = findInstalled(next.name, next.from, root);
		if (!dir) {
			if (next.optional) continue;
			throw new Error(`runtime dependency ${next.name} (needed from ${next.from}) is not installed: run npm ci`);
		}
		if (found.has(dir)) continue;
		found.add(dir);
		enqueue(dir, readPackageJson(dir));
	}
	return [...found].sort((a, b) => a.length - b.length || a.localeCompare(b));
}

/**
 * Installs the BUILT package as n8n installs a community package: `dist/` and package.json under
 * `<user folder>/.n8n/nodes/node_modules/<name>`, with its runtime dependencies beside it in
 * the same relative layout as the repo's node_modules. Must run before n8n starts (n8n scans
 * the folder once at boot). Returns the package folder.
 */
export function installBuiltPackage(userFolder: string, repoRoot: string): string {
	const pkg = readPackageJson(repoRoot);
	const listed = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	const unbuilt = listed.filter((file) => !existsSync(join(repoRoot, file)));
	if (listed.length === 0 || unbuilt.length > 0) {
		throw new Error(`the package is not built (${unbuilt.join(', ') || 'no n8n.nodes in package.json'} missing): run \`npm run build\` first`);
	}
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const target = join(nodesDir, 'node_modules', pkg.name);
	mkdirSync(target, { recursive: true });
	writeFileSync(
		join(nodesDir, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { [pkg.name]: pkg.version } }, null, 2),
	);
	cpSync(join(repoRoot, 'package.json'), join(target, 'package.json'));
	cpSync(join(repoRoot, 'dist'), join(target, 'dist'), { recursive: true });
	const copied: string[] = [];
	for (const dir of runtimeDependencyDirs(repoRoot)) {
		if (copied.some((outer) => dir.startsWith(outer + sep))) continue; // came with its parent
		cpSync(dir, join(target, relative(repoRoot, dir)), { recursive: true, dereference: true });
		copied.push(dir);
	}
	return target;
}
