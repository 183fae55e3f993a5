/**
 * Commands as the docs print them, for the tests that run them as written. The quick start: the bash block after the `<!-- quick start` marker, in
 * README.md, docs/catalogue.md and the CLI package's own README (the same block in each).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
export const QUICK_START_PAGES = ['README.md', join('docs', 'catalogue.md'), join('generator', 'README.md')];

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

/** The lines of the first bash block under the heading `heading` (`## ...`) of `page`. */
export function bashBlockUnder(page: string, heading: string): string[] {
	const text = readFileSync(join(ROOT, page), 'utf8');
	const at = text.indexOf(`\n${heading}\n`);
	if (at < 0) throw new Error(`${page} has no heading "${heading}"`);
	const block = text.slice(at).match(/\n```bash\n([\s\S]*?)\n```\n/);
	if (!block) throw new Error(`${page} has no bash block under "${heading}"`);
	return block[1].split('\n');
}
