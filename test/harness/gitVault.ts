/**
 * A real git vault for integration tests: a work tree (branch `main`) whose upstream is a
 * bare repository, both in a temp dir, plus an `outside` folder next to them that the
 * tests use as the target of escaping symlinks. Snapshots record every entry of a tree
 * (type, mode, size, digest, link target) without following symlinks, so a test can prove
 * that nothing changed on disk.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface GitVault {
	/** Temp dir holding everything below. */
	dir: string;
	/** The work tree: pass as the node's vaultPath. */
	root: string;
	/** The bare remote (`origin`). */
	bare: string;
	/** A folder outside the vault with a file `secret.md`. */
	outside: string;
	git(...args: string[]): string;
	/** Writes files in the work tree and commits them (and pushes when asked). */
	commitFiles(files: Record<string, string | Buffer>, message: string, push?: boolean): void;
	/** Number of commits on HEAD of the work tree / of main in the bare remote. */
	commitCount(): number;
	remoteCommitCount(): number;
	remove(): void;
}

export type TreeSnapshot = Map<string, string>;

function run(cwd: string, args: string[]): string {
	return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function createGitVault(): GitVault {
	const dir = mkdtempSync(join(tmpdir(), 'hermes-vault-'));
	const root = join(dir, 'vault');
	const bare = join(dir, 'remote.git');
	const outside = join(dir, 'outside');
	mkdirSync(root);
	mkdirSync(outside);
	writeFileSync(join(outside, 'secret.md'), 'outside the vault\n');
	run(dir, ['init', '-q', '--bare', '-b', 'main', bare]);
	run(root, ['init', '-q', '-b', 'main']);
	run(root, ['config', 'user.name', 'Vault Test']);
	run(root, ['config', 'user.email', 'vault-test@localhost']);
	run(root, ['remote', 'add', 'origin', bare]);

	const git = (...args: string[]) => run(root, args);
	const commitFiles = (files: Record<string, string | Buffer>, message: string, push = true) => {
		for (const [path, content] of Object.entries(files)) {
			mkdirSync(dirname(join(root, path)), { recursive: true });
			writeFileSync(join(root, path), content);
		}
		git('add', '--', ...Object.keys(files));
		git('commit', '-q', '-m', message);
		if (push) git('push', '-q', '-u', 'origin', 'main');
	};
	commitFiles({ 'README.md': '# Vault\n', 'research/seed.md': 'seed note\n', 'inbox/todo.md': '- nothing yet\n' }, 'seed');

	return {
		dir,
		root,
		bare,
		outside,
		git,
		commitFiles,
		commitCount: () => Number(git('rev-list', '--count', 'HEAD').trim()),
		remoteCommitCount: () => Number(run(bare, ['rev-list', '--count', 'main']).trim()),
		remove: () => rmSync(dir, { recursive: true, force: true }),
	};
}

/** Every entry under `top` (not following symlinks), keyed by relative path. */
export function snapshotTree(top: string, skip: (relative: string) => boolean = () => false): TreeSnapshot {
	const out: TreeSnapshot = new Map();
	const walk = (relative: string) => {
		const full = relative ? join(top, relative) : top;
		const stat = lstatSync(full);
		const mode = (stat.mode & 0o7777).toString(8);
		if (stat.isSymbolicLink()) {
			out.set(relative, `link ${readlinkSync(full)}`);
		} else if (stat.isDirectory()) {
			out.set(relative, `dir ${mode}`);
			for (const name of readdirSync(full).sort()) {
				const child = relative ? `${relative}/${name}` : name;
				if (!skip(child)) walk(child);
			}
		} else {
			const digest = createHash('sha256').update(readFileSync(full)).digest('hex');
			out.set(relative, `file ${mode} ${stat.size} ${digest}`);
		}
	};
	walk('');
	return out;
}

/** Entries added, removed or changed between two snapshots (empty when equal). */
export function diffSnapshots(before: TreeSnapshot, after: TreeSnapshot): string[] {
	const changes: string[] = [];
	for (const [path, value] of before) {
		if (!after.has(path)) changes.push(`removed ${path}`);
		else if (after.get(path) !== value) changes.push(`changed ${path}: ${value} -> ${after.get(path)}`);
	}
	for (const path of after.keys()) if (!before.has(path)) changes.push(`added ${path}`);
	return changes;
}
