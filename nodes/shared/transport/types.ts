/** Contract of the SSH transport. Gateways code against this, not against ssh2. */

export interface SshConnectionOptions {
	host: string;
	port: number;
	username: string;
	authMethod: 'privateKey' | 'password';
	privateKey?: string;
	passphrase?: string;
	password?: string;
	/**
	 * `SHA256:<base64 without padding>` as `ssh-keygen -lf` prints it; several may be given,
	 * separated by commas (e.g. while a host key is being rotated).
	 */
	hostKeyFingerprint?: string;
	/** Only honoured when no fingerprint is set; off by default in the credential. */
	acceptAnyHostKey?: boolean;
	/** Connect/handshake timeout in ms (default 10 000). */
	readyTimeoutMs?: number;
}

export interface RemoteCommand {
	/** Constant script text, run by `bash -c`. Never contains untrusted data. */
	script: string;
	/** Positional parameters ($1, $2, ...) of the script; each single-quoted, none may start with '-'. */
	args?: string[];
	/** Data for the script on stdin (raw bytes or text). */
	stdin?: string | Buffer;
	/** Remote `timeout -k 5 N`; the client timer fires a few seconds later. */
	timeoutSeconds: number;
	/** Read-only commands retry transient transport failures (3 x, 2 s apart); writes never do. */
	readOnly: boolean;
}

export interface RemoteResult {
	stdout: Buffer;
	stderr: string;
	/** Exit code of the remote command; 124/137 mean the remote `timeout` fired. */
	exitCode: number | null;
	signal?: string;
}

/** One HTTP request that sshd carries to a service the host reaches (see http.ts). */
export interface RemoteHttpRequest {
	/** A plain http URL as the SSH host sees it, e.g. http://127.0.0.1:9090/api/v1/alerts. */
	url: string;
	/**
	 * A Unix socket on the host to send the request to instead of the URL's host and port (the URL
	 * then gives only the path and Host header), e.g. the Docker daemon's. sshd opens it as the
	 * SSH user, so the socket's own permissions decide.
	 */
	socketPath?: string;
	method: 'GET' | 'POST';
	/** Sent as application/x-www-form-urlencoded. */
	form?: Record<string, string>;
	/** For the whole exchange, channel open included. */
	timeoutSeconds: number;
	/** Body bytes kept; a longer body is cut there and flagged `truncated`. */
	maxBodyBytes: number;
}

/** What came back: an HTTP answer, or why the service gave none (the SSH connection itself worked). */
export type RemoteHttpResult =
	| { kind: 'response'; status: number; body: Buffer; truncated: boolean }
	| { kind: 'connect-failed'; message: string }
	| { kind: 'timeout'; message: string }
	| { kind: 'bad-response'; message: string };

export type TransportFaultKind =
	| 'connect' // refused, unreachable, DNS
	| 'handshake-timeout'
	| 'host-key' // fingerprint mismatch, or no fingerprint without accept-any
	| 'auth'
	| 'timeout' // command exceeded its time
	| 'dropped' // connection lost mid-command
	| 'config'; // the credential itself is unusable (no host, malformed key or fingerprint), or the host lacks timeout or bash

/** Every transport fault maps to `__UNAVAILABLE__` at the node boundary, its state by kind (transportAnswer.ts). */
export class TransportError extends Error {
	constructor(
		readonly kind: TransportFaultKind,
		message: string,
		/** True when retrying a read-only call may succeed (connect refused/timeout). */
		readonly transient: boolean,
	) {
		super(message);
		this.name = 'TransportError';
	}
}

/**
 * The SSH server does not carry this kind of channel for this login (AllowTcpForwarding,
 * PermitOpen, AllowStreamLocalForwarding, `restrict` in authorized_keys): the caller uses a
 * command on the host instead.
 */
export class ForwardingRefusedError extends TransportError {
	constructor(message: string) {
		super('config', message, false);
		this.name = 'ForwardingRefusedError';
	}
}
