/**
 * Transport faults against a real OpenSSH sshd: a hanging command, a killed sshd mid-command,
 * refused connections with late start (retry for read-only calls only). Through a node
 * (runPerItem) every fault is an `__UNAVAILABLE__` item, never a throw.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

import { executeNode } from '../../harness/executeNode';
import { startSshd, type SshdHandle } from '../../harness/sshd';
import { closeAllConnections, pooledConnectionCount, runRemote, TransportError } from '../../../nodes/shared/transport';
import { isAlive, pause, TransportProbe } from './probeNode';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

// Generous: under a loaded CI machine, starting sshd and handshakes can take seconds.
jest.setTimeout(30_000);

let sshd: SshdHandle;
beforeAll(async () => {
	process.on('unhandledRejection', onUnhandled);
	sshd = await startSshd();
});
afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
	process.off('unhandledRejection', onUnhandled);
});
afterEach(() => {
	expect(unhandled).toEqual([]);
});

/** A TCP server that hangs up on every connection and counts them (an unreachable SSH service). */
async function countingServer(): Promise<{ port: number; attempts(): number; close(): Promise<void> }> {
	let count = 0;
	const server = createServer((socket) => {
		count++;
		socket.destroy();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	return {
		port: typeof address === 'object' && address ? address.port : 0,
		attempts: () => count,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

async function rejection(promise: Promise<unknown>): Promise<TransportError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(TransportError);
	return error as TransportError;
}

describe('a command that hangs', () => {
	test('is killed at its remote timeout and reported as a timeout', async () => {
		const pidFile = join(sshd.homeDir, 'hang.pid');
		const error = await rejection(
			runRemote(sshd.connection, { script: 'echo $$ > "$HOME/hang.pid"; sleep 60', timeoutSeconds: 2, readOnly: true }),
		);
		expect(error.kind).toBe('timeout');
		expect(error.message).toMatch(/within its 2 s limit \(remote timeout, exit 124\)/);
		const pid = Number(readFileSync(pidFile, 'utf8'));
		expect(isAlive(pid)).toBe(false);
	});

	test('that keeps the channel open past the remote timeout is cut by the client timer', async () => {
		// The script exits at once, but a detached child holds stdout open, so the channel
		// never closes; only the client timer (timeout + 7 s) can end the call.
		const started = Date.now();
		const error = await rejection(
			runRemote(sshd.connection, { script: 'setsid sleep 15 & exit 0', timeoutSeconds: 1, readOnly: true }),
		);
		expect(error.kind).toBe('timeout');
		expect(error.message).toMatch(/no answer 8 s after it started/);
		expect(Date.now() - started).toBeGreaterThanOrEqual(7900);
	}, 20_000);

	test('becomes an __UNAVAILABLE__ item through a node', async () => {
		const [items] = await executeNode(new TransportProbe(), {
			parameters: { script: 'sleep 60', timeoutSeconds: 1, readOnly: true },
			credentials: { hermesSshApi: sshd.credentials },
		});
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({ success: false, error: '__UNAVAILABLE__', retry: 'later', state: 'timeout' });
		expect(String(items[0].json.hint)).toMatch(/1 s limit/);
	});
});

describe('sshd killed mid-command', () => {
	afterEach(async () => {
		await sshd.start();
	});

	test('gives __UNAVAILABLE__ items, not a crash, and the pool recovers after sshd is back', async () => {
		const running = executeNode(new TransportProbe(), {
			parameters: { script: 'printf started; sleep 30', timeoutSeconds: 60, readOnly: false },
			items: [{}, {}],
			credentials: { hermesSshApi: sshd.credentials },
		});
		await pause(1000);
		await sshd.kill();
		const [items] = await running;
		expect(items).toHaveLength(2);
		for (const [index, item] of items.entries()) {
			expect(item.json).toMatchObject({ success: false, error: '__UNAVAILABLE__', retry: 'later', state: 'unreachable' });
			expect(item.pairedItem).toEqual({ item: index });
		}
		// Item 0 lost its running command; item 1 found the host gone.
		expect(String(items[0].json.hint)).toMatch(/closed|failed|lost|before the remote command finished/);
		expect(String(items[1].json.hint)).toMatch(/Could not reach 127\.0\.0\.1:\d+: ECONNREFUSED|failed during the SSH handshake/);
		expect(pooledConnectionCount()).toBe(0);

		await sshd.start();
		const result = await runRemote(sshd.connection, { script: 'printf back', timeoutSeconds: 5, readOnly: true });
		expect(result.stdout.toString()).toBe('back');
	}, 30_000);

	test('a read-only command on a killed sshd fails as a transport fault after its retries', async () => {
		const running = runRemote(sshd.connection, { script: 'sleep 30', timeoutSeconds: 60, readOnly: true });
		await pause(800);
		await sshd.kill();
		const error = await rejection(running);
		expect(['dropped', 'connect']).toContain(error.kind);
	}, 30_000);
});

describe('retry of refused connections', () => {
	test('a read-only call retries while sshd is down and succeeds once it starts', async () => {
		await sshd.kill();
		const late = pause(3000).then(async () => await sshd.start());
		// Attempts at ~0 s and ~2 s are refused; the one at ~4 s finds sshd up.
		const result = await runRemote(sshd.connection, { script: 'printf late', timeoutSeconds: 5, readOnly: true });
		await late;
		expect(result.stdout.toString()).toBe('late');
	}, 20_000);

	test('a write (not read-only) is not retried: one attempt, then the fault', async () => {
		const server = await countingServer();
		try {
			const conn = { ...sshd.connection, port: server.port };
			const error = await rejection(runRemote(conn, { script: 'true', timeoutSeconds: 5, readOnly: false }));
			expect(error.kind).toBe('connect');
			expect(error.transient).toBe(true);
			expect(server.attempts()).toBe(1);
		} finally {
			await server.close();
		}
	});

	test('a read-only call gives up after 3 retries (4 attempts in all)', async () => {
		const server = await countingServer();
		try {
			const conn = { ...sshd.connection, port: server.port };
			const error = await rejection(runRemote(conn, { script: 'true', timeoutSeconds: 5, readOnly: true }));
			expect(error.kind).toBe('connect');
			expect(server.attempts()).toBe(4);
		} finally {
			await server.close();
		}
	}, 20_000);

	test('a host key mismatch is never retried, even read-only', async () => {
		const error = await rejection(
			runRemote(
				{ ...sshd.connection, hostKeyFingerprint: 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s' },
				{ script: 'true', timeoutSeconds: 5, readOnly: true },
			),
		);
		expect(error.kind).toBe('host-key');
		expect(error.transient).toBe(false);
	});
});
