/**
 * A throwaway PostgreSQL server (Debian's package, no system service) on 127.0.0.1 and a free
 * port: initdb into a temp folder, pg_ctl start, one role and one database for n8n; stop()
 * shuts it down and removes the folder. initdb refuses to run as root, so under root the server
 * runs as the `postgres` user the package creates.
 */
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePorts } from '../n8n/freePort';

export interface PostgresHandle {
	host: string;
	port: number;
	database: string;
	user: string;
	password: string;
	/** The server's own log (kept after stop() while the folder exists; shown on a failed start). */
	logFile: string;
	stop(): Promise<void>;
}

/** Debian installs the server binaries per major version, off PATH. */
export function postgresBinDir(): string {
	const root = '/usr/lib/postgresql';
	const majors = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
	const found = majors.map((major) => join(root, major, 'bin')).find((bin) => existsSync(join(bin, 'initdb')));
	if (!found) throw new Error('PostgreSQL is not installed: run `bash test/setup/install-queue-deps.sh` first');
	return found;
}

/** uid/gid to run the server as: the `postgres` user under root, the current user otherwise. */
function serverUser(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
	return { uid: id('-u'), gid: id('-g') };
}

export async function startPostgres(timeoutSeconds = 60): Promise<PostgresHandle> {
	const bin = postgresBinDir();
	const user = serverUser();
	const [port] = await freePorts(1);
	const dir = mkdtempSync(join(tmpdir(), 'hermes-pg-'));
	if (user) chownSync(dir, user.uid, user.gid);
	const data = join(dir, 'data');
	const logFile = join(dir, 'server.log');
	const run = (tool: string, args: string[]) => {
		const options: ExecFileSyncOptions = { cwd: dir, stdio: 'pipe', timeout: timeoutSeconds * 1000, ...(user ?? {}) };
		return execFileSync(join(bin, tool), args, options);
	};
	const handle: PostgresHandle = {
		host: '127.0.0.1',
		port,
		database: 'n8n',
		user: 'n8n',
		password: 'hermes-queue-db',
		logFile,
		stop: async () => undefined,
	};
	let started = false;
	const stopSync = () => {
		if (started) {
			started = false;
			try {
				run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', String(timeoutSeconds), 'stop']);
			} catch {
				// already down
			}
		}
		rmSync(dir, { recursive: true, force: true });
	};
	// pg_ctl daemonises the server outside this process group: stop it even when the run dies.
	process.once('exit', stopSync);
	try {
		run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
		// The socket goes in the temp folder too: /var/run/postgresql may not exist or be shared.
		const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
		started = true;
		run('pg_ctl', ['-D', data, '-o', serverOptions, '-l', logFile, '-w', '-t', String(timeoutSeconds), 'start']);
		const sql = (statement: string) => run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', statement]);
		sql(`CREATE ROLE ${handle.user} LOGIN PASSWORD '${handle.password}'`);
		sql(`CREATE DATABASE ${handle.database} OWNER ${handle.user}`);
	} catch (error) {
		const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
		let log = '';
		try {
			log = execFileSync('tail', ['-n', '30', logFile], { encoding: 'utf8' });
		} catch {
			// no log yet
		}
		stopSync();
		process.removeListener('exit', stopSync);
		throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${stderr}\n${log}`);
	}
	handle.stop = async () => {
		stopSync();
		process.removeListener('exit', stopSync);
	};
	return handle;
}
