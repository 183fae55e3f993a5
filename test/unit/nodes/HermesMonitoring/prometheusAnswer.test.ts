import { MONITORING_CAPS } from '../../../../core/monitoring/contract';
import { alertsAnswer, curlReply, httpReply, parseCurlOutput, prometheusData, queryAnswer } from '../../../../nodes/HermesMonitoring/helpers/answers';
import { HTTP_TRAILER } from '../../../../nodes/HermesMonitoring/scripts/curl';

const curl = (body: string, status = '200', exitCode = 0, stderr = '') => ({
	stdout: `${body}\n${HTTP_TRAILER}${status}`,
	stderr,
	exitCode,
});

describe('curl output', () => {
	test('success envelope -> data', () => {
		const parsed = parseCurlOutput(curl(JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [] } })));
		expect(parsed).toEqual({ ok: true, value: { data: { resultType: 'vector', result: [] }, warnings: undefined } });
	});

	test("bad_data -> __BAD_ACTION__ carrying Prometheus' own message", () => {
		const body = JSON.stringify({ status: 'error', errorType: 'bad_data', error: 'invalid parameter "query": 1:4: parse error: unexpected end of input' });
		const parsed = parseCurlOutput(curl(body, '400'));
		expect(parsed).toMatchObject({ ok: false, answer: { error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.stringContaining('1:4: parse error: unexpected end of input') } });
	});

	test.each([
		['timeout', 'timeout'],
		['unavailable', 'unreachable'],
		['canceled', 'unreachable'],
		['internal', 'unreachable'],
	])('%s -> __UNAVAILABLE__ %s, retry later', (errorType, state) => {
		const parsed = parseCurlOutput(curl(JSON.stringify({ status: 'error', errorType, error: 'x' }), '503'));
		expect(parsed).toMatchObject({ ok: false, answer: { error: '__UNAVAILABLE__', retry: 'later', state } });
	});

	test('curl out of time (exit 28) -> __UNAVAILABLE__ timeout, retry later', () => {
		const parsed = parseCurlOutput({ stdout: `\n${HTTP_TRAILER}000`, stderr: 'curl: (28) Operation timed out', exitCode: 28 });
		expect(parsed).toMatchObject({ ok: false, answer: { error: '__UNAVAILABLE__', retry: 'later', state: 'timeout' } });
	});

	test('connection refused (http 000) -> __UNAVAILABLE__ with curl stderr', () => {
		const parsed = parseCurlOutput({ stdout: `\n${HTTP_TRAILER}000`, stderr: 'curl: (7) Failed to connect', exitCode: 7 });
		expect(parsed).toMatchObject({ ok: false, answer: { error: '__UNAVAILABLE__', hint: expect.stringContaining('Failed to connect'), retry: 'later', state: 'unreachable' } });
	});

	test('curl missing -> __UNAVAILABLE__ saying so', () => {
		const parsed = parseCurlOutput({ stdout: '', stderr: 'bash: curl: command not found', exitCode: 127 });
		expect(parsed).toMatchObject({ ok: false, answer: { error: '__UNAVAILABLE__', hint: expect.stringContaining('apt-get install curl'), retry: 'never_here', state: 'misconfigured' } });
	});

	test('answer cut at the byte cap (no trailer) -> __TOO_LARGE__', () => {
		const parsed = parseCurlOutput({ stdout: 'x'.repeat(MONITORING_CAPS.responseBytes), stderr: '', exitCode: 141 });
		expect(parsed).toMatchObject({ ok: false, answer: { error: '__TOO_LARGE__', retry: 'change_arguments' } });
	});

	test('not Prometheus JSON (wrong URL) -> __UNAVAILABLE__', () => {
		expect(parseCurlOutput(curl('<html>404</html>', '404'))).toMatchObject({ ok: false, answer: { error: '__UNAVAILABLE__', retry: 'never_here', state: 'misconfigured' } });
	});
});

describe('an answer over the SSH channel', () => {
	const response = (body: string, status = 200, truncated = false) => ({ kind: 'response' as const, status, body: Buffer.from(body), truncated });
	const unavailable = (state: string, hint: string) => ({ ok: false, answer: { error: '__UNAVAILABLE__', state, hint: expect.stringContaining(hint) } });

	test.each([
		['success envelope', response(JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [] } })), { ok: true }],
		['bad_data', response(JSON.stringify({ status: 'error', errorType: 'bad_data', error: 'parse error' }), 400), { ok: false, answer: { error: '__BAD_ARGUMENT__', hint: expect.stringContaining('parse error') } }],
		['errorType timeout', response(JSON.stringify({ status: 'error', errorType: 'timeout', error: 'x' }), 503), { ok: false, answer: { error: '__UNAVAILABLE__', state: 'timeout', retry: 'later' } }],
		['a body cut at the cap', response('{"status":"succ', 200, true), { ok: false, answer: { error: '__TOO_LARGE__', retry: 'change_arguments' } }],
		['HTML (wrong URL)', response('<html>404</html>', 404), unavailable('misconfigured', 'HTTP 404')],
		['an empty body', response('', 502), unavailable('unreachable', 'HTTP 502 with an empty body')],
		['nothing listens', { kind: 'connect-failed' as const, message: 'sshd could not connect to 127.0.0.1:1 (Connection refused)' }, unavailable('unreachable', 'Connection refused')],
		['no answer in time', { kind: 'timeout' as const, message: '127.0.0.1:9090 did not answer within 20 s' }, unavailable('timeout', 'did not answer within 20 s')],
		['not HTTP', { kind: 'bad-response' as const, message: '127.0.0.1:22 gave no HTTP answer: Parse Error' }, unavailable('unreachable', 'Parse Error')],
	])('%s', (_name, result, expected) => {
		expect(prometheusData(httpReply(result))).toMatchObject(expected);
	});

	test.each([
		['success', JSON.stringify({ status: 'success', data: { resultType: 'scalar', result: [1, '2'] }, warnings: ['w'] }), 200],
		['bad_data', JSON.stringify({ status: 'error', errorType: 'bad_data', error: 'parse error' }), 400],
		['unavailable', JSON.stringify({ status: 'error', errorType: 'unavailable', error: 'x' }), 503],
		['not Prometheus', '<html>404</html>', 404],
		['empty', '', 502],
	])('%s: one HTTP answer is judged alike whether the channel or curl carried it', (_name, body, status) => {
		expect(prometheusData(httpReply(response(body, status)))).toEqual(prometheusData(curlReply(curl(body, String(status)))));
	});
});

const series = (n: number) =>
	Array.from({ length: n }, (_, i) => ({ metric: { __name__: 'm', i: String(i) }, value: [1, String(i)] as [number, string] }));

describe('query answer caps', () => {
	test('under the caps: everything, truncated false', () => {
		const answer = queryAnswer({ resultType: 'vector', result: series(3) });
		expect(answer).toMatchObject({ success: true, seriesCount: 3, returned: 3, truncated: false });
		expect(answer.hint).toBeUndefined();
	});

	test('more series than the cap: cut at the series cap, says so', () => {
		const answer = queryAnswer({ resultType: 'vector', result: series(MONITORING_CAPS.series + 5) });
		expect(answer).toMatchObject({ seriesCount: MONITORING_CAPS.series + 5, returned: MONITORING_CAPS.series, truncated: true });
		expect(answer.hint).toContain(`Showing ${MONITORING_CAPS.series} of ${MONITORING_CAPS.series + 5} series`);
	});

	test('big series: cut at the character cap, whole series only', () => {
		const big = Array.from({ length: 10 }, (_, i) => ({ metric: { l: 'v'.repeat(5000), i: String(i) }, value: [1, '1'] }));
		const answer = queryAnswer({ resultType: 'vector', result: big });
		expect(answer.truncated).toBe(true);
		expect(JSON.stringify(answer.result).length).toBeLessThanOrEqual(MONITORING_CAPS.chars);
		expect(answer.returned).toBe((answer.result as unknown[]).length);
	});

	test('scalar results are returned as one value', () => {
		expect(queryAnswer({ resultType: 'scalar', result: [1, '42'] })).toMatchObject({ result: { timestamp: 1, value: '42' }, truncated: false });
	});
});

describe('alerts answer', () => {
	test('keeps firing alerts only, shaped as name, labels, summary, since', () => {
		const answer = alertsAnswer({
			alerts: [
				{ labels: { alertname: 'A', severity: 'page' }, annotations: { summary: 'a is down' }, state: 'firing', activeAt: 't1' },
				{ labels: { alertname: 'B' }, annotations: {}, state: 'pending', activeAt: 't2' },
				{ labels: { alertname: 'C' }, annotations: { description: 'c desc' }, state: 'firing', activeAt: 't3' },
			],
		});
		expect(answer).toEqual({
			success: true,
			mode: 'alerts',
			count: 2,
			returned: 2,
			truncated: false,
			alerts: [
				{ name: 'A', labels: { severity: 'page' }, summary: 'a is down', since: 't1' },
				{ name: 'C', labels: {}, summary: 'c desc', since: 't3' },
			],
		});
	});
});
