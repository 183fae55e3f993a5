import { DOCKER_LOG_CAPS } from '../../../../core/docker/contract';
import { logsAnswer } from '../../../../nodes/HermesDocker/helpers/answers';

const ok = (stdout: string) => ({ stdout, stderr: '', exitCode: 0 });

/** The host sends the newest cap+1 bytes; a newest line longer than the cap must not empty the answer. */
describe('logs whose newest line alone is over the cap', () => {
	test.each([
		['one long line', 'y'.repeat(DOCKER_LOG_CAPS.chars + 1)],
		['a short line, then one long line', `short\n${'z'.repeat(DOCKER_LOG_CAPS.chars - 2)}`],
		['multi-byte characters', `é${'€'.repeat(Math.ceil(DOCKER_LOG_CAPS.chars / 3))}`],
	])('%s: the newest bytes are kept, truncated', (_name, stdout) => {
		const answer = logsAnswer('web', ok(stdout));
		const logs = answer.logs as string;
		expect(answer.truncated).toBe(true);
		expect(logs.length).toBeGreaterThan(0);
		expect(Buffer.byteLength(logs)).toBeLessThanOrEqual(DOCKER_LOG_CAPS.chars);
		expect(stdout.endsWith(logs)).toBe(true);
		expect(logs).not.toContain('\ufffd');
	});
});
