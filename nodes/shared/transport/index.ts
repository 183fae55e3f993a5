/**
 * The SSH transport gateways use (its contract is types.ts): pooled connections per credential,
 * a constant script under `timeout -k 5 N`, data as stdin or single-quoted arguments, host key
 * pinning, retry of transient faults for read-only commands only; and HTTP to a service the host
 * reaches, through a TCP or Unix socket channel of the same connections.
 */
import { settle } from './settle';
import { buildCommandLine, clientTimeoutMs } from './command';
import { unlessHostSetupFault } from './hostTools';
import { channelKind, httpOnClient } from './http';
import { ConnectionPool, poolKey } from './pool';
import { withRetry } from './retry';
import { ForwardingRefusedError, type RemoteCommand, type RemoteHttpRequest, type RemoteHttpResult, type RemoteResult, type SshConnectionOptions } from './types';

export { connectionOptionsFromCredentials } from './credentials';
/** Which login a connection is: the same for the same credential, whichever node asks (memos per host). */
export { poolKey as connectionIdentity } from './pool';
export { ForwardingRefusedError, TransportError } from './types';
export type { RemoteCommand, RemoteHttpRequest, RemoteHttpResult, RemoteResult, SshConnectionOptions, TransportFaultKind } from './types';

const pool = new ConnectionPool();

/** How long a server's refusal of a kind of channel is believed before it is asked again. */
const FORWARDING_RECHECK_MS = 5 * 60_000;
const forwardingRefusedUntil = new Map<string, number>();

/**
 * Runs `cmd` on the host. A non-zero exit is returned, not thrown (scripts print markers);
 * transport faults, and a host that cannot start the command at all (no timeout, no bash), throw
 * TransportError. Argument errors (leading '-', bad timeout) throw
 * before anything is sent.
 */
export async function runRemote(conn: SshConnectionOptions, cmd: RemoteCommand): Promise<RemoteResult> {
	const line = buildCommandLine(cmd);
	const request = { line, stdin: cmd.stdin, timeoutSeconds: cmd.timeoutSeconds, clientTimeoutMs: clientTimeoutMs(cmd) };
	return unlessHostSetupFault(await withRetry({ readOnly: cmd.readOnly }, async () => await pool.run(conn, request)));
}

/**
 * Sends one read-only HTTP request through a TCP or Unix socket channel of the pooled connection
 * (transient faults retried as for read-only commands). Throws ForwardingRefusedError when the
 * server does not carry that kind of channel for this login, and then again without asking for a
 * while.
 */
export async function requestOverSsh(conn: SshConnectionOptions, request: RemoteHttpRequest): Promise<RemoteHttpResult> {
	const kind = channelKind(request);
	const key = `${poolKey(conn)} ${kind}`;
	if ((forwardingRefusedUntil.get(key) ?? 0) > Date.now()) {
		throw new ForwardingRefusedError(`The SSH server refused ${kind} channels for ${conn.username}@${conn.host} less than ${FORWARDING_RECHECK_MS / 60_000} minutes ago`);
	}
	const outcome = await settle(withRetry({ readOnly: true }, async () => await pool.use(conn, (client) => httpOnClient(client, request))));
	if ('value' in outcome) return outcome.value;
	if (outcome.error instanceof ForwardingRefusedError) forwardingRefusedUntil.set(key, Date.now() + FORWARDING_RECHECK_MS);
	throw outcome.error;
}

/** Ends every pooled connection (tests' afterAll, shutdown). */
export async function closeAllConnections(): Promise<void> {
	forwardingRefusedUntil.clear();
	await pool.closeAll();
}

/** Live pooled connections (tests and the benchmark check reuse with it). */
export function pooledConnectionCount(): number {
	return pool.size();
}
