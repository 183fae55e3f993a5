/**
 * A queue-mode worker paused (SIGSTOP) in the middle of a call, between the insert of its row in a
 * Data Table and the commit of that insert, while an identical call runs on the other worker
 * (test/harness/queue/heldInserts.ts holds the table's inserts so the insert can be caught
 * there). Real n8n main, workers and webhook process, real PostgreSQL and Redis.
 */
import { readFileSync } from 'node:fs';

import { holdInserts } from '../../harness/queue/heldInserts';
import type { QueueN8nHandle } from '../../harness/queue/stack';
import { signalGroup } from '../../harness/n8n/process';
import { api } from './n8nRest';

/** Jobs a worker started, from its own log (n8n logs one line per job it takes). */
export const jobsRunBy = (worker: { logFile: string }) => (readFileSync(worker.logFile, 'utf8').match(/Worker started execution \d+/g) ?? []).length;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface PausedRun<T> {
	/** The paused call's answer, after it resumed. */
	paused: T;
	/** The identical call's answer, given while the first was paused. */
	other: T;
	/** How long the first call's worker was stopped, ms. */
	stoppedMs: number;
	/** Tries until the identical call reached the other worker (Bull may hand it to the paused one). */
	tries: number;
}

/**
 * Starts `call(attempt)`, waits until its insert into `table` waits on the hold, pauses the worker
 * running it, releases the hold (the insert is done, its commit waits for the worker), runs
 * `call(attempt)` again to its answer on the other worker, keeps the first worker stopped at least
 * `stopMs`, and resumes it. When Bull hands the second call to the paused worker the try is
 * finished with `giveUp` and made again with the next attempt, up to `tries` times.
 */
export async function pausedMidInsert<T>(n8n: QueueN8nHandle, table: string, call: (attempt: number) => Promise<T>, options: { stopMs: number; tries: number; giveUp: (paused: T, other: T) => Promise<void> }): Promise<PausedRun<T>> {
	const tables = await api<{ data: Array<{ id: string; name: string }> }>(n8n, 'GET', '/data-tables');
	const tableId = tables.data.find((t) => t.name === table)?.id;
	if (tableId === undefined) throw new Error(`no data table ${table}`);
	for (let attempt = 1; attempt <= options.tries; attempt++) {
		const held = await holdInserts(n8n.postgres, tableId);
		let released = false;
		const before = n8n.workers.map(jobsRunBy);
		const first = call(attempt);
		let victim = -1;
		try {
			await held.insertWaiting();
			victim = n8n.workers.findIndex((w, i) => jobsRunBy(w) > before[i]);
			if (victim < 0) throw new Error('no worker logged the first call');
			signalGroup(n8n.workers[victim].child, 'SIGSTOP');
			const stoppedAt = Date.now();
			await held.release();
			released = true;
			const others = n8n.workers.map((w, i) => (i === victim ? Infinity : jobsRunBy(w)));
			const second = call(attempt);
			// The other worker logs the job at once; none did: the paused one holds it.
			let reached = false;
			for (const deadline = Date.now() + 10_000; !reached && Date.now() < deadline; await sleep(50)) reached = n8n.workers.some((w, i) => i !== victim && jobsRunBy(w) > others[i]);
			if (!reached) {
				signalGroup(n8n.workers[victim].child, 'SIGCONT');
				await options.giveUp(await first, await second);
				continue;
			}
			const other = await second;
			await sleep(Math.max(0, options.stopMs - (Date.now() - stoppedAt)));
			const stoppedMs = Date.now() - stoppedAt;
			signalGroup(n8n.workers[victim].child, 'SIGCONT');
			return { paused: await first, other, stoppedMs, tries: attempt };
		} finally {
			if (victim >= 0) signalGroup(n8n.workers[victim].child, 'SIGCONT');
			if (!released) await held.release();
			await first.catch(() => undefined);
			held.remove();
		}
	}
	throw new Error(`the identical call reached the paused worker in each of ${options.tries} tries`);
}
