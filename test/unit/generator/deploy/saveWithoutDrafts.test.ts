/**
 * The API client saves a draft with `?publishIfActive=false` and, where n8n refuses that
 * parameter (2.20.12 answers 400 "Unknown query parameter"), saves again without it. A local
 * HTTP server stands in for n8n's public API; nothing else runs.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Workflow } from '../../../../generator/builders/n8nTypes';
import { N8nApiClient } from '../../../../generator/n8nClient/client';

const workflow: Workflow = { name: 'w', nodes: [], connections: {}, settings: {} };

test.each([
	['refuses it', true, ['PUT /api/v1/workflows/w1?publishIfActive=false', 'PUT /api/v1/workflows/w1']],
	['takes it', false, ['PUT /api/v1/workflows/w1?publishIfActive=false']],
])('where n8n %s the parameter, a draft is saved as n8n takes it', async (_label, refuse, expected) => {
	const seen: string[] = [];
	const server = createServer((req: IncomingMessage, res) => {
		seen.push(`${req.method} ${req.url}`);
		req.resume();
		if (refuse && req.url?.includes('publishIfActive')) {
			res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: "Unknown query parameter 'publishIfActive'" }));
			return;
		}
		res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'w1', name: 'w', active: false, nodes: [], connections: {}, settings: {} }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const client = new N8nApiClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k' });
		await expect(client.updateWorkflow('w1', workflow, { publish: false })).resolves.toMatchObject({ id: 'w1' });
		expect(seen).toEqual(expected);
	} finally {
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
});

test('another 400 is not retried: it is the answer', async () => {
	const seen: string[] = [];
	const server = createServer((req, res) => {
		seen.push(`${req.method} ${req.url}`);
		req.resume();
		res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'request/body must have required property settings' }));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const client = new N8nApiClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k' });
		await expect(client.updateWorkflow('w1', workflow, { publish: false })).rejects.toThrow(/required property settings/);
		expect(seen).toEqual(['PUT /api/v1/workflows/w1?publishIfActive=false']);
	} finally {
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
});
