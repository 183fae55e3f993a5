import {
	answerFromRemoteOutput,
	DEFAULT_HINTS,
	errorAnswer,
	isMarker,
	MARKERS,
	misconfiguredAnswer,
	RETRY_POLICIES,
	UNAVAILABLE_HINTS,
	UNAVAILABLE_STATES,
	unavailableAnswer,
	type Marker,
	type Retry,
	type UnavailableState,
} from '../../../../core/markers';
import * as contracts from '../../../../core';

describe('markers', () => {
	test('every marker has its own hint, in whole sentences', () => {
		expect(Object.keys(DEFAULT_HINTS).sort()).toEqual([...MARKERS].sort());
		for (const marker of MARKERS) expect([marker, DEFAULT_HINTS[marker]]).toEqual([marker, expect.stringMatching(/^[A-Z].*\.$/)]);
		expect(new Set(Object.values(DEFAULT_HINTS)).size).toBe(MARKERS.length);
	});

	test('no hint contains a 12-hex content hash', () => {
		for (const hint of Object.values(DEFAULT_HINTS)) expect(hint).not.toMatch(/\b[0-9a-f]{12}\b/i);
	});

	test('every documented marker is present', () => {
		expect(MARKERS).toEqual(
			expect.arrayContaining([
				'__NOT_FOUND__', '__BAD_PATH__', '__BAD_ACTION__', '__BAD_ARGUMENT__', '__EMPTY_QUERY__', '__EXISTS__', '__STALE_READ__',
				'__WRITE_FAILED__', '__TOO_LARGE__', '__PROTECTED__', '__UNAVAILABLE__',
			]),
		);
	});

	test('errorAnswer uses the default hint unless a specific one is given, and the marker\'s retry unless one is given', () => {
		expect(errorAnswer('__NOT_FOUND__')).toEqual({ success: false, error: '__NOT_FOUND__', hint: DEFAULT_HINTS.__NOT_FOUND__, retry: 'change_arguments' });
		expect(errorAnswer('__NOT_FOUND__', '   ')).toEqual({ success: false, error: '__NOT_FOUND__', hint: DEFAULT_HINTS.__NOT_FOUND__, retry: 'change_arguments' });
		expect(errorAnswer('__PROTECTED__', 'security-stack is protected').hint).toBe('security-stack is protected');
		expect(errorAnswer('__WRITE_FAILED__', 'lost', 'after_read')).toEqual({ success: false, error: '__WRITE_FAILED__', hint: 'lost', retry: 'after_read' });
	});

	test.each<[Exclude<Marker, '__UNAVAILABLE__'>, Retry]>([
		['__NOT_FOUND__', 'change_arguments'],
		['__BAD_PATH__', 'change_arguments'],
		['__BAD_ACTION__', 'change_arguments'],
		['__EMPTY_QUERY__', 'change_arguments'],
		['__EXISTS__', 'after_read'],
		['__STALE_READ__', 'after_read'],
		['__WRITE_FAILED__', 'later'],
		['__TOO_LARGE__', 'change_arguments'],
		['__PROTECTED__', 'never_here'],
	])('%s answers retry %s', (marker, retry) => {
		expect(errorAnswer(marker)).toMatchObject({ error: marker, retry });
		expect(errorAnswer(marker)).not.toHaveProperty('state');
	});

	test.each<[UnavailableState, Retry]>([
		['unreachable', 'later'],
		['timeout', 'later'],
		['host_key_mismatch', 'never_here'],
		['auth_failed', 'never_here'],
		['misconfigured', 'never_here'],
		['rate_limited', 'later'],
	])('__UNAVAILABLE__ in state %s answers retry %s with its own default hint', (state, retry) => {
		expect(unavailableAnswer(state)).toEqual({ success: false, error: '__UNAVAILABLE__', hint: UNAVAILABLE_HINTS[state], retry, state });
	});

	test('a misconfigured setting is __UNAVAILABLE__ misconfigured, never_here', () => {
		expect(misconfiguredAnswer('Vault Path', 'it is empty')).toEqual({
			success: false,
			error: '__UNAVAILABLE__',
			hint: 'The Vault Path setting of this node is misconfigured (it is empty). Other arguments will not help. Tell the operator.',
			retry: 'never_here',
			state: 'misconfigured',
		});
	});

	test('the package entry exports the retry policies and the states', () => {
		expect(contracts.RETRY_POLICIES).toEqual(['change_arguments', 'after_read', 'later', 'never_here', 'after_approval']);
		expect(contracts.UNAVAILABLE_STATES).toEqual(['unreachable', 'timeout', 'host_key_mismatch', 'auth_failed', 'misconfigured', 'rate_limited']);
		expect(contracts.RETRY_POLICIES).toBe(RETRY_POLICIES);
		expect(contracts.UNAVAILABLE_STATES).toBe(UNAVAILABLE_STATES);
	});

	test.each<[string, Partial<Record<string, unknown>>]>([
		['__NOT_FOUND__', { error: '__NOT_FOUND__', hint: DEFAULT_HINTS.__NOT_FOUND__, retry: 'change_arguments' }],
		['__NOT_FOUND__\nmore output', { error: '__NOT_FOUND__', hint: DEFAULT_HINTS.__NOT_FOUND__, retry: 'change_arguments' }],
		['__BAD_PATH__ symlink leaves the vault\n', { error: '__BAD_PATH__', hint: `${DEFAULT_HINTS.__BAD_PATH__} (symlink leaves the vault)`, retry: 'change_arguments' }],
		['__EXISTS__\t  \n', { error: '__EXISTS__', hint: DEFAULT_HINTS.__EXISTS__, retry: 'after_read' }],
		['__TOO_LARGE__ 160000 bytes\r\n', { error: '__TOO_LARGE__', hint: `${DEFAULT_HINTS.__TOO_LARGE__} (160000 bytes)`, retry: 'change_arguments' }],
		['__UNAVAILABLE__ git failed', { error: '__UNAVAILABLE__', hint: `${UNAVAILABLE_HINTS.unreachable} (git failed)`, retry: 'later', state: 'unreachable' }],
		[
			'__UNAVAILABLE__ misconfigured the vault path is wrong',
			{ error: '__UNAVAILABLE__', hint: `${UNAVAILABLE_HINTS.misconfigured} (the vault path is wrong)`, retry: 'never_here', state: 'misconfigured' },
		],
		['__UNAVAILABLE__ timeout', { error: '__UNAVAILABLE__', hint: UNAVAILABLE_HINTS.timeout, retry: 'later', state: 'timeout' }],
	])('answerFromRemoteOutput(%j)', (stdout, expected) => {
		expect(answerFromRemoteOutput(stdout)).toEqual({ success: false, ...expected });
	});

	test('hints given for one operation replace the default hint of their marker only', () => {
		const hints = { __BAD_PATH__: 'Read another note.' };
		expect(answerFromRemoteOutput('__BAD_PATH__ outside\n', hints)).toMatchObject({ hint: 'Read another note. (outside)', retry: 'change_arguments' });
		expect(answerFromRemoteOutput('__NOT_FOUND__\n', hints)).toMatchObject({ hint: DEFAULT_HINTS.__NOT_FOUND__ });
	});

	test('no default hint speaks of write prefixes except where a write is meant', () => {
		expect(DEFAULT_HINTS.__BAD_PATH__).not.toMatch(/prefix/i);
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
