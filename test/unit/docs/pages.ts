/** The Markdown pages the docs tests hold: every `.md` file outside test/ that git lists (tracked, or new and not ignored). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');

/** Paths from the repository root, sorted; a file deleted from the work tree is left out. */
export function markdownPages(): string[] {
	const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.md'], { cwd: ROOT, encoding: 'utf8' });
	const pages = new Set(listed.split('\0').filter((path) => path !== '' && !path.startsWith('test/') && existsSync(join(ROOT, path))));
	return [...pages].sort();
}
