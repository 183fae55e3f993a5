/**
 * Processes as Linux shows them in /proc: the descendants of a process, and the CPU time a process
 * tree used. A test host (sshd) forks a process per connection and per command; their CPU is
 * counted where it ends up: a live process's own time, plus the time of the children it reaped.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	} catch {
		return undefined; // ended while we were reading
	}
}

/** Every descendant pid of `root`. */
export function descendants(root: number): number[] {
	const children = new Map<number, number[]>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const fields = statFields(Number(entry));
		if (!fields) continue;
		const ppid = Number(fields[1]);
		const list = children.get(ppid) ?? [];
		list.push(Number(entry));
		children.set(ppid, list);
	}
	const out: number[] = [];
	const queue = [root];
	while (queue.length) {
		for (const child of children.get(queue.shift()!) ?? []) {
			out.push(child);
			queue.push(child);
		}
	}
	return out;
}

let clockTicks: number | undefined;
/** The kernel's clock ticks per second (USER_HZ), the unit of /proc's CPU times. */
function ticksPerSecond(): number {
	clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
	return clockTicks;
}

/**
 * CPU seconds (user + system) used so far by `root` and its live descendants, including what
 * each of them reaped from children that already ended (a reaped child's time moves into its
 * parent's cutime/cstime, so nothing is counted twice).
 */
export function treeCpuSeconds(root: number): number {
	let ticks = 0;
	for (const pid of [root, ...descendants(root)]) {
		const fields = statFields(pid);
		// utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name and state.
		if (fields) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
	}
	return ticks / ticksPerSecond();
}
