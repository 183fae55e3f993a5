/**
 * The CLI package as a user gets it before it is published: `npm pack` of the hermes-workflows
 * workspace, then `npm install -D <tarball>` in the user's own folder, the install page's command.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** `npm pack` of the hermes-workflows workspace of `repoRoot` into `dest`; returns the tarball's path. */
export function packCli(repoRoot: string, dest: string): string {
	if (!existsSync(join(repoRoot, 'generator', 'dist', 'generator', 'cli', 'main.js'))) {
		throw new Error('hermes-workflows is not built (generator/dist is missing): run `npm run build` first');
	}
	mkdirSync(dest, { recursive: true });
	const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--workspace', 'hermes-workflows', '--pack-destination', dest], {
		cwd: repoRoot,
		encoding: 'utf8',
		timeout: 120_000,
	});
	return join(dest, (JSON.parse(out) as Array<{ filename: string }>)[0].filename);
}

/** `npm install -D <tarball>` in `project`, as the install page says; returns npm's stderr (its warnings). */
export function installCli(tarball: string, project: string): string {
	mkdirSync(project, { recursive: true });
	const result = execFileSync('bash', ['-c', `npm install -D --no-audit --no-fund "$1" 2>&1 >/dev/null`, 'install', tarball], {
		cwd: project,
		encoding: 'utf8',
		timeout: 300_000,
	});
	return result;
}
