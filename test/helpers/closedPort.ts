import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A port nothing listens on: bound once on 127.0.0.1, then closed. */
export async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((done) => server.close(() => done()));
	return port;
}
