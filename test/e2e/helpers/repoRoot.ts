import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root: the nearest folder above this file whose package.json is this package's (works from a compiled copy too). */
function findRepoRoot(from: string): string {
	for (let dir = from; ; dir = dirname(dir)) {
		const manifest = join(dir, 'package.json');
		if (existsSync(manifest) && existsSync(join(dir, 'generator')) && existsSync(join(dir, 'nodes'))) return dir;
		if (dirname(dir) === dir) throw new Error(`no repository root above ${from}`);
	}
}

export const REPO_ROOT = process.env.HERMES_REPO_ROOT ?? findRepoRoot(__dirname);
