/**
 * The demo stops on a signal sent to its own pid alone, at any point of its start, as a process
 * manager (SIGTERM to the top pid, not the group) or `kill -INT <pid>` sends it; nothing of its
 * process tree is left. Each run is a job of its own (process group) whose group the test never
 * signals, stdout a pipe, n8n on a free `--port`.
 * - `npm run demo`, SIGTERM to npm's pid while bash runs a step (tsc compiling the demo): npm
 *   passes it to bash, bash ends the step's session, and the demo never starts.
 * - `bash test/e2e/demo.sh`, SIGINT to its pid (the demo's node by then, bash `exec`s it) while
 *   n8n boots: the start is aborted and sshd, Prometheus, the stand-ins and the booting n8n stop.
 * Real: npm, bash, setsid, tsc, n8n 2.41.1, OpenSSH sshd, Prometheus. Stand-ins: the Odoo server
 * and the pipeline recorder (in the demo's node), the docker command (see helpers/stack.ts).
 */
import { freePorts } from '../../harness/n8n/freePort';
import { commandLine, leftBehind, listening, startDemo, type DemoRun } from './demoProcess';

/** Demos stopped by a signal to their own pid during the start. */
export function describeDemoSignals(): void {
	const running: DemoRun[] = [];

	afterAll(() => {
		for (const demo of running) demo.kill();
	});

	async function demoOnFreePort(command: string[]): Promise<{ demo: DemoRun; port: number }> {
		const [port] = await freePorts(1);
		const demo = startDemo([...command, '--port', String(port)]);
		running.push(demo);
		return { demo, port };
	}

	it('npm run demo: SIGTERM to npm alone while bash compiles the demo ends the step and the run; the demo never starts', async () => {
		const { demo } = await demoOnFreePort(['npm', 'run', 'demo', '--']);
		const tsc = await demo.waitForProcess('tsconfig.demo.json', 600_000);

		process.kill(demo.pid, 'SIGTERM');
		expect(await demo.exited).toEqual({ code: null, signal: 'SIGTERM' });
		expect(await leftBehind(demo)).toEqual([]);
		expect(tsc.cmd).toContain('tsc');
		expect(demo.output()).not.toContain('- starting sshd');
	}, 660_000);

	it('bash test/e2e/demo.sh: SIGINT to its pid alone while n8n boots stops the booting n8n, sshd and Prometheus', async () => {
		const { demo, port } = await demoOnFreePort(['bash', 'test/e2e/demo.sh']);
		await demo.waitFor('- starting n8n with the built package installed', 600_000);
		await demo.waitForProcess('n8n start', 60_000);
		demo.look();
		const tree = demo.seen().map((p) => p.cmd);
		// bash has become the demo's node (same pid), which has started the services.
		expect(commandLine(demo.pid)).toBe(`node node_modules/.cache/hermes-demo/test/e2e/demo.js --port ${port}`);
		for (const part of ['/usr/sbin/sshd', '/usr/bin/prometheus']) expect(tree.some((cmd) => cmd.includes(part))).toBe(true);
		expect(demo.output()).not.toContain('Hermes MCP Tools is running.');

		process.kill(demo.pid, 'SIGINT');
		expect(await demo.exited).toEqual({ code: null, signal: 'SIGINT' });
		expect(demo.output()).toContain('SIGINT: stopping n8n, sshd, Prometheus and the stand-ins...\nstopped.\n');
		expect(await leftBehind(demo)).toEqual([]);
		expect(await listening(port)).toBe(false);
	}, 660_000);
}
