/**
 * One HTTP request to a service the SSH host reaches (e.g. Prometheus on its loopback, or the
 * Docker daemon's Unix socket), sent through a channel of the pooled connection: `direct-tcpip`,
 * what `ssh -L` uses, or OpenSSH's `direct-streamlocal` for a socket. sshd connects to the service
 * itself, so no process starts on the host; Node's HTTP client speaks HTTP over the channel.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Client, ClientChannel } from 'ssh2';

import type { ChannelHandle } from './exec';
import { ChannelRefusedError } from './exec';
import { ForwardingRefusedError, TransportError, type RemoteHttpRequest, type RemoteHttpResult } from './types';

/** SSH channel-open failure reasons (RFC 4254, 5.1). */
const OPEN_ADMINISTRATIVELY_PROHIBITED = 1;
const OPEN_CONNECT_FAILED = 2;
const OPEN_UNKNOWN_CHANNEL_TYPE = 3;
const OPEN_RESOURCE_SHORTAGE = 4;
/** ssh2 opens OpenSSH's channel kinds only to servers whose version says OpenSSH (or a number). */
const NOT_OPENSSH = /strictVendor enabled and server is not OpenSSH/;

/** The kind of channel a request needs; sshd allows each by its own setting. */
type ChannelKind = 'TCP' | 'Unix socket';

/** The channel kind a request travels on. */
export const channelKind = (request: RemoteHttpRequest): ChannelKind => (request.socketPath === undefined ? 'TCP' : 'Unix socket');

type OpenCallback = (error: (Error & { reason?: number | string }) | undefined, stream: ClientChannel) => void;

interface HttpTarget {
	/** How the target is named in answers: host:port, or the socket's path. */
	where: string;
	channel: ChannelKind;
	path: string;
	hostHeader: string;
	open(client: Client, callback: OpenCallback): void;
}

/** Where the request goes, as the host resolves it; only plain http travels this way. */
function httpTarget(request: RemoteHttpRequest): HttpTarget {
	const parsed = new URL(request.url);
	if (parsed.protocol !== 'http:') throw new TypeError(`Only http URLs go through an SSH channel, got ${parsed.protocol}`);
	const path = `${parsed.pathname}${parsed.search}`;
	const socketPath = request.socketPath;
	if (socketPath !== undefined) {
		return { where: socketPath, channel: 'Unix socket', path, hostHeader: parsed.host, open: (client, callback) => client.openssh_forwardOutStreamLocal(socketPath, callback) };
	}
	const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
	const port = parsed.port ? Number(parsed.port) : 80;
	return { where: `${host}:${port}`, channel: 'TCP', path, hostHeader: parsed.host, open: (client, callback) => client.forwardOut('127.0.0.1', 0, host, port, callback) };
}

/** Node's HTTP client asks its socket for these; a channel has no TCP options of its own. */
function asSocket(channel: ClientChannel): Socket {
	const noop = () => undefined;
	return Object.assign(channel, { setKeepAlive: noop, setNoDelay: noop, setTimeout: noop, ref: noop, unref: noop }) as unknown as Socket;
}

/** The server's own words for a refused channel, without ssh2's prefix. */
const openFailureText = (error: Error) => error.message.replace(/^\(SSH\) Channel open failure: /, '');

/** Why a channel could not be opened, as the caller acts on it: a refusal, a busy connection, or a lost one. */
export function openFailure(error: Error & { reason?: number | string }, target: Pick<HttpTarget, 'channel' | 'where'>): Error {
	const why = openFailureText(error);
	if (error.reason === OPEN_ADMINISTRATIVELY_PROHIBITED) {
		const options = target.channel === 'TCP' ? 'its AllowTcpForwarding, PermitOpen' : 'its AllowStreamLocalForwarding';
		return new ForwardingRefusedError(`The SSH server refused a ${target.channel} channel to ${target.where} (${why}): ${options} or the key's options forbid it`);
	}
	// A server without this kind of channel (Dropbear has no Unix socket channels) refuses it for good.
	if (error.reason === OPEN_UNKNOWN_CHANNEL_TYPE || (error.reason === undefined && NOT_OPENSSH.test(error.message))) {
		return new ForwardingRefusedError(`The SSH server has no ${target.channel} channels (${why})`);
	}
	if (error.reason === OPEN_RESOURCE_SHORTAGE) return new ChannelRefusedError(why);
	return new TransportError('dropped', `Could not open a channel to ${target.where}: ${why}`, true);
}

export function httpOnClient(client: Client, request: RemoteHttpRequest): ChannelHandle<RemoteHttpResult> {
	const target = httpTarget(request);
	const where = target.where;
	let abort: (error: TransportError) => void = () => undefined;
	let answered = false;
	const result = new Promise<RemoteHttpResult>((resolve, reject) => {
		let settled = false;
		let channel: ClientChannel | undefined;
		const finish = (error: Error | undefined, value?: RemoteHttpResult) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			channel?.destroy();
			if (error) reject(error);
			else resolve(value!);
		};
		abort = (error) => finish(error);
		// sshd answers the channel open only once its TCP connect to the service is done, so an
		// unanswered open is a service that cannot be reached (a dropped SYN), not a dead SSH peer:
		// it must not cost the connection that other commands share. A late channel is closed.
		const timer = setTimeout(() => {
			const message = answered ? `${where} did not answer within ${request.timeoutSeconds} s` : `sshd could not connect to ${where} within ${request.timeoutSeconds} s`;
			finish(undefined, { kind: 'timeout', message });
		}, request.timeoutSeconds * 1000);

		const onResponse = (response: IncomingMessage) => {
			const chunks: Buffer[] = [];
			let bytes = 0;
			response.on('data', (chunk: Buffer) => {
				if (settled) return;
				bytes += chunk.length;
				if (bytes > request.maxBodyBytes) {
					chunks.push(chunk.subarray(0, chunk.length - (bytes - request.maxBodyBytes)));
					finish(undefined, { kind: 'response', status: response.statusCode ?? 0, body: Buffer.concat(chunks), truncated: true });
					return;
				}
				chunks.push(chunk);
			});
			response.on('end', () => finish(undefined, { kind: 'response', status: response.statusCode ?? 0, body: Buffer.concat(chunks), truncated: false }));
			response.on('aborted', () => finish(undefined, { kind: 'bad-response', message: `${where} closed the connection in the middle of its answer` }));
			response.on('error', (error: Error) => finish(undefined, { kind: 'bad-response', message: `${where} broke off its answer: ${error.message}` }));
		};

		const onChannel = (error: (Error & { reason?: number | string }) | undefined, stream: ClientChannel) => {
			answered = true;
			if (error) {
				// sshd opened no connection to the service (nothing listens, no route, unknown name).
				if (error.reason === OPEN_CONNECT_FAILED) {
					finish(undefined, { kind: 'connect-failed', message: `sshd could not connect to ${where} (${openFailureText(error)})` });
				} else finish(openFailure(error, target));
				return;
			}
			channel = stream;
			if (settled) {
				stream.destroy();
				return;
			}
			const body = request.form ? new URLSearchParams(request.form).toString() : undefined;
			const headers: Record<string, string | number> = { host: target.hostHeader, accept: 'application/json', connection: 'close' };
			if (body !== undefined) Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) });
			const outgoing = httpRequest({ method: request.method, path: target.path, headers, createConnection: () => asSocket(stream) }, onResponse);
			outgoing.on('error', (requestError: Error) =>
				finish(undefined, { kind: 'bad-response', message: `${where} gave no HTTP answer: ${requestError.message}` }),
			);
			outgoing.end(body);
		};
		try {
			target.open(client, onChannel);
		} catch (error) {
			finish(new TransportError('dropped', `Could not open a channel to ${where}: ${(error as Error).message}`, true));
		}
	});
	return { result, abort: (error) => abort(error), channelAnswered: () => answered };
}
