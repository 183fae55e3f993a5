/**
 * The folder graph of a source tree: an edge A -> B when a file under folder A imports (statically,
 * by `export ... from`, or by `import()`) a file under folder B. Folders are the first path segment
 * below the root; files directly in the root form the folder ".". Type-only imports count too: a
 * folder that needs another's types depends on it as much as on its values.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export type FolderGraph = Map<string, Set<string>>;

/** Relative module specifiers of `import`/`export ... from` statements and `import()` calls. */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/g;

function sourceFiles(dir: string, skip: ReadonlySet<string>): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return skip.has(entry.name) ? [] : sourceFiles(path, skip);
		return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
	});
}

/** `'../config'` names the folder's index.ts. */
function isFolder(path: string): boolean {
	return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

function folderOf(root: string, file: string): string {
	const parts = relative(root, file).split(sep);
	return parts.length > 1 ? parts[0] : '.';
}

export function folderGraph(root: string, skip: readonly string[] = ['node_modules', 'dist']): FolderGraph {
	const graph: FolderGraph = new Map();
	for (const file of sourceFiles(root, new Set(skip))) {
		const from = folderOf(root, file);
		const edges = graph.get(from) ?? new Set<string>();
		graph.set(from, edges);
		for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
			const target = resolve(dirname(file), specifier);
			if (relative(root, target).startsWith('..')) continue; // outside the tree (another package)
			const to = folderOf(root, isFolder(target) ? join(target, 'index.ts') : target);
			if (to !== from) edges.add(to);
		}
	}
	return graph;
}

/**
 * The folders that depend on each other in a cycle: each strongly connected component of more
 * than one folder (Tarjan's algorithm), its folders sorted, e.g. `cli <-> deploy`.
 */
export function folderCycles(graph: FolderGraph): string[] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const cycles: string[] = [];
	const connect = (folder: string) => {
		index.set(folder, index.size);
		low.set(folder, index.get(folder)!);
		stack.push(folder);
		for (const next of graph.get(folder) ?? []) {
			if (!index.has(next)) {
				connect(next);
				low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
			} else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
		}
		if (low.get(folder) !== index.get(folder)) return;
		const component: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			component.push(member);
		} while (member !== folder);
		if (component.length > 1) cycles.push(component.sort().join(' <-> '));
	};
	for (const folder of [...graph.keys()].sort()) if (!index.has(folder)) connect(folder);
	return cycles.sort();
}
