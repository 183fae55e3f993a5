import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

import { HermesMonitoring } from '../../../nodes/HermesMonitoring/HermesMonitoring.node';
import { closeAllConnections } from '../../../nodes/shared/transport';
import { executeNode } from '../../harness/executeNode';
import { startSshd, type SshdHandle } from '../../harness/sshd';

/**
 * The SSH user's ~/.curlrc on the host (here: `include`, which puts the response headers in
 * front of the body) must not change what the node's curl prints. The server forbids TCP
 * channels, so the node asks Prometheus with curl on the host. Real OpenSSH sshd and curl; the
 * HTTP service is a stand-in on 127.0.0.1 answering like Prometheus' /api/v1/query.
 */
jest.setTimeout(60_000);

let sshd: SshdHandle;
let server: Server;
let port = 0;

beforeAll(async () => {
	server = createServer((request, response) => {
		request.resume();
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [{ metric: { job: 'x' }, value: [1, '1'] }] } }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	port = typeof address === 'object' && address ? address.port : 0;
	sshd = await startSshd({ extraConfig: ['AllowTcpForwarding no'] });
	writeFileSync(join(sshd.homeDir, '.curlrc'), 'include\n');
});

afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
	await new Promise<void>((resolve) => server?.close(() => resolve()));
});

test('a ~/.curlrc on the host does not break the answer', async () => {
	const [out] = await executeNode(new HermesMonitoring(), {
		parameters: { prometheusUrl: `http://127.0.0.1:${port}`, operation: 'query', promql: 'up' },
		credentials: { hermesSshApi: sshd.credentials },
	});
	expect(out[0].json).toMatchObject({ success: true, mode: 'query', seriesCount: 1 });
});
