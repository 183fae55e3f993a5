/**
 * Holds the inserts into one n8n Data Table in the real PostgreSQL of a queue-mode stack, and only
 * the inserts: a trigger of the test's makes each insert wait for an advisory lock a psql session
 * of the test holds (reads, updates and deletes pass). The fault tests use it to catch a worker
 * between the insert of a row and its commit: they wait for the insert to queue, pause the
 * worker, then release the lock, so the insert is done but the worker, paused, has not committed
 * it (n8n's insert is BEGIN, INSERT, COMMIT from the worker).
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';

import { postgresBinDir, type PostgresHandle } from './postgres';

export interface HeldInserts {
	/** Resolves once an insert into the table waits on the hold (polled, up to timeoutMs). */
	insertWaiting(timeoutMs?: number): Promise<void>;
	/** Ends the hold: the waiting insert runs, and later ones pass. */
	release(): Promise<void>;
	/** Drops the trigger: only once no insert of the table is left uncommitted (dropping waits for them). */
	remove(): void;
}

const LOCK_KEY = 724_242;

export async function holdInserts(postgres: PostgresHandle, dataTableId: string): Promise<HeldInserts> {
	const args = ['-h', postgres.host, '-p', String(postgres.port), '-U', 'postgres', '-d', postgres.database, '-v', 'ON_ERROR_STOP=1', '-q'];
	const psql = join(postgresBinDir(), 'psql');
	const query = (sql: string) => execFileSync(psql, [...args, '-At', '-c', sql], { encoding: 'utf8' }).trim();
	// n8n's own name of the table (its id is mixed case: quoted).
	const table = `"data_table_user_${dataTableId}"`;
	const session = spawn(psql, args, { stdio: ['pipe', 'pipe', 'pipe'] });
	let out = '';
	session.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
	session.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
	const said = async (text: string) => {
		for (const deadline = Date.now() + 10_000; !out.includes(text); ) {
			if (Date.now() > deadline || session.exitCode !== null) throw new Error(`psql did not say "${text}": ${out}`);
			await new Promise((done) => setTimeout(done, 20));
		}
	};
	session.stdin.write(`SELECT pg_advisory_lock(${LOCK_KEY}), 'held' AS state;\n`);
	await said('held');
	query(`CREATE OR REPLACE FUNCTION hermes_test_hold() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock_shared(${LOCK_KEY}); RETURN NEW; END $$`);
	query(`CREATE TRIGGER hermes_test_hold BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION hermes_test_hold()`);
	return {
		insertWaiting: async (timeoutMs = 30_000) => {
			const waiting = `SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'advisory' AND query ILIKE 'INSERT INTO%data_table_user_${dataTableId}%'`;
			for (const deadline = Date.now() + timeoutMs; query(waiting) === '0'; ) {
				if (Date.now() > deadline) throw new Error(`no insert into data table ${dataTableId} waited within ${timeoutMs} ms`);
				await new Promise((done) => setTimeout(done, 50));
			}
		},
		release: async () => {
			if (session.exitCode !== null) return;
			session.stdin.end(`SELECT pg_advisory_unlock(${LOCK_KEY}), 'released' AS state;\n`);
			await said('released');
			await new Promise<void>((done) => (session.exitCode !== null ? done() : session.once('exit', () => done())));
		},
		remove: () => void query(`DROP TRIGGER IF EXISTS hermes_test_hold ON ${table}`),
	};
}
