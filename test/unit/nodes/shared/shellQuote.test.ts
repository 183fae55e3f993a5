import { execFileSync } from 'node:child_process';

import { singleQuote } from '../../../../nodes/shared/shellQuote';

describe('singleQuote', () => {
	test.each([
		['plain', "'plain'"],
		['', "''"],
		["it's", "'it'\\''s'"],
		["''", "''\\'''\\'''"],
		['a b', "'a b'"],
		['$(x)', "'$(x)'"],
	])('%j -> %s', (value, quoted) => {
		expect(singleQuote(value)).toBe(quoted);
	});

	test.each([['-rf'], ['--help'], ['-'], ['-x y']])('refuses a leading "-": %j', (value) => {
		expect(() => singleQuote(value)).toThrow(/starts with "-"/);
	});

	test.each([['a\0b'], ['\0']])('refuses a NUL byte: %j', (value) => {
		expect(() => singleQuote(value)).toThrow(/NUL/);
	});

	test.each([[undefined], [null], [42], [{}]])('refuses a non-string: %p', (value) => {
		expect(() => singleQuote(value as unknown as string)).toThrow(TypeError);
	});

	// POSIX sh on this machine reads the quoted form back as the exact value (no remote needed).
	test.each([
		["'; rm -rf / #"],
		['$(touch /nonexistent/x) `id` $HOME ${HOME} * ? [a] ~'],
		['line1\nline2\r\n\ttab'],
		["\\'\\\\'"],
		['🚀 Zürich'],
		["'''"],
	])('sh -c reads %j back unchanged', (value) => {
		const out = execFileSync('sh', ['-c', `printf '%s' ${singleQuote(value)}`], { encoding: 'utf8' });
		expect(out).toBe(value);
	});
});
