/**
 * HTTP through a TCP or Unix socket channel of the pooled SSH connection (`requestOverSsh`). Real
 * parts: OpenSSH sshd on 127.0.0.1, which opens the TCP connection or the socket itself, and the
 * real transport. Stand-ins: the HTTP services on 127.0.0.1 and on a Unix socket (Node servers
 * that echo, stall, break off or speak no HTTP, and a python3 socket that never accepts, so that a
 * TCP connect to it never completes), and ssh2's own server for SSH servers that are not OpenSSH.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tcpConnect, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';

import { Server as SshServer, utils as sshUtils } from 'ssh2';

import { closeAllConnections, ForwardingRefusedError, pooledConnectionCount, requestOverSsh, runRemote, TransportError } from '../../../nodes/shared/transport';
import { CONNECTIONS_PER_KEY } from '../../../nodes/shared/transport/pool';
import type { RemoteHttpRequest, RemoteHttpResult } from '../../../nodes/shared/transport/types';
import { freePort, startSshd, type SshdHandle } from '../../harness/sshd';

jest.setTimeout(60_000);

let sshd: SshdHandle;
let http: HttpServer;
let httpPort = 0;
let garbage: TcpServer;
let garbagePort = 0;
let requestsSeen = 0;

async function listen(server: HttpServer | TcpServer): Promise<number> {
	return await new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			resolve(typeof address === 'object' && address ? address.port : 0);
		}),
	);
}

/** One behaviour per path: echo what arrived, a large chunked body, a late answer, a body broken off, none. */
function serve(request: IncomingMessage, response: ServerResponse): void {
	requestsSeen++;
	const chunks: Buffer[] = [];
	request.on('data', (chunk: Buffer) => chunks.push(chunk));
	request.on('end', () => {
		const url = request.url ?? '';
		if (url.endsWith('/echo')) {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ method: request.method, url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') }));
		} else if (url.startsWith('/big/')) {
			const size = Number(url.split('/')[2]);
			response.writeHead(200);
			for (let sent = 0; sent < size; sent += 1000) response.write('x'.repeat(Math.min(1000, size - sent)));
			response.end();
		} else if (url === '/slow') {
			setTimeout(() => response.end('late'), 1500);
		} else if (url === '/broken') {
			response.writeHead(200, { 'content-length': '100' });
			response.write('only ten b');
			setTimeout(() => response.socket?.destroy(), 50);
		}
		// '/stall' never answers.
	});
}

beforeAll(async () => {
	http = createHttpServer(serve);
	garbage = createTcpServer((socket) => socket.write('SSH-2.0-not-http\r\n\r\n', () => socket.destroy()));
	[httpPort, garbagePort, sshd] = await Promise.all([listen(http), listen(garbage), startSshd()]);
});

afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
	http?.closeAllConnections();
	await Promise.all([new Promise((resolve) => http?.close(resolve)), new Promise((resolve) => garbage?.close(resolve))]);
});

const ask = async (request: Partial<RemoteHttpRequest> & { url: string }, on = sshd): Promise<RemoteHttpResult> =>
	await requestOverSsh(on.connection, { method: 'GET', timeoutSeconds: 10, maxBodyBytes: 1 << 20, ...request });

function echoed(result: RemoteHttpResult): { method: string; url: string; headers: Record<string, string>; body: string } {
	expect(result).toMatchObject({ kind: 'response', status: 200, truncated: false });
	return JSON.parse((result as { body: Buffer }).body.toString('utf8')) as ReturnType<typeof echoed>;
}

test('a form POST arrives as sent: method, path, Host, content type and every byte of the value', async () => {
	const query = `sum(rate(x{a="ü \u2028\t'\\""}[5m])) + $(id) & query=vector(2) %00 \u0000 +`;
	const seen = echoed(await ask({ url: `http://127.0.0.1:${httpPort}/prefix/api/echo`, method: 'POST', form: { query } }));
	expect(seen).toMatchObject({ method: 'POST', url: '/prefix/api/echo', headers: { host: `127.0.0.1:${httpPort}`, 'content-type': 'application/x-www-form-urlencoded' } });
	expect([...new URLSearchParams(seen.body).entries()]).toEqual([['query', query]]);
});

test('a GET carries no body; "localhost" is resolved by the host', async () => {
	const seen = echoed(await ask({ url: `http://localhost:${httpPort}/echo` }));
	expect(seen).toMatchObject({ method: 'GET', body: '', headers: { host: `localhost:${httpPort}` } });
});

test.each([
	[999, 1000, false],
	[1000, 1000, false],
	[1001, 1000, true],
	[250_000, 100_000, true],
])('a body of %i bytes with a cap of %i: truncated %s, at most the cap kept', async (size, cap, truncated) => {
	const result = await ask({ url: `http://127.0.0.1:${httpPort}/big/${size}`, maxBodyBytes: cap });
	expect(result).toMatchObject({ kind: 'response', status: 200, truncated });
	expect((result as { body: Buffer }).body.toString()).toBe('x'.repeat(Math.min(size, cap)));
});

test('a service that never answers: a timeout result at the limit, and the connection stays usable', async () => {
	const started = Date.now();
	expect(await ask({ url: `http://127.0.0.1:${httpPort}/stall`, timeoutSeconds: 1 })).toEqual({ kind: 'timeout', message: `127.0.0.1:${httpPort} did not answer within 1 s` });
	expect(Date.now() - started).toBeGreaterThanOrEqual(950);
	expect(echoed(await ask({ url: `http://127.0.0.1:${httpPort}/echo` })).method).toBe('GET');
});

test('an answer broken off, no HTTP at all, nothing listening, an unknown name: said so, never a response', async () => {
	expect(await ask({ url: `http://127.0.0.1:${httpPort}/broken` })).toEqual({ kind: 'bad-response', message: expect.stringContaining(`127.0.0.1:${httpPort}`) });
	expect(await ask({ url: `http://127.0.0.1:${garbagePort}/` })).toEqual({ kind: 'bad-response', message: expect.stringMatching(/gave no HTTP answer/) });
	const dead = await freePort();
	expect(await ask({ url: `http://127.0.0.1:${dead}/` })).toEqual({ kind: 'connect-failed', message: `sshd could not connect to 127.0.0.1:${dead} (Connection refused)` });
	expect(await ask({ url: 'http://no-such-host.invalid:9090/' })).toEqual({ kind: 'connect-failed', message: expect.stringContaining('sshd could not connect to no-such-host.invalid:9090') });
});

test('30 requests at once share the pool: all answered, within its connection limit', async () => {
	const results = await Promise.all(Array.from({ length: 30 }, async () => await ask({ url: `http://127.0.0.1:${httpPort}/slow` })));
	expect(results.map((r) => r.kind === 'response' && r.body.toString())).toEqual(Array(30).fill('late'));
	expect(pooledConnectionCount()).toBeLessThanOrEqual(CONNECTIONS_PER_KEY);
});

test('the SSH connection lost in the middle of a request: retried on a new connection, answered', async () => {
	const before = requestsSeen;
	const pending = ask({ url: `http://127.0.0.1:${httpPort}/slow` });
	await new Promise((resolve) => setTimeout(resolve, 300));
	await sshd.kill();
	await sshd.start();
	expect(await pending).toMatchObject({ kind: 'response', status: 200 });
	expect(requestsSeen - before).toBe(2);
});

describe('a service whose TCP connect never completes (its accept queue is full, the SYN is dropped)', () => {
	let listener: ChildProcess;
	let port = 0;
	let filler: Socket;
	beforeAll(async () => {
		// Node accepts every connection it is offered; a python socket with backlog 0 does not.
		listener = spawn('python3', ['-c', "import socket,sys,time\ns=socket.socket()\ns.bind(('127.0.0.1',0))\ns.listen(0)\nprint(s.getsockname()[1],flush=True)\ntime.sleep(120)"]);
		port = await new Promise<number>((resolve) => listener.stdout!.once('data', (data: Buffer) => resolve(Number(data.toString().trim()))));
		filler = tcpConnect(port, '127.0.0.1');
		await new Promise((resolve) => filler.once('connect', resolve));
	});
	afterAll(() => {
		filler?.destroy();
		listener?.kill('SIGKILL');
	});

	test('a timeout result, while a command beside it on the same pooled connection finishes undisturbed', async () => {
		await runRemote(sshd.connection, { script: 'true', timeoutSeconds: 5, readOnly: true });
		const connections = pooledConnectionCount();
		const beside = runRemote(sshd.connection, { script: 'sleep 1.5; printf ok', timeoutSeconds: 10, readOnly: false });
		expect(await ask({ url: `http://127.0.0.1:${port}/`, timeoutSeconds: 1 })).toEqual({ kind: 'timeout', message: `sshd could not connect to 127.0.0.1:${port} within 1 s` });
		expect((await beside).stdout.toString()).toBe('ok');
		expect(pooledConnectionCount()).toBe(connections);
	});
});

describe.each([
	['AllowTcpForwarding no', ['AllowTcpForwarding no']],
	['a PermitOpen that names another port', ['PermitOpen 127.0.0.1:1']],
])('a server that refuses TCP channels (%s)', (_name, extraConfig) => {
	let refusing: SshdHandle;
	beforeAll(async () => {
		refusing = await startSshd({ extraConfig });
	});
	afterAll(async () => {
		await closeAllConnections();
		await refusing?.stop();
	});

	test('ForwardingRefusedError, not retried, and not asked again for a while', async () => {
		const first = await ask({ url: `http://127.0.0.1:${httpPort}/echo` }, refusing).catch((error: unknown) => error);
		expect(first).toBeInstanceOf(ForwardingRefusedError);
		expect(first).toBeInstanceOf(TransportError);
		expect(first).toMatchObject({ kind: 'config', transient: false, message: expect.stringMatching(/refused a TCP channel to 127\.0\.0\.1:\d+.*AllowTcpForwarding, PermitOpen/) });
		// Only the remembered refusal words it this way: the server was not asked a second time.
		const second = await ask({ url: `http://127.0.0.1:${httpPort}/echo` }, refusing).catch((error: unknown) => error);
		expect(second).toMatchObject({ name: 'ForwardingRefusedError', message: expect.stringMatching(/refused TCP channels .* less than 5 minutes ago/) });
	});
});

describe('a Unix socket on the host (streamlocal, as for the Docker daemon)', () => {
	let dir: string;
	let onSocket: HttpServer;
	let socketPath: string;
	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'hermes-socket-'));
		socketPath = join(dir, 'service.sock');
		onSocket = createHttpServer(serve);
		await new Promise<void>((resolve) => onSocket.listen(socketPath, resolve));
	});
	afterAll(async () => {
		onSocket?.closeAllConnections();
		await new Promise((resolve) => onSocket?.close(resolve));
		rmSync(dir, { recursive: true, force: true });
	});

	test('the request reaches the socket: the URL gives only the path and Host header', async () => {
		const seen = echoed(await ask({ url: 'http://docker/v1.41/containers/json?all=1/echo', socketPath }));
		expect(seen).toMatchObject({ method: 'GET', url: '/v1.41/containers/json?all=1/echo', headers: { host: 'docker' } });
	});

	test('the body cap and a stall behave as over TCP', async () => {
		expect(await ask({ url: 'http://docker/big/1001', socketPath, maxBodyBytes: 1000 })).toMatchObject({ kind: 'response', truncated: true });
		expect(await ask({ url: 'http://docker/stall', socketPath, timeoutSeconds: 1 })).toEqual({ kind: 'timeout', message: `${socketPath} did not answer within 1 s` });
	});

	test('no socket there: connect-failed, and the connection stays usable', async () => {
		const missing = await ask({ url: 'http://docker/echo', socketPath: join(dir, 'none.sock') });
		expect(missing).toEqual({ kind: 'connect-failed', message: expect.stringContaining(`sshd could not connect to ${join(dir, 'none.sock')}`) });
		expect(echoed(await ask({ url: 'http://docker/echo', socketPath })).method).toBe('GET');
	});

	describe('a server with AllowStreamLocalForwarding no', () => {
		let refusing: SshdHandle;
		beforeAll(async () => {
			refusing = await startSshd({ extraConfig: ['AllowStreamLocalForwarding no'] });
		});
		afterAll(async () => {
			await closeAllConnections();
			await refusing?.stop();
		});

		// OpenSSH (9.2) answers a refused socket channel as it answers a missing socket: reason 2,
		// "open failed". Callers treat both alike (the Docker node uses its command instead).
		test('connect-failed in the same words as a missing socket; TCP channels still go', async () => {
			expect(await ask({ url: 'http://docker/echo', socketPath }, refusing)).toEqual({ kind: 'connect-failed', message: `sshd could not connect to ${socketPath} (open failed)` });
			expect(await ask({ url: 'http://docker/echo', socketPath: join(dir, 'none.sock') })).toEqual({ kind: 'connect-failed', message: `sshd could not connect to ${join(dir, 'none.sock')} (open failed)` });
			expect(echoed(await ask({ url: `http://127.0.0.1:${httpPort}/echo` }, refusing)).method).toBe('GET');
		});
	});
});

describe.each([
	['a version with a number, as Dropbear says it: ssh2 asks, the server refuses', 'Dropbear_2022.83'],
	['a version without one: ssh2 does not ask', 'RouterOS_7.1'],
])('an SSH server that is not OpenSSH (%s)', (_case, ident) => {
	let server: SshServer;
	let port = 0;
	beforeAll(async () => {
		server = new SshServer({ hostKeys: [sshUtils.generateKeyPairSync('ed25519').private], ident }, (client) => {
			client.on('authentication', (auth) => auth.accept());
		});
		port = await listen(server as unknown as TcpServer);
	});
	afterAll(async () => {
		await closeAllConnections();
		await new Promise((resolve) => server?.close(resolve));
	});

	test('a Unix socket channel is ForwardingRefusedError, not a lost connection to retry', async () => {
		const started = Date.now();
		const connection = { ...sshd.connection, port, hostKeyFingerprint: undefined, acceptAnyHostKey: true };
		const refused = await requestOverSsh(connection, { url: 'http://docker/_ping', socketPath: '/var/run/docker.sock', method: 'GET', timeoutSeconds: 5, maxBodyBytes: 1000 }).catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(ForwardingRefusedError);
		expect(refused).toMatchObject({ kind: 'config', transient: false });
		// Not retried: the retries of a dropped read wait 2 s each.
		expect(Date.now() - started).toBeLessThan(1500);
	});
});
