import { createServer, type Server } from 'node:net';

function listen(): Promise<Server> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve(server));
	});
}

/** `count` distinct free ports on 127.0.0.1 (all held open together, then released). */
export async function freePorts(count: number): Promise<number[]> {
	const servers = await Promise.all(Array.from({ length: count }, listen));
	const ports = servers.map((server) => {
		const address = server.address();
		if (address === null || typeof address === 'string') throw new Error('no TCP address');
		return address.port;
	});
	await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
	return ports;
}
