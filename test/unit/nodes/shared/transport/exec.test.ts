/**
 * Error mapping of execOnClient with a scripted stand-in for ssh2's Client (only the failure
 * paths that a real sshd cannot be made to produce on demand; the rest is tested against sshd).
 */
import type { Client } from 'ssh2';

import { ChannelRefusedError, execOnClient } from '../../../../../nodes/shared/transport/exec';
import { TransportError } from '../../../../../nodes/shared/transport/types';

const request = { line: 'true', timeoutSeconds: 1, clientTimeoutMs: 60_000 };
const clientWith = (exec: (line: string, cb: (error?: Error) => void) => void) => ({ exec }) as unknown as Client;

describe('execOnClient failure mapping', () => {
	test('a socket that died before its close event ("Not connected") is a transient dropped fault', async () => {
		const handle = execOnClient(
			clientWith(() => {
				throw new Error('Not connected');
			}),
			request,
		);
		await expect(handle.result).rejects.toMatchObject({ kind: 'dropped', transient: true, message: expect.stringMatching(/Not connected/) });
	});

	test.each([['(SSH) Channel open failure: open failed'], ['(SSH) Channel open failure: administratively prohibited']])(
		'%s is a refused channel (the pool moves on)',
		async (message) => {
			const handle = execOnClient(clientWith((_line, cb) => cb(new Error(message))), request);
			await expect(handle.result).rejects.toBeInstanceOf(ChannelRefusedError);
		},
	);

	test('"No response from server" while opening is a transient dropped fault', async () => {
		const handle = execOnClient(clientWith((_line, cb) => cb(new Error('No response from server'))), request);
		const error = await handle.result.catch((e: unknown) => e);
		expect(error).toBeInstanceOf(TransportError);
		expect(error).toMatchObject({ kind: 'dropped', transient: true });
	});

	test('abort() fails a command that is still opening', async () => {
		const handle = execOnClient(clientWith(() => undefined), request);
		handle.abort(new TransportError('dropped', 'The SSH connection was closed', true));
		await expect(handle.result).rejects.toThrow('The SSH connection was closed');
	});
});
