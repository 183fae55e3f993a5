/**
 * The demo (`npm run demo`, `bash test/e2e/demo.sh` or its node) run the way a terminal or a
 * process manager runs it, for the tests that read what it prints and stop it with a signal: in
 * a process group of its own (a shell's job), its output, its process tree as it grows, and what
 * of that tree outlives a stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

import { descendants } from '../../harness/procTree';
import { REPO_ROOT } from './repoRoot';

/** The line the demo prints once the stack runs. */
export const DEMO_READY = 'Ctrl-C stops everything.';

export interface SeenProcess {
	pid: number;
	/** /proc's start time: a pid reused by another process later is not this one. */
	start: string;
	cmd: string;
}

export interface DemoRun {
	/** The pid the test signals alone (npm's, bash's, or node's). */
	pid: number;
	child: ChildProcess;
	output(): string;
	/** The first word after `label` where a line of the output starts with it (`  MCP endpoint   <url>`). */
	printed(label: string): string;
	/** Resolves once `text` is printed; rejects when the demo exits first or the time is up. */
	waitFor(text: string, timeoutMs: number): Promise<void>;
	/** Resolves once its tree holds a process whose command line contains `text`. */
	waitForProcess(text: string, timeoutMs: number): Promise<SeenProcess>;
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
	/** Every process of its tree seen so far (the tree is read every 250 ms and on demand). */
	seen(): SeenProcess[];
	/** Reads the tree now. */
	look(): void;
	/** Last resort (afterAll): SIGKILL its group and every process of its tree seen. */
	kill(): void;
}

function stat(pid: number): { state: string; start: string } | undefined {
	try {
		const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return { state: fields[0], start: fields[19] };
	} catch {
		return undefined;
	}
}

/** A process's command line, its arguments joined by spaces. */
export function commandLine(pid: number): string {
	try {
		return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
	} catch {
		return '';
	}
}

/** Still running: the same process (same start time) and not a zombie waiting for a reaper. */
export function stillRunning(process: SeenProcess): boolean {
	const now = stat(process.pid);
	return now !== undefined && now.start === process.start && now.state !== 'Z';
}

/** `command` from the repository root, in its own process group, stdout and stderr piped (not a terminal). */
export function startDemo(command: string[], env: Record<string, string> = {}): DemoRun {
	const child = spawn(command[0], command.slice(1), { cwd: REPO_ROOT, detached: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
	const pid = child.pid!;
	let text = '';
	child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
	/** By pid and start time. */
	const seen = new Map<string, SeenProcess>();
	const look = () => {
		for (const each of [pid, ...descendants(pid)]) {
			const now = stat(each);
			if (!now || now.state === 'Z') continue;
			// Read again each time: a process seen just after its fork still shows its parent's command line until it execs.
			const key = `${each}:${now.start}`;
			seen.set(key, { pid: each, start: now.start, cmd: commandLine(each) || (seen.get(key)?.cmd ?? '') });
		}
	};
	look();
	const timer = setInterval(look, 250);
	void exited.then(() => clearInterval(timer));

	const until = <T>(what: string, timeoutMs: number, probe: () => T | undefined) =>
		new Promise<T>((resolve, reject) => {
			const deadline = Date.now() + timeoutMs;
			const check = () => {
				const found = probe();
				if (found !== undefined) resolve(found);
				else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`the demo exited (${child.exitCode ?? child.signalCode}) before ${what}:\n${text.slice(-4000)}`));
				else if (Date.now() > deadline) reject(new Error(`no ${what} within ${timeoutMs / 1000} s; output so far:\n${text.slice(-4000)}`));
				else setTimeout(check, 100);
			};
			check();
		});

	return {
		pid,
		child,
		output: () => text,
		printed: (label) => new RegExp(`^ {2}${label}\\s+(\\S+)`, 'm').exec(text)?.[1] ?? '',
		waitFor: async (wanted, timeoutMs) => void (await until(`"${wanted}" printed`, timeoutMs, () => (text.includes(wanted) ? true : undefined))),
		waitForProcess: (wanted, timeoutMs) =>
			until(`a process "${wanted}"`, timeoutMs, () => {
				look();
				return [...seen.values()].find((p) => p.cmd.includes(wanted) && stillRunning(p));
			}),
		exited,
		seen: () => [...seen.values()],
		look,
		kill: () => {
			try {
				process.kill(-pid, 'SIGKILL');
			} catch {
				// group gone
			}
			for (const p of seen.values()) {
				try {
					if (stillRunning(p)) process.kill(p.pid, 'SIGKILL');
				} catch {
					// gone meanwhile
				}
			}
		},
	};
}

/** The processes of its tree still running `graceMs` after it exited (none, when the stop was clean). */
export async function leftBehind(demo: DemoRun, graceMs = 10_000): Promise<SeenProcess[]> {
	await demo.exited;
	const deadline = Date.now() + graceMs;
	let left = demo.seen().filter(stillRunning);
	while (left.length > 0 && Date.now() < deadline) {
		await new Promise((done) => setTimeout(done, 250));
		left = left.filter(stillRunning);
	}
	return left;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function listening(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

/** The port of a printed `http://127.0.0.1:<port>...` URL. */
export const portOf = (url: string): number => Number(new URL(url).port);
