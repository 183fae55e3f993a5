/**
 * Per-credential connection pool: warm calls pay no handshake. Commands run as
 * channels on a shared connection; a connection holds at most CHANNELS_PER_CONNECTION (below
 * sshd's default MaxSessions 10), more open a second connection, beyond that callers queue.
 * An idle connection closes after IDLE_CLOSE_MS; any error or close drops it from the pool.
 */
import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Client } from 'ssh2';

import { openConnection } from './connect';
import { ChannelRefusedError, execOnClient, type ChannelHandle, type ExecRequest } from './exec';
import { TransportError, type RemoteResult, type SshConnectionOptions } from './types';

const IDLE_CLOSE_MS = 30_000;
const CHANNELS_PER_CONNECTION = 8;
export const CONNECTIONS_PER_KEY = 4;
/** Refused session channels one call tolerates (in all, and with nothing else running). */
const MAX_REFUSALS = 50;
const MAX_REFUSALS_ALONE = 5;
/** How long the server has to open a session channel when the pool asks whether a connection lives. */
const ALIVE_CHECK_SECONDS = 5;

interface Pooled {
	key: string;
	ready: Promise<void>;
	client?: Client;
	socket?: Socket;
	active: number;
	capacity: number;
	usable: boolean;
	idleTimer?: NodeJS.Timeout;
	aborts: Set<(error: TransportError) => void>;
}

/** Everything that makes two credentials different connections; hashed so no secret is a map key. */
export function poolKey(conn: SshConnectionOptions): string {
	const parts: unknown[] = [conn.host, conn.port, conn.username, conn.authMethod, conn.privateKey, conn.passphrase];
	parts.push(conn.password, conn.hostKeyFingerprint, conn.acceptAnyHostKey === true, conn.readyTimeoutMs);
	return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export class ConnectionPool {
	private readonly byKey = new Map<string, Pooled[]>();
	private readonly waiters = new Map<string, Array<() => void>>();

	constructor(private readonly idleCloseMs = IDLE_CLOSE_MS) {}

	/** Number of live (or opening) connections, for tests and the benchmark. */
	size(): number {
		let n = 0;
		for (const list of this.byKey.values()) n += list.length;
		return n;
	}

	async run(conn: SshConnectionOptions, request: ExecRequest): Promise<RemoteResult> {
		return await this.use(conn, (client) => execOnClient(client, request));
	}

	/** Runs one channel (`start` opens it on a pooled connection), waiting while the server refuses channels. */
	async use<T>(conn: SshConnectionOptions, start: (client: Client) => ChannelHandle<T>): Promise<T> {
		const key = poolKey(conn);
		let refusedAlone = 0;
		for (let refused = 0; ; refused++) {
			const outcome = await this.channelOn(await this.acquire(key, conn), start);
			if ('value' in outcome) return outcome.value;
			if (!(outcome.error instanceof ChannelRefusedError)) throw outcome.error;
			// With other commands running on that connection a slot frees when one ends. Alone,
			// sshd may still be tearing down a session that just ended: give it a moment.
			if (!outcome.othersRunning) {
				if (++refusedAlone > MAX_REFUSALS_ALONE) throw this.refusedError(conn, outcome.error);
				await new Promise((resolve) => setTimeout(resolve, 50 * refusedAlone));
			}
			if (refused >= MAX_REFUSALS) throw this.refusedError(conn, outcome.error);
		}
	}

	/** Runs one channel on an acquired connection and always releases the slot. */
	private async channelOn<T>(
		pooled: Pooled,
		start: (client: Client) => ChannelHandle<T>,
	): Promise<{ value: T } | { error: unknown; othersRunning: boolean }> {
		const handle = start(pooled.client!);
		pooled.aborts.add(handle.abort);
		const outcome = await handle.result.then(
			(value) => ({ value }),
			(error: unknown) => ({ error, othersRunning: pooled.active > 1 }),
		);
		pooled.aborts.delete(handle.abort);
		if ('error' in outcome && outcome.error instanceof TransportError && outcome.error.kind === 'timeout' && !handle.channelAnswered()) {
			// Not even the channel open was answered: the peer is gone without a FIN (dropped NAT or
			// firewall state, frozen host). Reusing the connection would time out every later channel.
			// Commands still waiting on it fail as dropped (read-only ones retry on a fresh connection).
			void this.drop(pooled, new TransportError('dropped', 'The SSH connection stopped answering (no reply to a new command)', true));
		}
		if ('value' in outcome && !handle.channelAnswered()) this.checkAlive(pooled);
		if ('error' in outcome && outcome.error instanceof ChannelRefusedError) {
			// The server allows fewer sessions than we assumed: shrink this connection's share.
			pooled.capacity = Math.max(1, pooled.active - 1);
		}
		this.release(pooled);
		return outcome;
	}

	/**
	 * A channel ended with its open unanswered, for a reason the peer need not be to blame for (sshd
	 * still connecting to a service): one trivial command tells a live connection from a dead one.
	 */
	private checkAlive(pooled: Pooled): void {
		if (!pooled.usable || !pooled.client) return;
		pooled.active++;
		const handle = execOnClient(pooled.client, { line: 'exit 0', timeoutSeconds: ALIVE_CHECK_SECONDS, clientTimeoutMs: ALIVE_CHECK_SECONDS * 1000 });
		pooled.aborts.add(handle.abort);
		void handle.result
			.catch(() => undefined)
			.then(() => {
				pooled.aborts.delete(handle.abort);
				if (!handle.channelAnswered()) void this.drop(pooled, new TransportError('dropped', 'The SSH connection stopped answering (no reply to a new channel)', true));
				this.release(pooled);
			});
	}

	private refusedError(conn: SshConnectionOptions, error: Error): TransportError {
		return new TransportError('connect', `${conn.host}:${conn.port} refused to open a session: ${error.message}`, false);
	}

	async closeAll(): Promise<void> {
		const all = [...this.byKey.values()].flat();
		await Promise.all(all.map((pooled) => this.drop(pooled, new TransportError('dropped', 'The connection pool was closed', true))));
	}

	private async acquire(key: string, conn: SshConnectionOptions): Promise<Pooled> {
		for (;;) {
			const list = this.byKey.get(key) ?? [];
			let pooled = list.find((candidate) => candidate.usable && candidate.active < candidate.capacity);
			if (!pooled && list.length < CONNECTIONS_PER_KEY) {
				pooled = this.open(key, conn);
				this.byKey.set(key, [...list, pooled]);
			}
			if (pooled) {
				pooled.active++;
				clearTimeout(pooled.idleTimer);
				pooled.socket?.ref();
				const failure = await pooled.ready.then(
					() => undefined,
					(error: unknown) => error ?? new Error('connect failed'),
				);
				if (failure) {
					pooled.active--;
					throw failure;
				}
				if (pooled.usable) return pooled;
				pooled.active--;
				continue;
			}
			await new Promise<void>((resolve) => this.waiters.set(key, [...(this.waiters.get(key) ?? []), resolve]));
		}
	}

	private release(pooled: Pooled): void {
		pooled.active--;
		this.wakeOne(pooled.key);
		if (pooled.active === 0 && pooled.usable) {
			pooled.socket?.unref();
			pooled.idleTimer = setTimeout(() => {
				void this.drop(pooled, new TransportError('dropped', 'Idle connection closed', true));
			}, this.idleCloseMs);
			pooled.idleTimer.unref();
		}
	}

	private wakeOne(key: string): void {
		const queue = this.waiters.get(key);
		const next = queue?.shift();
		if (queue && !queue.length) this.waiters.delete(key);
		next?.();
	}

	private open(key: string, conn: SshConnectionOptions): Pooled {
		const pooled: Pooled = {
			key,
			ready: Promise.resolve(),
			active: 0,
			capacity: CHANNELS_PER_CONNECTION,
			usable: true,
			aborts: new Set(),
		};
		pooled.ready = openConnection(conn, (error) => void this.drop(pooled, error)).then(
			({ client, socket }) => {
				pooled.client = client;
				pooled.socket = socket;
				// A connection dropped while opening (closeAll) must not survive.
				if (!pooled.usable) client.end();
			},
			(error: unknown) => {
				void this.drop(pooled, error instanceof TransportError ? error : new TransportError('connect', String(error), true));
				throw error;
			},
		);
		return pooled;
	}

	/** Removes the connection, fails its running commands with `error`, ends it. */
	private async drop(pooled: Pooled, error: TransportError): Promise<void> {
		const wasUsable = pooled.usable;
		pooled.usable = false;
		clearTimeout(pooled.idleTimer);
		const list = this.byKey.get(pooled.key)?.filter((candidate) => candidate !== pooled) ?? [];
		if (list.length) this.byKey.set(pooled.key, list);
		else this.byKey.delete(pooled.key);
		for (const abort of [...pooled.aborts]) abort(error);
		// Waiters may now open a fresh connection in the freed slot.
		const waiting = this.waiters.get(pooled.key) ?? [];
		this.waiters.delete(pooled.key);
		for (const wake of waiting) wake();
		if (!wasUsable || !pooled.client || pooled.socket?.destroyed) return;
		const client = pooled.client;
		await new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				pooled.socket?.destroy();
				resolve();
			}, 1000);
			timer.unref();
			client.once('close', () => {
				clearTimeout(timer);
				resolve();
			});
			client.end();
		});
	}
}
