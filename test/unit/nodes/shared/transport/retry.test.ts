import { withRetry } from '../../../../../nodes/shared/transport/retry';
import { TransportError, type TransportFaultKind } from '../../../../../nodes/shared/transport/types';

function failing(kinds: Array<[TransportFaultKind, boolean]>, value = 'ok') {
	let calls = 0;
	const attempt = async () => {
		const next = kinds[calls++];
		if (next) throw new TransportError(next[0], `${next[0]} #${calls}`, next[1]);
		return value;
	};
	return { attempt, calls: () => calls };
}

const fast = { delayMs: 1 };

describe('withRetry', () => {
	test('read-only: transient faults are retried until success', async () => {
		const f = failing([
			['connect', true],
			['handshake-timeout', true],
			['dropped', true],
		]);
		await expect(withRetry({ readOnly: true, ...fast }, f.attempt)).resolves.toBe('ok');
		expect(f.calls()).toBe(4);
	});

	test('read-only: gives up after 3 retries with the last fault', async () => {
		const f = failing(Array.from({ length: 10 }, () => ['connect', true] as [TransportFaultKind, boolean]));
		await expect(withRetry({ readOnly: true, ...fast }, f.attempt)).rejects.toThrow('connect #4');
		expect(f.calls()).toBe(4);
	});

	test.each<[TransportFaultKind]>([['host-key'], ['auth'], ['timeout'], ['config']])(
		'read-only: a non-transient %s fault is not retried',
		async (kind) => {
			const f = failing([[kind, false]]);
			await expect(withRetry({ readOnly: true, ...fast }, f.attempt)).rejects.toThrow(`${kind} #1`);
			expect(f.calls()).toBe(1);
		},
	);

	test('read-only: an error that is not a TransportError is not retried', async () => {
		let calls = 0;
		const attempt = async () => {
			calls++;
			throw new RangeError('bad timeout');
		};
		await expect(withRetry({ readOnly: true, ...fast }, attempt)).rejects.toThrow(RangeError);
		expect(calls).toBe(1);
	});

	test('not read-only: even a transient fault is not retried', async () => {
		const f = failing([['connect', true]]);
		await expect(withRetry({ readOnly: false, ...fast }, f.attempt)).rejects.toThrow('connect #1');
		expect(f.calls()).toBe(1);
	});

	test('waits the delay between attempts', async () => {
		const f = failing([['connect', true]]);
		const started = Date.now();
		await withRetry({ readOnly: true, delayMs: 200 }, f.attempt);
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
	});
});
