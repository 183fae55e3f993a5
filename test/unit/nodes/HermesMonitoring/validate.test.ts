import { MAX_PROMQL_CHARS } from '../../../../core/monitoring/contract';
import { checkPrometheusUrl, checkPromql } from '../../../../core/monitoring/validate';

describe('promql', () => {
	test.each([['up'], ['sum by (job) (rate(http_requests_total[5m]))'], ['$(touch x)'], ['  up  ']])('%j is passed unchanged', (raw) => {
		expect(checkPromql(raw)).toEqual({ ok: true, value: raw });
	});

	test.each([[''], ['   '], ['\n\t'], [undefined], [null]])('%j -> __EMPTY_QUERY__', (raw) => {
		expect(checkPromql(raw)).toMatchObject({ ok: false, answer: { error: '__EMPTY_QUERY__', retry: 'change_arguments' } });
	});

	test.each([[42], [{ q: 'up' }], [['up']], [true]])('non-string %j -> __BAD_ARGUMENT__', (raw) => {
		expect(checkPromql(raw)).toMatchObject({ ok: false, answer: { error: '__BAD_ARGUMENT__', retry: 'change_arguments' } });
	});

	test('over the cap -> __TOO_LARGE__ naming the cap', () => {
		const checked = checkPromql('a'.repeat(MAX_PROMQL_CHARS + 1));
		expect(checked).toMatchObject({ ok: false, answer: { error: '__TOO_LARGE__', retry: 'change_arguments', hint: expect.stringContaining(String(MAX_PROMQL_CHARS)) } });
	});
});

describe('prometheusUrl', () => {
	test.each([
		['http://127.0.0.1:9090', 'http://127.0.0.1:9090'],
		['http://127.0.0.1:9090/', 'http://127.0.0.1:9090'],
		[' https://localhost:9443/prometheus/ ', 'https://localhost:9443/prometheus'],
		['http://[::1]:9090', 'http://[::1]:9090'],
		['http://prometheus.internal', 'http://prometheus.internal'],
	])('%j -> %s', (raw, url) => expect(checkPrometheusUrl(raw)).toEqual({ ok: true, value: url }));

	test.each([
		[''],
		['127.0.0.1:9090'],
		['ftp://127.0.0.1:9090'],
		['file:///etc/passwd'],
		['gopher://127.0.0.1:70'],
		['http://user:pw@127.0.0.1:9090'],
		['http://127.0.0.1:9090/?x=1'],
		['http://127.0.0.1:9090/#frag'],
		['http://127.0.0.1:9090/{a,b}'],
		['http://127.0.0.1:9090/$(id)'],
		["http://127.0.0.1:9090/'x"],
		['-K/etc/passwd'],
		['--config /etc/passwd'],
		['http://127.0.0.1:9090 -o ~/x'],
		[undefined],
		[42],
		['   '],
		['http://'],
		['http://127.0.0.1:9090/a b'],
	])('%j is a misconfigured setting: __UNAVAILABLE__ naming it, for the operator', (raw) => {
		expect(checkPrometheusUrl(raw)).toMatchObject({
			ok: false,
			answer: {
				success: false,
				error: '__UNAVAILABLE__',
				hint: expect.stringMatching(/^The Prometheus URL setting of this node is misconfigured \(.+\)\. .*Tell the operator\.$/),
				retry: 'never_here',
				state: 'misconfigured',
			},
		});
	});

	test('the hint says what is wrong and never repeats the setting (it may hold a password)', () => {
		const checked = checkPrometheusUrl('http://admin:s3cret@127.0.0.1:9090');
		expect(checked).toMatchObject({ ok: false, answer: { hint: expect.stringContaining('credentials in the URL are not allowed') } });
		expect(JSON.stringify(checked)).not.toContain('s3cret');
	});
});
