import { shapeSearchMatches } from '../../../../nodes/HermesVault/actions/note/search.operation';
import { SEARCH_RAW_BYTES, SEARCH_SCRIPT } from '../../../../nodes/HermesVault/scripts/search';

/** One complete git grep --null record of exactly `bytes` bytes. */
const record = (path: string, bytes: number) => {
	const head = `${path}\x001\x00`;
	return Buffer.from(`${head}${'x'.repeat(bytes - head.length - 1)}\n`);
};

test('the host sends one byte over the bound, so a cut on a record end is seen', () => {
	expect(SEARCH_SCRIPT).toMatch(new RegExp(`head -c ${SEARCH_RAW_BYTES + 1}\\b`));
});

test.each([
	['exactly the bound, complete records', SEARCH_RAW_BYTES, false],
	['one byte over the bound (the host cut on a record end)', SEARCH_RAW_BYTES + 1, true],
])('%s', (_name, total, truncated) => {
	const body = Buffer.concat([record('a.md', SEARCH_RAW_BYTES), Buffer.from('b.md\x001\x00more\n')]).subarray(0, total);
	const shaped = shapeSearchMatches(body);
	expect(shaped.truncated).toBe(truncated);
	expect(shaped.matches.map((m) => m.path)).toEqual(['a.md']);
});
