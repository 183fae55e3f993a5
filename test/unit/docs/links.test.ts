/**
 * Every relative link of the Markdown pages outside test/ (pages.ts) points at a file or folder
 * of the repository, and a link with a `#fragment` at a heading of that page, as GitHub names
 * headings. Links in code blocks, code spans and HTML comments are not links.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

import { markdownPages, ROOT } from './pages';

/** The page without what is not rendered as a link: fenced blocks, code spans, HTML comments. */
function rendered(markdown: string): string {
	return markdown
		.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/`[^`\n]*`/g, '');
}

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
		.replace(/ /g, '-');
}

/** The anchors of a page's headings; a repeated heading gets `-1`, `-2`, ... */
function anchors(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const out = new Set<string>();
	const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
	for (const match of withoutCode.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
		const base = slug(match[1]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		out.add(count === 0 ? base : `${base}-${count}`);
	}
	return out;
}

/** `[text](target)` and `![alt](target)` targets that are not URLs of a scheme. */
function relativeLinks(markdown: string): string[] {
	return [...rendered(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
		.map((match) => match[1])
		.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Why a link of `page` (a path from the root) is broken, or undefined when it is not. */
function brokenBecause(page: string, target: string, read: (path: string) => string | undefined): string | undefined {
	const [path, fragment] = target.split('#', 2);
	const file = path === '' ? page : normalize(join(dirname(page), decodeURI(path)));
	if (file.startsWith('..')) return 'leaves the repository';
	const text = read(file);
	if (text === undefined) return 'no such file or folder';
	if (fragment === undefined || fragment === '') return undefined;
	if (!file.endsWith('.md')) return 'a fragment on a page that is not Markdown';
	return anchors(text).has(fragment) ? undefined : `no heading #${fragment} in ${file}`;
}

describe('the link reader', () => {
	const pages: Record<string, string> = {
		'README.md': '# Title\n\n## Usage\n\n### The two commands\n\n## Usage\n',
		'docs/a.md': '# A page\n\n## What `generate` emits\n\n## Load (`npm run bench -- queueLoad`)\n\n```bash\n# not a heading\n```\n',
		docs: '',
	};
	const read = (path: string) => pages[path];

	test.each<[string, string, string, string | undefined]>([
		['a page', 'README.md', 'docs/a.md', undefined],
		['a heading with code', 'README.md', 'docs/a.md#what-generate-emits', undefined],
		['a heading with punctuation', 'README.md', 'docs/a.md#load-npm-run-bench----queueload', undefined],
		['a heading of the same page', 'README.md', '#the-two-commands', undefined],
		['the second of two equal headings', 'README.md', '#usage-1', undefined],
		['up from a folder', 'docs/a.md', '../README.md#usage', undefined],
		['a folder', 'README.md', 'docs', undefined],
		['a missing page', 'README.md', 'docs/b.md', 'no such file or folder'],
		['a missing heading', 'README.md', 'docs/a.md#usage', 'no heading #usage in docs/a.md'],
		['a heading inside a code block', 'README.md', 'docs/a.md#not-a-heading', 'no heading #not-a-heading in docs/a.md'],
		['out of the repository', 'docs/a.md', '../../x.md', 'leaves the repository'],
	])('%s', (_case, page, target, reason) => {
		expect(brokenBecause(page, target, read)).toBe(reason);
	});

	test('links in code and comments are not links; URLs are not relative', () => {
		const markdown = 'See [a](a.md) and ![b](img/b.png "B").\n`[c](c.md)`\n<!-- [d](d.md) -->\n```md\n[e](e.md)\n```\n[f](https://example.com/f.md)';
		expect(relativeLinks(markdown)).toEqual(['a.md', 'img/b.png']);
	});
});

test('every relative link of the Markdown pages outside test/ resolves', () => {
	const read = (path: string) => {
		const full = join(ROOT, path);
		if (!existsSync(full)) return undefined;
		return path.endsWith('.md') ? readFileSync(full, 'utf8') : '';
	};
	const pages = markdownPages();
	expect(pages.length).toBeGreaterThan(10);
	const broken = pages.flatMap((page) =>
		relativeLinks(readFileSync(join(ROOT, page), 'utf8')).flatMap((target) => {
			const reason = brokenBecause(page, target, read);
			return reason === undefined ? [] : [`${page}: ${target}: ${reason}`];
		}),
	);
	expect(broken).toEqual([]);
});
