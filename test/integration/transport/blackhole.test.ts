/**
 * A pooled connection whose peer silently stops answering (a firewall or NAT that dropped its
 * state, a frozen host): the next command must not be sent down the same dead connection again
 * and again. Real OpenSSH sshd behind a TCP relay on 127.0.0.1 that the test can freeze (it then
 * swallows every byte of the connections it already carries, without closing them). The HTTP
 * "service" of the last test is sshd's own port: its connect never happens on a frozen link.
 */
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';

import { startSshd, type SshdHandle } from '../../harness/sshd';
import { closeAllConnections, pooledConnectionCount, requestOverSsh, runRemote, TransportError } from '../../../nodes/shared/transport';

jest.setTimeout(60_000);

let sshd: SshdHandle;
let relay: Server;
let relayPort = 0;
const carried: Array<{ frozen: boolean; sockets: Socket[] }> = [];

beforeAll(async () => {
	sshd = await startSshd();
	relay = createServer((client) => {
		const link = { frozen: false, sockets: [client] as Socket[] };
		const upstream = tcpConnect(sshd.port, '127.0.0.1');
		link.sockets.push(upstream);
		carried.push(link);
		client.on('data', (chunk) => {
			if (!link.frozen) upstream.write(chunk);
		});
		upstream.on('data', (chunk) => {
			if (!link.frozen) client.write(chunk);
		});
		const end = () => {
			client.destroy();
			upstream.destroy();
		};
		client.on('close', end).on('error', end);
		upstream.on('close', end).on('error', end);
	});
	await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
	const address = relay.address();
	relayPort = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
	await closeAllConnections();
	for (const link of carried) for (const socket of link.sockets) socket.destroy();
	await new Promise<void>((resolve) => relay?.close(() => resolve()));
	await sshd?.stop();
});

test('a command that times out without the server even opening its channel drops that connection; the next command gets a fresh one', async () => {
	const via = { ...sshd.connection, port: relayPort };
	const warm = await runRemote(via, { script: 'printf warm', timeoutSeconds: 5, readOnly: true });
	expect(warm.stdout.toString()).toBe('warm');
	expect(pooledConnectionCount()).toBe(1);

	for (const link of carried) link.frozen = true;
	const lost = await runRemote(via, { script: 'printf lost', timeoutSeconds: 1, readOnly: true }).then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(lost).toBeInstanceOf(TransportError);
	expect((lost as TransportError).kind).toBe('timeout');

	// New connections through the relay work; only the frozen one is dead.
	const after = await runRemote(via, { script: 'printf fresh', timeoutSeconds: 1, readOnly: true });
	expect(after.stdout.toString()).toBe('fresh');
});

test('a command that merely runs too long keeps its (healthy) connection pooled', async () => {
	await closeAllConnections();
	const slow = await runRemote(sshd.connection, { script: 'sleep 30', timeoutSeconds: 1, readOnly: true }).then(
		() => undefined,
		(e: unknown) => e,
	);
	expect(slow).toMatchObject({ kind: 'timeout' });
	expect(pooledConnectionCount()).toBe(1);
	const next = await runRemote(sshd.connection, { script: 'printf same', timeoutSeconds: 5, readOnly: true });
	expect(next.stdout.toString()).toBe('same');
	expect(pooledConnectionCount()).toBe(1);
});

test('read-only commands already waiting on the dead connection fail over to a fresh one', async () => {
	await closeAllConnections();
	const via = { ...sshd.connection, port: relayPort };
	await runRemote(via, { script: 'printf warm', timeoutSeconds: 5, readOnly: true });
	for (const link of carried) link.frozen = true;
	// The first command notices the dead connection after its client timer (1 + 7 s); the second,
	// started on the same connection with a longer limit, must not wait for its own 37 s timer.
	const first = runRemote(via, { script: 'printf a', timeoutSeconds: 1, readOnly: true }).catch((e: unknown) => e);
	const started = Date.now();
	const second = await runRemote(via, { script: 'printf b', timeoutSeconds: 30, readOnly: true });
	expect(second.stdout.toString()).toBe('b');
	expect(Date.now() - started).toBeLessThan(30_000);
	expect(await first).toMatchObject({ kind: 'timeout' });
});

test('an HTTP channel whose open goes unanswered on a dead connection: a timeout answer, then the connection is checked and dropped', async () => {
	await closeAllConnections();
	const via = { ...sshd.connection, port: relayPort };
	await runRemote(via, { script: 'printf warm', timeoutSeconds: 5, readOnly: true });
	expect(pooledConnectionCount()).toBe(1);

	for (const link of carried) link.frozen = true;
	const service = `http://127.0.0.1:${sshd.port}/`;
	// sshd would answer a channel open only after its connect to the service: the open alone does not tell.
	expect(await requestOverSsh(via, { url: service, method: 'GET', timeoutSeconds: 1, maxBodyBytes: 100 })).toMatchObject({ kind: 'timeout' });
	// The check (a session channel) goes unanswered too, within its 5 s: the connection is dropped.
	const deadline = Date.now() + 15_000;
	while (pooledConnectionCount() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
	expect(pooledConnectionCount()).toBe(0);
	const after = await runRemote(via, { script: 'printf fresh', timeoutSeconds: 5, readOnly: true });
	expect(after.stdout.toString()).toBe('fresh');
});
