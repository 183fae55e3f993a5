import { answerFor, parseCurlOutput } from '../../../../nodes/HermesMonitoring/helpers/answers';
import { HTTP_TRAILER } from '../../../../nodes/HermesMonitoring/scripts/curl';

/** JSON a service other than Prometheus may answer with HTTP 200: answered, never thrown. */
describe('JSON that is not a Prometheus answer', () => {
	test.each([['null'], ['"text"'], ['42'], ['true']])('envelope %s -> __UNAVAILABLE__', (body) => {
		const parsed = parseCurlOutput({ stdout: `${body}\n${HTTP_TRAILER}200`, stderr: '', exitCode: 0 });
		expect(parsed).toMatchObject({
			ok: false,
			answer: { success: false, error: '__UNAVAILABLE__', hint: expect.stringContaining('not Prometheus JSON'), retry: 'never_here', state: 'misconfigured' },
		});
	});

	test.each<[string, 'alerts' | 'query', unknown, unknown]>([
		['scalar without its pair', 'query', { resultType: 'scalar', result: null }, undefined],
		['string result not a pair', 'query', { resultType: 'string', result: 7 }, undefined],
		['warnings not a list', 'query', { resultType: 'vector', result: [] }, 'w'],
		['alerts not a list', 'alerts', { alerts: { firing: 1 } }, undefined],
		['an alert that is null', 'alerts', { alerts: [null] }, undefined],
	])('%s -> __UNAVAILABLE__ naming the setting', (_name, mode, data, warnings) => {
		expect(answerFor(mode, data, warnings)).toEqual({
			success: false,
			error: '__UNAVAILABLE__',
			hint: expect.stringContaining('Check the Prometheus URL setting'),
			retry: 'never_here',
			state: 'misconfigured',
		});
	});

	test('a real answer still goes through', () => {
		expect(answerFor('query', { resultType: 'vector', result: [] }, ['w'])).toMatchObject({ success: true, mode: 'query', warnings: ['w'] });
		expect(answerFor('alerts', { alerts: [] })).toMatchObject({ success: true, mode: 'alerts', count: 0 });
	});
});
