/**
 * The quick start as the docs print it: the bash block after the `<!-- quick start` marker, in
 * README.md and docs/catalogue.md (the same block in both).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
export const QUICK_START_PAGES = ['README.md', join('docs', 'catalogue.md')];

/** The block's lines (without the fences) in `page`, a path from the repository root. */
export function quickStart(page: string): string[] {
	const text = readFileSync(join(ROOT, page), 'utf8');
	const block = text.match(/<!-- quick start[^\n]*-->\n```bash\n([\s\S]*?)\n```\n/);
	if (!block) throw new Error(`${page} has no quick start block`);
	return block[1].split('\n');
}

/** The number a line's comment gives before `words` (`# ... 3 warnings` -> 3). */
export function printedFigure(line: string, words: string): number {
	const comment = line.slice(line.indexOf('#'));
	const match = comment.match(new RegExp(`(\\d+) ${words}`));
	if (!line.includes('#') || !match) throw new Error(`no "<n> ${words}" in the comment of: ${line}`);
	return Number(match[1]);
}
