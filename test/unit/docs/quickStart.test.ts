/** One quick start: README.md, docs/catalogue.md and the CLI's README print the same commands, with figures that hold. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CATALOGUE } from '../../helpers/defaultCatalogue';
import { printedFigure, QUICK_START_PAGES, quickStart } from '../../helpers/docCommands';

test.each(QUICK_START_PAGES.slice(1))('%s prints the quick start of README.md', (page) => {
	const readme = quickStart('README.md');
	expect(readme.some((line) => line.startsWith('npx hermes-workflows init'))).toBe(true);
	expect(quickStart(page)).toEqual(readme);
});

test('its figures are those of the default catalogue', () => {
	const lines = quickStart('README.md');
	const line = (start: string) => lines.find((l) => l.startsWith(start)) ?? '';
	expect(printedFigure(line('npx hermes-workflows lint'), 'warnings')).toBe(CATALOGUE.filter((tool) => tool.sensitive).length);
	expect(printedFigure(line('npx hermes-workflows lint'), 'errors')).toBe(0);
});

// The one count of the default tools in the docs; the others say "the default tools".
test("README.md's introduction counts the default tools", () => {
	const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
	expect(readme).toMatch(new RegExp(`\\b${CATALOGUE.length} tools by default\\b`));
});

test('it installs the CLI before init, so init keeps the dependency npm wrote (a tarball before publication)', () => {
	const lines = quickStart('README.md');
	const install = lines.findIndex((l) => l.startsWith('npm install -D hermes-workflows'));
	expect(install).toBeGreaterThan(-1);
	const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'generator', 'package.json'), 'utf8'));
	expect(lines[install]).toMatch(new RegExp(`# before publication: npm install -D \\S+/hermes-workflows-${version.replace(/\./g, '\\.')}\\.tgz$`));
	expect(lines.findIndex((l) => l.startsWith('npx hermes-workflows init'))).toBeGreaterThan(install);
});
