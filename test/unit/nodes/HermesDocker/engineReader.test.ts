/**
 * Where the Docker node asks the daemon directly and where it leaves a read to the command: the
 * endpoint line it reads, and what it remembers of a host. The host is a recorded stand-in (a
 * RemoteHost whose run and http answer from a table); the real sshd and engine are in
 * test/integration/docker/dockerEngine.test.ts.
 */
import { ENDPOINT_RECHECK_MS, engineReader, forgetEngineEndpoints, unixSocketOf } from '../../../../nodes/HermesDocker/helpers/engine';
import { ENDPOINT_SCRIPT } from '../../../../nodes/HermesDocker/scripts/compose';
import type { RemoteHost } from '../../../../nodes/shared/remoteRunner';
import { ForwardingRefusedError, TransportError, type RemoteHttpRequest, type RemoteHttpResult } from '../../../../nodes/shared/transport/types';

test.each([
	['the default socket', 'unix:///var/run/docker.sock\n', '/var/run/docker.sock'],
	['a rootless daemon', 'unix:///run/user/1000/docker.sock', '/run/user/1000/docker.sock'],
	['a path with spaces', 'unix:///srv/my docker/docker.sock\n', '/srv/my docker/docker.sock'],
	['a TCP daemon', 'tcp://10.0.0.5:2376\n', undefined],
	['an SSH context', 'ssh://admin@build-host\n', undefined],
	['a relative unix path', 'unix://docker.sock\n', undefined],
	['nothing', '', undefined],
	['two lines', 'unix:///var/run/docker.sock\nunix:///other.sock\n', undefined],
	['a control character', 'unix:///var/run/doc\u0007ker.sock', undefined],
	['usage text of a docker without contexts', 'Usage:  docker [OPTIONS] COMMAND\n', undefined],
])('the endpoint line of %s', (_case, printed, socket) => {
	expect(unixSocketOf(printed)).toBe(socket);
});

type HttpAnswer = RemoteHttpResult | Error;

function fakeHost(endpoint: { stdout: string; exitCode: number }, answers: HttpAnswer[]) {
	const seen = { probes: 0, requests: [] as RemoteHttpRequest[] };
	const host: RemoteHost = {
		run: async () => {
			throw new Error('the reader runs scripts through its run argument');
		},
		http: async (request) => {
			seen.requests.push(request);
			const next = answers.shift() ?? { kind: 'response', status: 200, body: Buffer.from('[]'), truncated: false };
			if (next instanceof Error) throw next;
			return next;
		},
		identity: async () => 'login-1',
	};
	const run = async (script: string) => {
		expect(script).toBe(ENDPOINT_SCRIPT);
		seen.probes++;
		return { ...endpoint, stderr: '' };
	};
	return { read: engineReader(host, run), seen };
}

const DEFAULT = { stdout: 'unix:///var/run/docker.sock\n', exitCode: 0 };
const OK: RemoteHttpResult = { kind: 'response', status: 200, body: Buffer.from('[]'), truncated: false };

beforeEach(() => forgetEngineEndpoints());
afterEach(() => jest.useRealTimers());

test('asks the command once, then sends every read to the socket it named, as a GET with a time and size limit', async () => {
	const { read, seen } = fakeHost(DEFAULT, [OK, OK]);
	expect(await read('docker', '/containers/json?all=1')).toEqual(OK);
	expect(await read('docker', '/containers/json?all=1')).toEqual(OK);
	expect(seen.probes).toBe(1);
	expect(seen.requests[0]).toEqual({ url: 'http://docker/containers/json?all=1', socketPath: '/var/run/docker.sock', method: 'GET', timeoutSeconds: 30, maxBodyBytes: 8 * 1024 * 1024 });
});

test('each Docker Command setting is asked on its own: a wrapper may point elsewhere', async () => {
	const { read, seen } = fakeHost(DEFAULT, []);
	await read('docker', '/x');
	await read('/usr/local/bin/docker-prod', '/x');
	expect(seen.probes).toBe(2);
});

test.each([
	['a docker without contexts (exit 1)', { stdout: '', exitCode: 1 }],
	['a command that is not there (exit 127)', { stdout: '', exitCode: 127 }],
	['a daemon over TCP', { stdout: 'tcp://127.0.0.1:2375\n', exitCode: 0 }],
])('%s: left to the command, and not asked again for a while', async (_case, endpoint) => {
	const { read, seen } = fakeHost(endpoint, []);
	expect(await read('docker', '/x')).toBeUndefined();
	expect(await read('docker', '/x')).toBeUndefined();
	expect(seen).toEqual({ probes: 1, requests: [] });
});

test.each([
	['sshd could not open the socket', { kind: 'connect-failed', message: 'sshd could not connect to /var/run/docker.sock (open failed)' } as HttpAnswer],
	['sshd refuses socket channels', new ForwardingRefusedError('refused') as HttpAnswer],
])('%s: left to the command, the socket not tried again for a while, then tried again', async (_case, first) => {
	jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate'] });
	const { read, seen } = fakeHost(DEFAULT, [first, OK]);
	expect(await read('docker', '/x')).toBeUndefined();
	expect(await read('docker', '/x')).toBeUndefined();
	expect(seen.requests).toHaveLength(1);
	jest.setSystemTime(1_000_000 + ENDPOINT_RECHECK_MS + 1);
	expect(await read('docker', '/x')).toEqual(OK);
	expect(seen).toMatchObject({ probes: 2 });
});

test('a list past the size limit is left to the command for that read only', async () => {
	const { read, seen } = fakeHost(DEFAULT, [{ ...OK, truncated: true } as RemoteHttpResult, OK]);
	expect(await read('docker', '/x')).toBeUndefined();
	expect(await read('docker', '/x')).toEqual(OK);
	expect(seen.probes).toBe(1);
});

test('a timeout or a broken answer is the daemon’s answer, not a reason to switch ways', async () => {
	const timeout: RemoteHttpResult = { kind: 'timeout', message: 'late' };
	const { read, seen } = fakeHost(DEFAULT, [timeout, OK]);
	expect(await read('docker', '/x')).toEqual(timeout);
	expect(await read('docker', '/x')).toEqual(OK);
	expect(seen.probes).toBe(1);
});

test('a transport fault is thrown as the command’s would be: the caller answers it', async () => {
	const dropped = new TransportError('dropped', 'connection lost', true);
	const { read } = fakeHost(DEFAULT, [dropped]);
	await expect(read('docker', '/x')).rejects.toBe(dropped);
});
