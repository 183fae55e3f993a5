import type { IDataObject } from 'n8n-workflow';

import { HermesContent } from '../../../../nodes/HermesContent/HermesContent.node';
import { CONTENT_CAPS, CONTENT_TYPES } from '../../../../core/content/contract';
import { checkContentRequest } from '../../../../nodes/HermesContent/helpers/validate';
import { executeNode } from '../../../harness/executeNode';
import { answerOf } from '../../../helpers/checked';

const run = async (parameters: Record<string, unknown>, items?: IDataObject[]) =>
	(await executeNode(new HermesContent(), { parameters, items }))[0];

describe('content request validation', () => {
	test.each(CONTENT_TYPES)('accepts the type %s', (contentType) => {
		expect(answerOf(checkContentRequest({ contentType, text: 'an idea', url: '' }))).toEqual({ success: true, contentType, text: 'an idea', url: '' });
	});

	test.each([
		[' Article ', 'article'],
		['RESEARCH', 'research'],
		['\tnote\n', 'note'],
	])('normalises the type %j to %s', (raw, expected) => {
		expect(answerOf(checkContentRequest({ contentType: raw, text: 'x', url: '' }))).toMatchObject({ success: true, contentType: expected });
	});

	test.each([['essay'], [''], ['notes'], ['note; rm -rf /'], [undefined], [null], [3], [{ type: 'note' }], [['note']], ['n ote']])(
		'refuses the type %j with __BAD_ACTION__',
		(contentType) => {
			const answer = answerOf(checkContentRequest({ contentType, text: 'x', url: '' }));
			expect(answer).toMatchObject({ success: false, error: '__BAD_ACTION__', retry: 'change_arguments' });
			expect(answer).toHaveProperty('hint', expect.stringContaining('note, article, research'));
		},
	);

	test.each([
		['', ''],
		['   ', ''],
		[undefined, undefined],
		[null, '  \n '],
	])('neither text nor url (%j, %j) -> __BAD_ARGUMENT__', (text, url) => {
		expect(answerOf(checkContentRequest({ contentType: 'note', text, url }))).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
	});

	test('trims text and url, normalises the url with WHATWG URL', () => {
		expect(answerOf(checkContentRequest({ contentType: 'article', text: '  draft  ', url: ' HTTPS://Example.COM/a b ' }))).toEqual({
			success: true,
			contentType: 'article',
			text: 'draft',
			url: 'https://example.com/a%20b',
		});
	});

	test('a url alone is enough', () => {
		expect(answerOf(checkContentRequest({ contentType: 'research', text: '', url: 'http://example.org' }))).toEqual({
			success: true,
			contentType: 'research',
			text: '',
			url: 'http://example.org/',
		});
	});

	test.each([
		['javascript:alert(1)'],
		['JavaScript:alert(document.cookie)'],
		['file:///etc/passwd'],
		['ftp://example.com/file'],
		['data:text/html,<script>alert(1)</script>'],
		['vbscript:msgbox'],
		['mailto:someone@example.com'],
		['//example.com/no-scheme'],
		['example.com'],
		['http://'],
		['https://user:secret@example.com/'],
		['not a url'],
	])('refuses the url %j with __BAD_ARGUMENT__', (url) => {
		const answer = answerOf(checkContentRequest({ contentType: 'note', text: 'x', url }));
		expect(answer).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
		expect(answer).toHaveProperty('hint', expect.stringMatching(/url/));
	});

	test.each([[{ a: 1 }], [['x']]])('refuses non-text text %j', (text) => {
		expect(answerOf(checkContentRequest({ contentType: 'note', text, url: '' }))).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
	});

	test('text at the cap passes; one character over is __TOO_LARGE__ naming the cap', () => {
		const atCap = 'é'.repeat(CONTENT_CAPS.textChars);
		expect(answerOf(checkContentRequest({ contentType: 'note', text: atCap, url: '' }))).toMatchObject({ success: true });
		const answer = answerOf(checkContentRequest({ contentType: 'note', text: `${atCap}x`, url: '' }));
		expect(answer).toMatchObject({ success: false, error: '__TOO_LARGE__', retry: 'change_arguments' });
		expect(answer).toHaveProperty('hint', expect.stringContaining(`${CONTENT_CAPS.textChars + 1} characters; the cap is ${CONTENT_CAPS.textChars}`));
	});

	test('emoji count as one character each (code points, not UTF-16 units)', () => {
		expect(answerOf(checkContentRequest({ contentType: 'note', text: '😀'.repeat(CONTENT_CAPS.textChars), url: '' }))).toMatchObject({ success: true });
	});

	test('an oversized url is __TOO_LARGE__', () => {
		const url = `https://example.com/${'a'.repeat(CONTENT_CAPS.urlChars)}`;
		expect(answerOf(checkContentRequest({ contentType: 'note', text: '', url }))).toMatchObject({ success: false, error: '__TOO_LARGE__', retry: 'change_arguments' });
	});
});

describe('Hermes Content node', () => {
	test('answers one paired item per input, bad input as items, never a throw', async () => {
		const items = [
			{ t: 'Note', text: 'idea', url: '' },
			{ t: 'poem', text: 'x', url: '' },
			{ t: 'article', text: '', url: 'javascript:alert(1)' },
			{ t: 'research', text: '', url: '' },
		];
		const out = await run(
			{ contentType: (item: { t: string }) => item.t, text: (item: { text: string }) => item.text, url: (item: { url: string }) => item.url },
			items,
		);
		expect(out.map((o) => o.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(out[0].json).toEqual({ success: true, contentType: 'note', text: 'idea', url: '' });
		expect(out.slice(1).map((o) => o.json.error)).toEqual(['__BAD_ACTION__', '__BAD_ARGUMENT__', '__BAD_ARGUMENT__']);
	});

	// Saved and generated workflows carry these names: they never change silently.
	test('parameter names', () => {
		const { description } = new HermesContent();
		expect(description.properties.map((p) => p.name)).toEqual(['operation', 'contentType', 'text', 'url', 'allowPrivateUrls', 'agentCall', 'acceptedArguments']);
	});
});
