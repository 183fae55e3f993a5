/** Runs one command line on an open connection as one channel, with the client-side timer. */
import type { Client, ClientChannel } from 'ssh2';

import { TransportError, type RemoteResult } from './types';

/**
 * Most stdout one command may send back. Every gateway bounds its own output on the host far
 * below this (Prometheus answers at 8 MiB); a host that sends more is broken or hostile, and
 * holding its output would grow n8n's memory without limit.
 */
export const MAX_STDOUT_BYTES = 16 * 1024 * 1024;
/** stderr only feeds messages, whose telling part (the error) comes last: its newest bytes are kept. */
export const MAX_STDERR_BYTES = 64 * 1024;

/** The server refused a new session channel (e.g. its MaxSessions is lower than ours). */
export class ChannelRefusedError extends Error {}

export interface ExecRequest {
	line: string;
	stdin?: string | Buffer;
	/** The command's own limit, for messages. */
	timeoutSeconds: number;
	/** Client timer: destroys the channel and rejects with 'timeout'. */
	clientTimeoutMs: number;
}

/** One channel the pool runs: its outcome, and what the pool needs to manage it. */
export interface ChannelHandle<T> {
	result: Promise<T>;
	/** Fails the channel at once (the connection was lost). */
	abort(error: TransportError): void;
	/** Whether the server answered the channel open (with a channel or a refusal). */
	channelAnswered(): boolean;
}

function timeoutError(seconds: number, how: string): TransportError {
	return new TransportError('timeout', `The remote command did not finish within its ${seconds} s limit (${how})`, false);
}

export function execOnClient(client: Client, request: ExecRequest): ChannelHandle<RemoteResult> {
	let abort: (error: TransportError) => void = () => undefined;
	let answered = false;
	const result = new Promise<RemoteResult>((resolve, reject) => {
		let settled = false;
		let channel: ClientChannel | undefined;
		const finish = (error: Error | undefined, value?: RemoteResult) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			if (error) {
				channel?.destroy();
				reject(error);
			} else resolve(value!);
		};
		abort = (error) => finish(error);
		const timer = setTimeout(
			() => finish(timeoutError(request.timeoutSeconds, `no answer ${request.clientTimeoutMs / 1000} s after it started`)),
			request.clientTimeoutMs,
		);

		const onChannel = (error: Error | undefined, stream: ClientChannel) => {
			answered = true;
			if (error) {
				const message = error.message || String(error);
				finish(
					/open failed|administratively prohibited|resource shortage/i.test(message)
						? new ChannelRefusedError(message)
						: new TransportError('dropped', `Could not start the remote command: ${message}`, true),
				);
				return;
			}
			channel = stream;
			if (settled) {
				stream.destroy();
				return;
			}
			const stdout: Buffer[] = [];
			const stderr: Buffer[] = [];
			let stdoutBytes = 0;
			let stderrBytes = 0;
			let exitCode: number | null | undefined;
			let signal: string | undefined;
			stream.on('data', (chunk: Buffer) => {
				if (settled) return;
				stdoutBytes += chunk.length;
				// Closing the channel also stops the remote writer (SIGPIPE) before its own timeout.
				if (stdoutBytes > MAX_STDOUT_BYTES) {
					finish(new TransportError('dropped', `The host sent more than ${MAX_STDOUT_BYTES} bytes of output; the command was stopped`, false));
					return;
				}
				stdout.push(chunk);
			});
			stream.stderr.on('data', (chunk: Buffer) => {
				stderr.push(chunk);
				stderrBytes += chunk.length;
				while (stderr.length > 1 && stderrBytes - stderr[0].length >= MAX_STDERR_BYTES) stderrBytes -= stderr.shift()!.length;
			});
			stream.on('exit', (code: number | null, signalName?: string) => {
				exitCode = code ?? null;
				signal = signalName ?? undefined;
			});
			stream.on('error', (streamError: Error) =>
				finish(new TransportError('dropped', `The remote command's channel failed: ${streamError.message}`, true)),
			);
			stream.on('close', () => {
				if (exitCode === undefined) {
					finish(new TransportError('dropped', 'The connection closed before the remote command finished', true));
				} else if (exitCode === 124 || exitCode === 137) {
					finish(timeoutError(request.timeoutSeconds, `remote timeout, exit ${exitCode}`));
				} else {
					finish(undefined, { stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).subarray(-MAX_STDERR_BYTES).toString('utf8'), exitCode, signal });
				}
			});
			stream.end(request.stdin ?? undefined);
		};
		try {
			client.exec(request.line, onChannel);
		} catch (error) {
			// ssh2 throws "Not connected" when the socket died before its close event reached us.
			finish(new TransportError('dropped', `Could not start the remote command: ${(error as Error).message}`, true));
		}
	});
	return { result, abort: (error) => abort(error), channelAnswered: () => answered };
}
