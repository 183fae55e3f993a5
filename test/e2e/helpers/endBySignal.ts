/**
 * How the demo ends after a signal's stop: by the signal itself, as an interrupted program does,
 * so npm and a calling shell see an interrupted run. Node runs no 'exit' handler for a process a
 * signal ends, and the harnesses remove their temporary folders there (the package packed and
 * installed once per process, test/harness/n8n/communityPackage.ts, 6.5 MB a run): they are run first.
 */
import { constants } from 'node:os';

type Proc = Pick<NodeJS.Process, 'listeners' | 'removeAllListeners' | 'kill' | 'pid'>;

export function endBySignal(signal: NodeJS.Signals, proc: Proc = process): void {
	const code = 128 + (constants.signals[signal] ?? 0);
	const handlers = proc.listeners('exit');
	proc.removeAllListeners('exit');
	for (const handler of handlers) {
		try {
			handler(code);
		} catch (error) {
			// One clean-up that fails leaves the others to run; the signal still ends the process.
			process.stderr.write(`a clean-up on exit failed: ${error instanceof Error ? error.message : String(error)}\n`);
		}
	}
	// Without its listener the signal's default action ends the process.
	proc.removeAllListeners(signal);
	proc.kill(proc.pid, signal);
}
