/**
 * A proxy on 127.0.0.1 between an MCP client and n8n that loses one answer on its way back: it
 * forwards the first `tools/call` of the named tool to n8n, lets n8n answer it in full, and then
 * destroys the client's connection without a byte of the answer, as a connection dropped after
 * the call ran does. Every other request passes through unchanged. The answer it dropped is kept
 * for the test, which the client never saw.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DroppingProxy {
	/** The proxy's base URL (`http://127.0.0.1:<port>`), to use in place of n8n's. */
	baseUrl: string;
	/** Resolves with the body n8n answered for the dropped call. */
	dropped: Promise<string>;
	stop(): Promise<void>;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		stream.on('data', (c: Buffer) => chunks.push(c));
		stream.on('end', () => resolve(Buffer.concat(chunks)));
		stream.on('error', reject);
	});
}

function isCallOf(body: Buffer, tool: string): boolean {
	try {
		const message = JSON.parse(body.toString('utf8')) as { method?: unknown; params?: { name?: unknown } };
		return message.method === 'tools/call' && message.params?.name === tool;
	} catch {
		return false;
	}
}

/** The request's headers for n8n, asking for an uncompressed answer so the test can read the one it drops. */
function plainHeaders(req: IncomingMessage, host: string): Record<string, string | string[] | undefined> {
	const headers: Record<string, string | string[] | undefined> = { ...req.headers, host };
	delete headers['accept-encoding'];
	return headers;
}

export async function startDroppingProxy(upstream: string, tool: string): Promise<DroppingProxy> {
	const target = new URL(upstream);
	let armed = true;
	let resolveDropped: (body: string) => void = () => undefined;
	const dropped = new Promise<string>((resolve) => (resolveDropped = resolve));
	const forward = async (req: IncomingMessage, res: ServerResponse) => {
		const body = await readAll(req);
		const drop = armed && req.method === 'POST' && isCallOf(body, tool);
		if (drop) armed = false;
		const upstreamReq = request({ hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers: plainHeaders(req, target.host) }, (upstreamRes) => {
			if (!drop) {
				res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
				upstreamRes.pipe(res);
				return;
			}
			// n8n answered the call: the whole answer is read here and none of it reaches the client.
			void readAll(upstreamRes).then((answer) => {
				res.socket?.destroy();
				resolveDropped(answer.toString('utf8'));
			});
		});
		upstreamReq.on('error', () => res.socket?.destroy());
		upstreamReq.end(body);
	};
	const server = createServer((req, res) => void forward(req, res));
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		dropped,
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
