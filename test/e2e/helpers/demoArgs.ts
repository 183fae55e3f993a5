/**
 * The demo's command line (`npm run demo -- [--port N] [--queue]`) and the checks it can make
 * before anything is built or started: demo.sh runs them first (`demo.js --preflight ...`), so a
 * mistake or a taken port is said at once, not after the build; the demo runs them again when it
 * starts (the port may have been taken meanwhile).
 */
import { assertPortFree, PortTakenError } from '../../harness/n8n/freePort';

export const DEFAULT_PORT = 5678;
export const USAGE = 'npm run demo -- [--port N] [--queue]';
/** demo.sh's first run of the demo: check the arguments and the port, then exit 0. */
export const PREFLIGHT = '--preflight';

/** A mistake the person running the demo can fix: printed as `error:` and `hint:`, exit 2. */
export class DemoError extends Error {
	constructor(
		message: string,
		readonly hint: string,
	) {
		super(message);
	}
}

export interface DemoArgs {
	port: number;
	queue: boolean;
}

export function parseArgs(args: readonly string[]): DemoArgs {
	let port = DEFAULT_PORT;
	let queue = false;
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		if (arg === '--queue') queue = true;
		else if (arg === '--port' || arg.startsWith('--port=')) {
			const value = arg === '--port' ? (args[++i] ?? '') : arg.slice('--port='.length);
			port = Number(value);
			if (!/^\d+$/.test(value) || port < 1 || port > 65535) throw new DemoError(`--port ${JSON.stringify(value)} is not a port number`, `give one from 1 to 65535: ${USAGE}`);
		} else throw new DemoError(`unknown argument ${JSON.stringify(arg)}`, `usage: ${USAGE}`);
	}
	return { port, queue };
}

/** n8n's port must be free on 127.0.0.1; a taken one is a DemoError naming the next port to try. */
export async function checkPort(port: number): Promise<void> {
	try {
		await assertPortFree(port);
	} catch (error) {
		if (error instanceof PortTakenError) throw new DemoError(`n8n's ${error.message}`, `${error.hint}: npm run demo -- --port ${port + 1}`);
		throw error;
	}
}

/** The arguments after node and the script: whether this is demo.sh's preflight, and the demo's own. */
export function demoCommandLine(argv: readonly string[]): { preflight: boolean; args: DemoArgs } {
	const rest = argv.slice(2);
	const preflight = rest[0] === PREFLIGHT;
	return { preflight, args: parseArgs(preflight ? rest.slice(1) : rest) };
}
