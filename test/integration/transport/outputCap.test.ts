/**
 * A hostile or broken host must not be able to exhaust n8n's memory: real OpenSSH sshd
 * (test/harness/sshd.ts) running commands that print far more than any gateway needs.
 */
import { randomBytes } from 'node:crypto';

import { startSshd, type SshdHandle } from '../../harness/sshd';
import { closeAllConnections, runRemote, TransportError } from '../../../nodes/shared/transport';
import { MAX_STDERR_BYTES, MAX_STDOUT_BYTES } from '../../../nodes/shared/transport/exec';

jest.setTimeout(60_000);

let sshd: SshdHandle;
beforeAll(async () => {
	sshd = await startSshd();
});
afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
});

const pause = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process whose command line holds `tag` is still running on the host (the same machine here). */
async function running(tag: string): Promise<boolean> {
	const result = await runRemote(sshd.connection, {
		script: 'pgrep -f -- "$1" >/dev/null && echo yes || echo no',
		args: [`[${tag[0]}]${tag.slice(1)}`],
		timeoutSeconds: 5,
		readOnly: true,
	});
	return result.stdout.toString().trim() === 'yes';
}

describe('output caps', () => {
	test('stdout beyond the cap fails the command (no retry) and stops the remote writer', async () => {
		const tag = `hermes-flood-${randomBytes(4).toString('hex')}`;
		const started = Date.now();
		const error = await runRemote(sshd.connection, {
			// An endless writer that would otherwise run for its whole 120 s limit.
			script: 'exec -a "$1" yes xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
			args: [tag],
			timeoutSeconds: 120,
			readOnly: true,
		}).then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(TransportError);
		expect((error as TransportError).transient).toBe(false);
		expect((error as TransportError).message).toMatch(new RegExp(`more than ${MAX_STDOUT_BYTES} bytes`));
		expect(Date.now() - started).toBeLessThan(60_000);
		// The channel is closed: the writer gets SIGPIPE instead of running until its timeout.
		let alive = true;
		for (let i = 0; i < 50 && alive; i++) {
			alive = await running(tag);
			if (alive) await pause(100);
		}
		expect(alive).toBe(false);
	});

	test('stdout just under the cap is returned whole', async () => {
		const size = MAX_STDOUT_BYTES - 1024;
		const result = await runRemote(sshd.connection, { script: 'head -c "$1" /dev/zero', args: [String(size)], timeoutSeconds: 30, readOnly: true });
		expect(result.exitCode).toBe(0);
		expect(result.stdout.length).toBe(size);
	});

	test('a stderr flood is cut to its cap, keeping the newest bytes (where the error is), and the command still answers', async () => {
		const result = await runRemote(sshd.connection, {
			script: 'head -c 40000000 /dev/zero | tr "\\0" e >&2; echo "the actual error" >&2; printf done',
			timeoutSeconds: 30,
			readOnly: true,
		});
		expect(result.exitCode).toBe(0);
		expect(result.stdout.toString()).toBe('done');
		expect(result.stderr.length).toBe(MAX_STDERR_BYTES);
		expect(result.stderr.endsWith('eeethe actual error\n')).toBe(true);
	});

	test('a short stderr is returned whole', async () => {
		const result = await runRemote(sshd.connection, { script: 'echo one >&2; echo two >&2', timeoutSeconds: 5, readOnly: true });
		expect(result.stderr).toBe('one\ntwo\n');
	});

	test('the pooled connection still works after a capped command', async () => {
		const result = await runRemote(sshd.connection, { script: 'printf ok', timeoutSeconds: 5, readOnly: true });
		expect(result.stdout.toString()).toBe('ok');
	});
});
