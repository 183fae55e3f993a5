/**
 * The demo's start and end that need no n8n: its command line, the preflight demo.sh runs before
 * the installs and the build (a taken --port is said at once, not after a 38 s build), and its end
 * by its own signal, which runs the clean-ups left for the process's exit first (the package
 * folder test/harness/n8n/communityPackage.ts packs into was left behind by every run).
 *
 * Real: a TCP port held by this test; demo.sh as a file. Stand-in: the process the demo ends (an
 * EventEmitter with a pid and a kill that records).
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { constants } from 'node:os';
import { join } from 'node:path';

import { checkPort, DemoError, demoCommandLine, parseArgs, PREFLIGHT } from '../../e2e/helpers/demoArgs';
import { endBySignal } from '../../e2e/helpers/endBySignal';

describe('parseArgs', () => {
	it.each<[string[], { port: number; queue: boolean }]>([
		[[], { port: 5678, queue: false }],
		[['--port', '5679'], { port: 5679, queue: false }],
		[['--port=1'], { port: 1, queue: false }],
		[['--queue', '--port', '65535'], { port: 65535, queue: true }],
	])('takes %j', (args, parsed) => expect(parseArgs(args)).toEqual(parsed));

	it.each<[string[], RegExp]>([
		[['--port'], /^--port "" is not a port number$/],
		[['--port', '0'], /^--port "0" is not a port number$/],
		[['--port', '65536'], /is not a port number/],
		[['--port=12ab'], /is not a port number/],
		[['--prot', '1'], /^unknown argument "--prot"$/],
		[[PREFLIGHT], /^unknown argument "--preflight"$/],
	])('refuses %j', (args, message) => {
		expect(() => parseArgs(args)).toThrow(DemoError);
		expect(() => parseArgs(args)).toThrow(message);
	});
});

it.each<[string[], boolean, number]>([
	[['node', 'demo.js', PREFLIGHT, '--port', '5700'], true, 5700],
	[['node', 'demo.js', '--port', '5700'], false, 5700],
	[['node', 'demo.js'], false, 5678],
])('demoCommandLine(%j): preflight %s, port %s', (argv, preflight, port) => {
	expect(demoCommandLine(argv)).toEqual({ preflight, args: { port, queue: false } });
});

describe('checkPort', () => {
	let held: Server;
	let port: number;
	beforeAll(async () => {
		held = createServer();
		await new Promise<void>((done) => held.listen(0, '127.0.0.1', done));
		port = (held.address() as { port: number }).port;
	});
	afterAll(() => new Promise<void>((done) => held.close(() => done())));

	it('a taken port: a DemoError naming it and the next port to try', async () => {
		await expect(checkPort(port)).rejects.toEqual(expect.objectContaining({ message: `n8n's port ${port} on 127.0.0.1 is taken`, hint: expect.stringMatching(new RegExp(`npm run demo -- --port ${port + 1}$`)) }));
		await expect(checkPort(port)).rejects.toBeInstanceOf(DemoError);
	});

	it('a free port passes', async () => {
		const free = createServer();
		await new Promise<void>((done) => free.listen(0, '127.0.0.1', done));
		const freed = (free.address() as { port: number }).port;
		await new Promise<void>((done) => free.close(() => done()));
		await expect(checkPort(freed)).resolves.toBeUndefined();
	});
});

it('demo.sh runs the preflight with the arguments first, before any install or build', () => {
	const lines = readFileSync(join(__dirname, '..', '..', 'e2e', 'demo.sh'), 'utf8').split('\n');
	const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
	const preflight = at(/^step node "\$out\/test\/e2e\/demo\.js" --preflight "\$@"$/);
	expect(preflight).toBeGreaterThan(at(/^step npx tsc -p test\/e2e\/tsconfig\.demo\.json$/));
	for (const later of [/install-host-deps\.sh/, /install-n8n\.sh/, /npm run build/, /^exec node /]) expect(at(later)).toBeGreaterThan(preflight);
	expect(lines.filter((line) => /^rm -rf "\$out"$/.test(line))).toHaveLength(1);
	expect(at(/^rm -rf "\$out"$/)).toBeLessThan(at(/tsconfig\.demo\.json$/));
});

describe('endBySignal', () => {
	function fakeProcess() {
		const proc = Object.assign(new EventEmitter(), { pid: 4242, sent: [] as Array<[number, string]>, kill: (pid: number, signal: string) => void proc.sent.push([pid, signal]) });
		return proc;
	}

	it.each<NodeJS.Signals>(['SIGINT', 'SIGTERM'])('%s: runs the exit clean-ups with the code of the signal, then ends by the signal', (signal) => {
		const proc = fakeProcess();
		const order: string[] = [];
		proc.once('exit', (code: number) => order.push(`remove the package folder (${code}), sent ${proc.sent.length}`));
		proc.on('exit', () => order.push('kill n8n'));
		proc.on(signal, () => order.push('the stop'));
		endBySignal(signal, proc as unknown as NodeJS.Process);
		expect(order).toEqual([`remove the package folder (${128 + constants.signals[signal]}), sent 0`, 'kill n8n']);
		expect(proc.sent).toEqual([[4242, signal]]);
		// The signal's own handler is gone, so its default action ends the process; no clean-up runs twice.
		expect(proc.listenerCount(signal)).toBe(0);
		expect(proc.listenerCount('exit')).toBe(0);
	});

	it('a clean-up that fails leaves the others to run, and the signal is still sent', () => {
		const proc = fakeProcess();
		const ran: string[] = [];
		const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
		try {
			proc.on('exit', () => {
				throw new Error('EBUSY');
			});
			proc.on('exit', () => ran.push('second'));
			endBySignal('SIGTERM', proc as unknown as NodeJS.Process);
			expect(stderr).toHaveBeenCalledWith(expect.stringContaining('EBUSY'));
		} finally {
			stderr.mockRestore();
		}
		expect(ran).toEqual(['second']);
		expect(proc.sent).toEqual([[4242, 'SIGTERM']]);
	});
});
