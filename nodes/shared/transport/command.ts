/** Builds the one command line the transport ever sends: a constant script, its arguments quoted. */
import { singleQuote } from '../shellQuote';
import type { RemoteCommand } from './types';

/** Seconds between the remote `timeout` firing and the client giving up on the channel. */
const CLIENT_GRACE_SECONDS = 7;
const MAX_TIMEOUT_SECONDS = 24 * 3600;

function assertTimeout(seconds: number): void {
	if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_TIMEOUT_SECONDS) {
		throw new RangeError(`timeoutSeconds must be a number of seconds in (0, ${MAX_TIMEOUT_SECONDS}], got ${String(seconds)}`);
	}
}

/**
 * `timeout -k 5 N bash -c '<script>' hermes '<arg1>' ...`: the script is constant, data comes as
 * single-quoted positional parameters ($1 ...) or on stdin. `hermes` becomes $0. The login shell
 * of the remote user parses this line, so only single quotes are relied on (POSIX sh semantics).
 */
export function buildCommandLine(cmd: RemoteCommand): string {
	assertTimeout(cmd.timeoutSeconds);
	if (typeof cmd.script !== 'string' || !cmd.script.trim()) throw new TypeError('RemoteCommand.script must be a non-empty string');
	const args = (cmd.args ?? []).map((arg) => singleQuote(arg));
	return ['timeout', '-k', '5', String(cmd.timeoutSeconds), 'bash', '-c', singleQuote(cmd.script), 'hermes', ...args].join(' ');
}

/** Client-side deadline: the remote timeout plus its kill delay plus a little slack. */
export function clientTimeoutMs(cmd: RemoteCommand): number {
	return (cmd.timeoutSeconds + CLIENT_GRACE_SECONDS) * 1000;
}
