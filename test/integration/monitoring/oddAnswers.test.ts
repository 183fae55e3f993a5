import { createServer, type Server } from 'node:http';

import { HermesMonitoring } from '../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { closeAllConnections } from '../../../nodes/shared/transport';
import { executeNode } from '../../harness/executeNode';
import { startSshd, type SshdHandle } from '../../harness/sshd';

/**
 * The Prometheus URL setting pointing at something that answers HTTP 200 JSON which is not a
 * Prometheus answer (another service, a proxy, a broken build). Real OpenSSH sshd and curl on the
 * "host"; the HTTP service is a stand-in on 127.0.0.1 that serves one fixed body per path prefix.
 * The node must answer each item (__UNAVAILABLE__, paired), never throw, whether it asks through
 * an SSH channel or (AllowTcpForwarding no) with curl on the host.
 */
jest.setTimeout(60_000);

const BODIES: Record<string, string> = {
	'null-envelope': 'null',
	'scalar-without-pair': JSON.stringify({ status: 'success', data: { resultType: 'scalar', result: null } }),
	'warnings-not-a-list': JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [] }, warnings: 'w' }),
	'alerts-not-a-list': JSON.stringify({ status: 'success', data: { alerts: { firing: 1 } } }),
	'alert-null': JSON.stringify({ status: 'success', data: { alerts: [null] } }),
};

let sshd: SshdHandle;
let curlOnly: SshdHandle;
let server: Server;
let port = 0;

beforeAll(async () => {
	server = createServer((request, response) => {
		const name = (request.url ?? '').split('/')[1] ?? '';
		request.resume();
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(BODIES[name] ?? '{}');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	port = typeof address === 'object' && address ? address.port : 0;
	[sshd, curlOnly] = await Promise.all([startSshd(), startSshd({ extraConfig: ['AllowTcpForwarding no'] })]);
});

afterAll(async () => {
	await closeAllConnections();
	await Promise.all([sshd?.stop(), curlOnly?.stop()]);
	await new Promise<void>((resolve) => server?.close(() => resolve()));
});

const CASES = [
	['null-envelope', 'query'],
	['scalar-without-pair', 'query'],
	['warnings-not-a-list', 'query'],
	['alerts-not-a-list', 'alerts'],
	['alert-null', 'alerts'],
];

test.each(CASES.flatMap(([name, mode]) => [[name, mode, 'channel'], [name, mode, 'curl']]))('%s (%s, by %s) is an __UNAVAILABLE__ item, not a thrown error', async (name, mode, path) => {
	const [out] = await executeNode(new HermesMonitoring(), {
		parameters: { prometheusUrl: `http://127.0.0.1:${port}/${name}`, operation: mode, promql: 'up' },
		credentials: { hermesSshApi: (path === 'channel' ? sshd : curlOnly).credentials },
	});
	expect(out).toEqual([
		{ json: { success: false, error: '__UNAVAILABLE__', hint: expect.stringMatching(/Prometheus/), retry: 'never_here', state: 'misconfigured' }, pairedItem: { item: 0 } },
	]);
});
