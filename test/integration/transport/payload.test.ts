/** Real OpenSSH sshd (test/harness/sshd.ts): stdin payloads, exit codes, pooling. */
import { createHash, randomBytes } from 'node:crypto';

import { startSshd, type SshdHandle } from '../../harness/sshd';
import { closeAllConnections, pooledConnectionCount, runRemote } from '../../../nodes/shared/transport';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// Generous: under a loaded CI machine, starting sshd and handshakes can take seconds.
jest.setTimeout(30_000);

let sshd: SshdHandle;
beforeAll(async () => {
	sshd = await startSshd();
});
afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
});
afterEach(async () => {
	await closeAllConnections();
});

describe('runRemote against a real sshd', () => {
	test('a 1 MiB random stdin payload round-trips byte-exact', async () => {
		const payload = randomBytes(1024 * 1024);
		const result = await runRemote(sshd.connection, { script: 'cat', stdin: payload, timeoutSeconds: 30, readOnly: true });
		expect(result.exitCode).toBe(0);
		expect(result.stdout.length).toBe(payload.length);
		expect(sha256(result.stdout)).toBe(sha256(payload));
	});

	test('the remote side receives the 1 MiB payload intact (digest computed remotely)', async () => {
		const payload = randomBytes(1024 * 1024);
		const result = await runRemote(sshd.connection, { script: 'sha256sum | cut -d" " -f1', stdin: payload, timeoutSeconds: 30, readOnly: true });
		expect(result.stdout.toString().trim()).toBe(sha256(payload));
	});

	test('a non-zero exit is returned with stderr, not thrown', async () => {
		const result = await runRemote(sshd.connection, {
			script: 'echo "__NOT_FOUND__ x"; echo oops >&2; exit 3',
			timeoutSeconds: 5,
			readOnly: false,
		});
		expect(result.exitCode).toBe(3);
		expect(result.stdout.toString()).toBe('__NOT_FOUND__ x\n');
		expect(result.stderr).toBe('oops\n');
	});

	test('sessions run with HOME set to the harness home', async () => {
		const result = await runRemote(sshd.connection, { script: 'printf %s ~', timeoutSeconds: 5, readOnly: true });
		expect(result.stdout.toString()).toBe(sshd.homeDir);
	});

	test('warm calls reuse one pooled connection', async () => {
		for (let i = 0; i < 5; i++) {
			const result = await runRemote(sshd.connection, { script: 'printf %s "$1"', args: [String(i)], timeoutSeconds: 5, readOnly: true });
			expect(result.stdout.toString()).toBe(String(i));
		}
		expect(pooledConnectionCount()).toBe(1);
	});

	test('25 concurrent commands (more than sshd MaxSessions 10) all succeed on a few connections', async () => {
		const results = await Promise.all(
			Array.from({ length: 25 }, (_, i) =>
				runRemote(sshd.connection, { script: 'sleep 0.3; printf %s "$1"', args: [`n${i}`], timeoutSeconds: 10, readOnly: true }),
			),
		);
		expect(results.map((r) => r.stdout.toString())).toEqual(Array.from({ length: 25 }, (_, i) => `n${i}`));
		expect(pooledConnectionCount()).toBeGreaterThanOrEqual(1);
		expect(pooledConnectionCount()).toBeLessThanOrEqual(4);
	});

	test('a leading "-" argument is refused before anything is sent', async () => {
		await expect(
			runRemote(sshd.connection, { script: 'touch "$HOME/ran"', args: ['-rf'], timeoutSeconds: 5, readOnly: false }),
		).rejects.toThrow(/starts with "-"/);
		const check = await runRemote(sshd.connection, { script: 'test -e "$HOME/ran" && echo yes || echo no', timeoutSeconds: 5, readOnly: true });
		expect(check.stdout.toString()).toBe('no\n');
	});
});

describe('a server that allows fewer sessions than the pool assumes', () => {
	let small: SshdHandle;
	beforeAll(async () => {
		small = await startSshd({ extraConfig: ['MaxSessions 2'] });
	});
	afterAll(async () => {
		await closeAllConnections();
		await small?.stop();
	});

	test('20 concurrent commands still all succeed (refused channels move on)', async () => {
		const results = await Promise.all(
			Array.from({ length: 20 }, (_, i) =>
				runRemote(small.connection, { script: 'sleep 0.2; printf %s "$1"', args: [`m${i}`], timeoutSeconds: 10, readOnly: false }),
			),
		);
		expect(results.map((r) => r.stdout.toString())).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
	});
});
