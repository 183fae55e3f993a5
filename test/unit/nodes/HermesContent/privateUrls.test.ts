import type { IDataObject } from 'n8n-workflow';

import { HermesContent } from '../../../../nodes/HermesContent/HermesContent.node';
import { checkContentRequest } from '../../../../nodes/HermesContent/helpers/validate';
import { executeNode } from '../../../harness/executeNode';
import { answerOf } from '../../../helpers/checked';

/**
 * The pipeline downstream may fetch the url, so an address on the n8n host's own network is a
 * server-side request forgery risk. Nothing here resolves a name or opens a connection.
 */

const PRIVATE = [
	// loopback, also in the shorthand forms WHATWG URL turns into 127.0.0.1
	['http://127.0.0.1:5678/', 'n8n itself'],
	['http://127.255.255.254/', 'loopback /8'],
	['http://2130706433/', 'decimal 127.0.0.1'],
	['http://0x7f000001/', 'hex 127.0.0.1'],
	['http://0177.0.0.1/', 'octal 127.0.0.1'],
	['http://0x7f.1/', 'hex shorthand 127.0.0.1'],
	['http://127.1/', 'two-part 127.0.0.1'],
	['http://127.0.0.1./', 'trailing dot'],
	['http://localhost/', 'localhost'],
	['http://LOCALHOST:5678/', 'localhost upper case'],
	['http://localhost./', 'localhost with trailing dot'],
	['http://n8n.localhost/', '*.localhost'],
	['http://[::1]/', 'IPv6 loopback'],
	['http://[0:0:0:0:0:0:0:1]/', 'IPv6 loopback long form'],
	['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
	['http://[::ffff:7f00:1]/', 'IPv4-mapped loopback, hex'],
	['http://[::127.0.0.1]/', 'IPv4-compatible loopback'],
	// cloud metadata and link-local
	['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
	['http://[::ffff:169.254.169.254]/', 'IPv4-mapped metadata'],
	['http://2852039166/', 'decimal 169.254.169.254'],
	['http://[fe80::1]/', 'IPv6 link-local'],
	['http://[febf:ffff::1]/', 'IPv6 link-local, top of fe80::/10'],
	// private and shared ranges
	['http://10.0.0.5/', '10/8'],
	['https://10.255.255.255:8443/x', '10/8 top'],
	['http://172.16.0.1/', '172.16/12 bottom'],
	['http://172.31.255.254/', '172.16/12 top'],
	['http://192.168.1.1/', '192.168/16'],
	['http://[::ffff:192.168.1.1]/', 'IPv4-mapped 192.168/16'],
	['http://100.64.0.1/', 'CGNAT bottom'],
	['http://100.127.255.254/', 'CGNAT top'],
	['http://[fc00::1]/', 'unique-local fc'],
	['http://[fd12:3456:789a::1]/', 'unique-local fd'],
	// unspecified
	['http://0.0.0.0:5678/', 'unspecified IPv4'],
	['http://0/', 'unspecified IPv4 shorthand'],
	['http://[::]/', 'unspecified IPv6'],
] as const;

const PUBLIC = [
	['https://example.com/article', 'https://example.com/article'],
	['http://93.184.215.14/', 'http://93.184.215.14/'],
	['http://8.8.8.8/', 'http://8.8.8.8/'],
	['http://172.15.255.255/', 'http://172.15.255.255/'],
	['http://172.32.0.1/', 'http://172.32.0.1/'],
	['http://100.63.255.255/', 'http://100.63.255.255/'],
	['http://100.128.0.1/', 'http://100.128.0.1/'],
	['http://169.255.0.1/', 'http://169.255.0.1/'],
	['http://192.169.0.1/', 'http://192.169.0.1/'],
	['http://11.0.0.1/', 'http://11.0.0.1/'],
	['https://[2606:4700:4700::1111]/dns', 'https://[2606:4700:4700::1111]/dns'],
	['https://localhost.example.com/', 'https://localhost.example.com/'],
	['https://mylocalhost/', 'https://mylocalhost/'],
	// a name is not resolved: the node cannot know what it points at
	['http://169.254.169.254.nip.io/', 'http://169.254.169.254.nip.io/'],
	['http://intranet/', 'http://intranet/'],
] as const;

const check = (url: string, allowPrivateUrls?: unknown) => answerOf(checkContentRequest({ contentType: 'article', text: '', url, allowPrivateUrls }));

describe('private network urls, setting off (the default)', () => {
	test.each(PRIVATE)('%s (%s) -> __BAD_ARGUMENT__', (url) => {
		const answer = check(url);
		expect(answer).toEqual({
			success: false,
			error: '__BAD_ARGUMENT__',
			hint: expect.stringMatching(/private.*loopback.*not accepted/),
			retry: 'change_arguments',
		});
	});

	test.each(PUBLIC)('%s is accepted as %s', (url, normalised) => {
		expect(check(url)).toEqual({ success: true, contentType: 'article', text: '', url: normalised });
	});

	test.each([[undefined], [false], ['true'], [1], [null]])('a setting of %j is not "allow"', (setting) => {
		expect(check('http://127.0.0.1:5678/', setting)).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
	});
});

describe('private network urls, setting on', () => {
	test.each(PRIVATE)('%s (%s) is accepted', (url) => {
		expect(check(url, true)).toMatchObject({ success: true, url: new URL(url).href });
	});

	test('the other url checks still hold', () => {
		expect(check('file:///etc/passwd', true)).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
		expect(check('http://user:pw@127.0.0.1/', true)).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
	});
});

describe('Hermes Content node setting', () => {
	const node = new HermesContent();
	const run = async (parameters: Record<string, unknown>, items?: IDataObject[]) => (await executeNode(node, { parameters, items }))[0];

	test('Allow Private Network URLs: boolean, off by default, explains the risk and that names are not resolved', () => {
		const setting = node.description.properties.find((p) => p.name === 'allowPrivateUrls');
		expect(setting).toMatchObject({ displayName: 'Allow Private Network URLs', type: 'boolean', default: false });
		expect(setting?.description).toMatch(/request forgery/);
		expect(setting?.description).toMatch(/not resolved/);
	});

	test('off when not set: a metadata url is refused per item, a public one passes', async () => {
		const out = await run({ contentType: 'article', text: '', url: (i: { url: string }) => i.url }, [
			{ url: 'http://169.254.169.254/latest/meta-data/' },
			{ url: 'https://example.com/article' },
		]);
		expect(out.map((o) => [o.json.success, o.json.error, o.pairedItem])).toEqual([
			[false, '__BAD_ARGUMENT__', { item: 0 }],
			[true, undefined, { item: 1 }],
		]);
	});

	test('on: the operator has chosen to pass private urls on', async () => {
		const out = await run({ contentType: 'article', text: '', url: 'http://10.0.0.5/wiki', allowPrivateUrls: true });
		expect(out[0].json).toEqual({ success: true, contentType: 'article', text: '', url: 'http://10.0.0.5/wiki' });
	});
});
