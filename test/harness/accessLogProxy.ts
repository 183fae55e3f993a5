/**
 * A reverse proxy in front of n8n, as an operator runs one (nginx, Caddy): it forwards every
 * request on 127.0.0.1 to n8n, appends the peer address to X-Forwarded-For as nginx's
 * `$proxy_add_x_forwarded_for` does, and keeps an access log of each request line (method and
 * URL as received), which is what a proxy's log would hold.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AccessLogEntry {
	method: string;
	/** The request target exactly as it arrived (path and query). */
	url: string;
}

export interface AccessLogProxy {
	/** The proxy's base URL, `http://127.0.0.1:<port>`. */
	url: string;
	readonly log: readonly AccessLogEntry[];
	close(): Promise<void>;
}

export async function startAccessLogProxy(upstream: string): Promise<AccessLogProxy> {
	const target = new URL(upstream);
	const log: AccessLogEntry[] = [];
	const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
		log.push({ method: req.method ?? '', url: req.url ?? '' });
		const peer = req.socket.remoteAddress ?? '';
		const forwarded = req.headers['x-forwarded-for'];
		const headers = { ...req.headers, host: target.host, 'x-forwarded-for': forwarded ? `${String(forwarded)}, ${peer}` : peer };
		const outgoing = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		});
		outgoing.on('error', (error) => {
			res.writeHead(502, { 'content-type': 'text/plain' });
			res.end(`proxy: ${error.message}`);
		});
		req.pipe(outgoing);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		log,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
