import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { N8nApiClient } from '../../../../generator/n8nClient/client';
import { N8nApiError } from '../../../../generator/n8nClient/errors';

/** A stand-in HTTP server on 127.0.0.1 that misbehaves the way proxies and overloaded n8n do. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
	const server = createServer(handler);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the n8n API client on a faulty server', () => {
	let server: Server | undefined;
	afterEach(async () => {
		server?.closeAllConnections();
		await new Promise((resolve) => server?.close(resolve));
		server = undefined;
	});

	it.each<[string, (res: ServerResponse) => void, RegExp]>([
		[
			'headers sent, then the body stalls past the timeout',
			(res) => {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.write('{"data":[');
			},
			/cannot reach n8n .*no answer within 0\.3 s/,
		],
		[
			'200 with JSON that is not a list page',
			(res) => {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end('{"message":"ok"}');
			},
			/answered 200 without a list/,
		],
	])('%s: a structured N8nApiError, not a raw exception', async (_name, answer, message) => {
		const started = await serve((_req, res) => answer(res));
		server = started.server;
		const client = new N8nApiClient({ url: started.url, apiKey: 'k', timeoutMs: 300 });
		const failure = await client.listWorkflows('x').then(
			() => undefined,
			(error: unknown) => error,
		);
		expect(failure).toBeInstanceOf(N8nApiError);
		expect((failure as Error).message).toMatch(message);
	});
});
