/**
 * The SSH transport gateways use (its contract is types.ts): pooled connections per credential,
 * a constant script under `timeout -k 5 N`, data as stdin or single-quoted arguments, host key
 * pinning, retry of transient faults for read-only commands only.
 */
import { buildCommandLine, clientTimeoutMs } from './command';
import { unlessHostSetupFault } from './hostTools';
import { ConnectionPool } from './pool';
import { withRetry } from './retry';
import type { RemoteCommand, RemoteResult, SshConnectionOptions } from './types';

export { connectionOptionsFromCredentials } from './credentials';
export { TransportError } from './types';
export type { RemoteCommand, RemoteResult, SshConnectionOptions, TransportFaultKind } from './types';

const pool = new ConnectionPool();

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

/** Ends every pooled connection (tests' afterAll, shutdown). */
export async function closeAllConnections(): Promise<void> {
	await pool.closeAll();
}

/** Live pooled connections (tests and the benchmark check reuse with it). */
export function pooledConnectionCount(): number {
	return pool.size();
}
