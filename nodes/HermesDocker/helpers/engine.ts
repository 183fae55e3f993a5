import type { RemoteHost, TextOutput } from '../../shared/remoteRunner';
import { settle } from '../../shared/transport/settle';
import { ForwardingRefusedError, type RemoteHttpResult } from '../../shared/transport/types';
import { ENDPOINT_SCRIPT } from '../scripts/compose';
import { READ_SECONDS } from './limits';

/**
 * Reads through the Docker Engine API: the daemon's Unix socket, opened by sshd through a channel
 * of the pooled connection, so a read starts no process on the host (the docker command and its
 * compose plugin are large programs). Where the command talks to its daemon is asked once of the
 * command itself and then believed for a while; a daemon that is not behind a Unix socket, or one
 * sshd cannot or may not open for this login, is left to the command, which says why in its own
 * words.
 */

/** How long what the host said of its daemon's socket is believed before it is asked again. */
export const ENDPOINT_RECHECK_MS = 5 * 60_000;
/** Seconds the daemon has to answer a read: as long as the command has for it. */
export const ENGINE_SECONDS = READ_SECONDS;
/** A container list past this is left to the command, whose compose views are far smaller. */
export const ENGINE_BODY_BYTES = 8 * 1024 * 1024;

/** The socket the docker command uses, from what ENDPOINT_SCRIPT printed; none for tcp://, ssh:// and the rest. */
export function unixSocketOf(printed: string): string | undefined {
	const line = printed.trim();
	if (!line.startsWith('unix:///') || line.includes('\n')) return undefined;
	const path = line.slice('unix://'.length);
	return [...path].some((ch) => ch.charCodeAt(0) < 0x20) ? undefined : path;
}

interface Endpoint {
	socket: string | undefined;
	until: number;
}

const endpoints = new Map<string, Endpoint>();

/** Forgets every host's daemon socket (tests that move a daemon). */
export function forgetEngineEndpoints(): void {
	endpoints.clear();
}

export type RunScript = (script: string, args: string[], readOnly: boolean) => Promise<TextOutput>;

/**
 * A GET on the daemon the docker command uses; undefined where that daemon cannot be asked over
 * the SSH connection (the caller runs the command instead).
 */
export function engineReader(host: RemoteHost, run: RunScript): (docker: string, path: string) => Promise<RemoteHttpResult | undefined> {
	return async (docker, path) => {
		const key = `${await host.identity()} ${docker}`;
		const useCommand = () => {
			endpoints.set(key, { socket: undefined, until: Date.now() + ENDPOINT_RECHECK_MS });
			return undefined;
		};
		let endpoint = endpoints.get(key);
		if (!endpoint || endpoint.until <= Date.now()) {
			const printed = await run(ENDPOINT_SCRIPT, [docker], true);
			endpoint = { socket: printed.exitCode === 0 ? unixSocketOf(printed.stdout) : undefined, until: Date.now() + ENDPOINT_RECHECK_MS };
			endpoints.set(key, endpoint);
		}
		const socketPath = endpoint.socket;
		if (socketPath === undefined) return undefined;
		const sent = await settle(host.http({ url: `http://docker${path}`, socketPath, method: 'GET', timeoutSeconds: ENGINE_SECONDS, maxBodyBytes: ENGINE_BODY_BYTES }));
		if ('error' in sent) {
			if (!(sent.error instanceof ForwardingRefusedError)) throw sent.error;
			return useCommand();
		}
		// sshd says "open failed" alike for a missing socket, one this login may not open, and
		// AllowStreamLocalForwarding no: the command tells them apart, so it answers for a while.
		if (sent.value.kind === 'connect-failed') return useCommand();
		if (sent.value.kind === 'response' && sent.value.truncated) return undefined;
		return sent.value;
	};
}
