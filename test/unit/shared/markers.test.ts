import { answerFromRemoteOutput, DEFAULT_HINTS, errorAnswer, isMarker, MARKERS } from '../../../nodes/shared/markers';

describe('markers', () => {
	test('every marker has a non-empty hint', () => {
		for (const marker of MARKERS) {
			expect(typeof DEFAULT_HINTS[marker]).toBe('string');
			expect(DEFAULT_HINTS[marker].trim().length).toBeGreaterThan(20);
		}
		expect(Object.keys(DEFAULT_HINTS).sort()).toEqual([...MARKERS].sort());
	});

	test('no hint contains a 12-hex content hash', () => {
		for (const hint of Object.values(DEFAULT_HINTS)) expect(hint).not.toMatch(/\b[0-9a-f]{12}\b/i);
	});

	test('the article markers and ours are all present', () => {
		expect(MARKERS).toEqual(
			expect.arrayContaining([
				'__NOT_FOUND__', '__BAD_PATH__', '__BAD_ACTION__', '__EMPTY_QUERY__', '__EXISTS__', '__STALE_READ__',
				'__WRITE_FAILED__', '__TOO_LARGE__', '__PROTECTED__', '__UNAVAILABLE__',
			]),
		);
	});

	test('errorAnswer uses the default hint unless a specific one is given', () => {
		expect(errorAnswer('__NOT_FOUND__')).toEqual({ success: false, error: '__NOT_FOUND__', hint: DEFAULT_HINTS.__NOT_FOUND__ });
		expect(errorAnswer('__NOT_FOUND__', '   ')).toEqual({ success: false, error: '__NOT_FOUND__', hint: DEFAULT_HINTS.__NOT_FOUND__ });
		expect(errorAnswer('__PROTECTED__', 'security-stack is protected').hint).toBe('security-stack is protected');
	});

	test.each([
		['__NOT_FOUND__', '__NOT_FOUND__', DEFAULT_HINTS.__NOT_FOUND__],
		['__NOT_FOUND__\nmore output', '__NOT_FOUND__', DEFAULT_HINTS.__NOT_FOUND__],
		['__BAD_PATH__ symlink leaves the vault\n', '__BAD_PATH__', `${DEFAULT_HINTS.__BAD_PATH__} (symlink leaves the vault)`],
		['__EXISTS__\t  \n', '__EXISTS__', DEFAULT_HINTS.__EXISTS__],
		['__TOO_LARGE__ 160000 bytes\r\n', '__TOO_LARGE__', `${DEFAULT_HINTS.__TOO_LARGE__} (160000 bytes)`],
	])('answerFromRemoteOutput(%j) -> %s', (stdout, marker, hint) => {
		expect(answerFromRemoteOutput(stdout)).toEqual({ success: false, error: marker, hint });
	});

	test.each([
		[''],
		['ok'],
		['{"success":true}'],
		['__UNKNOWN_MARKER__'],
		['__not_found__'],
		[' __NOT_FOUND__'],
		['x __NOT_FOUND__'],
		['__NOT_FOUND__x'],
		['output\n__NOT_FOUND__'],
	])('answerFromRemoteOutput(%j) is not a marker', (stdout) => {
		expect(answerFromRemoteOutput(stdout)).toBeUndefined();
	});

	test.each([['__NOT_FOUND__', true], ['__NOPE__', false], ['', false], [undefined, false], [42, false]])(
		'isMarker(%p) = %p',
		(value, expected) => {
			expect(isMarker(value)).toBe(expected);
		},
	);
});
