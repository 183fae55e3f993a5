import { createServer, type Server } from 'node:net';

function listenOn(port: number): Promise<Server> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve(server));
	});
}

const listen = () => listenOn(0);

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

/** A port someone asked for that another process holds: the message names it, the hint what to do. */
export class PortTakenError extends Error {
	readonly hint: string;
	constructor(readonly port: number) {
		super(`port ${port} on 127.0.0.1 is taken`);
		this.hint = `stop what listens there (\`ss -ltnp 'sport = :${port}'\` names it), or choose another port`;
	}
}

/** Fails with PortTakenError when `port` cannot be bound on 127.0.0.1 (where the harness's n8n listens). */
export async function assertPortFree(port: number): Promise<void> {
	const server = await listenOn(port).catch((error: NodeJS.ErrnoException) => {
		if (error.code === 'EADDRINUSE') throw new PortTakenError(port);
		throw error;
	});
	await new Promise<void>((resolve) => server.close(() => resolve()));
}
