/** Opens one authenticated ssh2 connection and maps every failure to a TransportError. */
import { connect as tcpConnect, type Socket } from 'node:net';
import { Client, type ConnectConfig } from 'ssh2';

import { assertHostKeyPolicy, createHostVerifier } from './hostKey';
import { TransportError, type SshConnectionOptions } from './types';

const DEFAULT_READY_TIMEOUT_MS = 10_000;

interface OpenConnection {
	client: Client;
	/** Our own socket, so the pool can unref it while idle (an idle pool never keeps n8n alive). */
	socket: Socket;
}

function where(conn: SshConnectionOptions): string {
	return `${conn.username}@${conn.host}:${conn.port}`;
}

/** TCP connect with its own deadline; refused/unreachable/timeout are transient. */
function connectSocket(conn: SshConnectionOptions, timeoutMs: number): Promise<Socket> {
	return new Promise((resolve, reject) => {
		const socket = tcpConnect({ host: conn.host, port: conn.port });
		const timer = setTimeout(() => {
			socket.destroy();
			reject(new TransportError('connect', `Could not reach ${conn.host}:${conn.port}: no TCP answer within ${timeoutMs} ms`, true));
		}, timeoutMs);
		socket.once('connect', () => {
			clearTimeout(timer);
			// SSH packets are small request/answer pairs: Nagle's algorithm would delay each one.
			socket.setNoDelay(true);
			socket.removeAllListeners('error');
			resolve(socket);
		});
		socket.once('error', (error: NodeJS.ErrnoException) => {
			clearTimeout(timer);
			socket.destroy();
			reject(new TransportError('connect', `Could not reach ${conn.host}:${conn.port}: ${error.code ?? error.message}`, true));
		});
	});
}

function handshakeError(conn: SshConnectionOptions, error: Error & { level?: string }): TransportError {
	switch (error.level) {
		case 'client-authentication':
			return new TransportError(
				'auth',
				`Authentication failed for ${where(conn)}: the server rejected the ${conn.authMethod === 'password' ? 'password' : 'private key'}. Check the username and the ${conn.authMethod === 'password' ? 'password' : 'key (is its public half in authorized_keys?)'}`,
				false,
			);
		case 'client-timeout':
			return new TransportError('handshake-timeout', `SSH handshake with ${conn.host}:${conn.port} timed out`, true);
		case 'client-socket':
			return new TransportError('connect', `Connection to ${conn.host}:${conn.port} failed during the SSH handshake: ${error.message}`, true);
		default:
			// A hang-up before the banner (sshd restarting, MaxStartups) may pass; a protocol mismatch will not.
			return new TransportError(
				'connect',
				`SSH handshake with ${conn.host}:${conn.port} failed: ${error.message}`,
				/Connection lost before handshake/i.test(error.message),
			);
	}
}

function authConfig(conn: SshConnectionOptions): Partial<ConnectConfig> {
	if (conn.authMethod === 'password') return { password: conn.password ?? '' };
	return { privateKey: conn.privateKey, passphrase: conn.passphrase || undefined };
}

/**
 * Connects, verifies the host key, authenticates. `onLost` fires once if the connection errors
 * or closes after it was handed out (the pool drops it then).
 */
export async function openConnection(
	conn: SshConnectionOptions,
	onLost: (error: TransportError) => void,
): Promise<OpenConnection> {
	const pinned = assertHostKeyPolicy(conn);
	const readyTimeout = conn.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
	const socket = await connectSocket(conn, readyTimeout);
	const client = new Client();
	let hostKeyFault: TransportError | undefined;
	let ready = false;
	let lost = false;

	return await new Promise<OpenConnection>((resolve, reject) => {
		const lose = (error: TransportError) => {
			if (lost) return;
			lost = true;
			onLost(error);
		};
		client.on('error', (error: Error & { level?: string }) => {
			if (!ready) {
				reject(hostKeyFault ?? handshakeError(conn, error));
				socket.destroy();
				return;
			}
			lose(new TransportError('dropped', `The SSH connection to ${conn.host}:${conn.port} failed: ${error.message}`, true));
		});
		client.on('close', () => {
			if (!ready) {
				reject(hostKeyFault ?? new TransportError('connect', `${conn.host}:${conn.port} closed the connection during the SSH handshake`, true));
				return;
			}
			lose(new TransportError('dropped', `The SSH connection to ${conn.host}:${conn.port} was closed`, true));
		});
		client.once('ready', () => {
			ready = true;
			resolve({ client, socket });
		});
		try {
			client.connect({
				sock: socket,
				host: conn.host,
				port: conn.port,
				username: conn.username,
				readyTimeout,
				hostVerifier: createHostVerifier(conn, pinned, (error) => (hostKeyFault = error)),
				...authConfig(conn),
			});
		} catch (error) {
			// ssh2 parses the private key synchronously: a malformed key or wrong passphrase lands here.
			socket.destroy();
			reject(
				new TransportError(
					'auth',
					`The private key for ${where(conn)} could not be used: ${(error as Error).message}. Paste the whole key (including the BEGIN/END lines) and check the passphrase`,
					false,
				),
			);
		}
	});
}
