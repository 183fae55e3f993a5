/**
 * What a vault write would change, as the approval shows it first: pure, no parts.
 */
import { noteChanges } from '../../../../nodes/HermesVault/helpers/noteChanges';

const lines = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `line ${i + from}`);

describe('noteChanges', () => {
	it.each<[string, { content: string; truncated: boolean } | undefined, string, Array<{ op: string; text?: string }>]>([
		['a new note: every line added', undefined, 'one\ntwo\n', [{ op: '+', text: 'one' }, { op: '+', text: 'two' }]],
		['the same text: nothing', { content: 'a\nb\n', truncated: false }, 'a\nb\n', []],
		[
			'one line changed in 9: two lines around it',
			{ content: `${lines(9).join('\n')}\n`, truncated: false },
			`${lines(9).map((l) => (l === 'line 5' ? 'line five' : l)).join('\n')}\n`,
			[{ op: ' ', text: 'line 3' }, { op: ' ', text: 'line 4' }, { op: '-', text: 'line 5' }, { op: '+', text: 'line five' }, { op: ' ', text: 'line 6' }, { op: ' ', text: 'line 7' }],
		],
		[
			'two changes far apart: a … between them',
			{ content: `${lines(20).join('\n')}\n`, truncated: false },
			`${lines(20).map((l) => (l === 'line 2' ? 'two' : l === 'line 19' ? 'nineteen' : l)).join('\n')}\n`,
			[
				{ op: ' ', text: 'line 1' }, { op: '-', text: 'line 2' }, { op: '+', text: 'two' }, { op: ' ', text: 'line 3' }, { op: ' ', text: 'line 4' },
				{ op: '…' },
				{ op: ' ', text: 'line 17' }, { op: ' ', text: 'line 18' }, { op: '-', text: 'line 19' }, { op: '+', text: 'nineteen' }, { op: ' ', text: 'line 20' },
			],
		],
		['a last line without a line feed: no marker line of the library', { content: 'a', truncated: false }, 'b', [{ op: '-', text: 'a' }, { op: '+', text: 'b' }]],
		['a note longer than a read returns: not compared, and said so', { content: 'x'.repeat(10), truncated: true }, 'y', [{ op: '…', text: expect.stringContaining('not shown') }]],
	])('%s', (_what, current, next, expected) => {
		expect(noteChanges(current, next)).toEqual(expected);
	});
});
