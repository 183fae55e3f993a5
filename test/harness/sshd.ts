/**
 * A real OpenSSH sshd on 127.0.0.1 for integration tests: throwaway host and user keys, its own
 * config in a temp dir, a free port. It logs in as the current user (root here, hence
 * `PermitRootLogin prohibit-password`) and sets HOME to a private directory for every session,
 * so `~/...` paths of remote scripts stay inside the test's temp dir.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { SshConnectionOptions } from '../../nodes/shared/transport/types';
import { descendants } from './procTree';

export interface SshdHandle {
	host: '127.0.0.1';
	port: number;
	username: string;
	/** HOME of every session (a fresh directory in the temp dir). */
	homeDir: string;
	/** `SHA256:...` as `ssh-keygen -lf` prints it. */
	hostKeyFingerprint: string;
	/** OpenSSH private key (ed25519, no passphrase) authorised for `username`. */
	privateKey: string;
	connection: SshConnectionOptions;
	/** hermesSshApi credential data, as n8n hands it to a node. */
	credentials: ICredentialDataDecryptedObject;
	/** The temp dir that holds config, keys, logs and homeDir (removed by stop()). */
	dir: string;
	/** Stops sshd and its sessions, removes the temp dir. */
	stop(): Promise<void>;
	/** SIGKILL sshd and every session process it spawned (keeps the temp dir: start() again). */
	kill(): Promise<void>;
	/** (Re)starts sshd on the same port with the same keys; no-op when running. */
	start(): Promise<void>;
	/** sshd's log so far (for failure messages). */
	log(): string;
	/** The listening sshd's pid (its sessions and commands are its descendants); undefined when stopped. */
	pid(): number | undefined;
}

export interface SshdOptions {
	/** Listen on this port instead of a free one (e.g. to start sshd late on a known port). */
	port?: number;
	/** Extra sshd_config lines (e.g. `MaxSessions 2`). */
	extraConfig?: string[];
	/** Extra environment of every session (e.g. PATH); sshd reads only its first SetEnv line. */
	env?: Record<string, string>;
}

const SSHD = '/usr/sbin/sshd';

export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

function keygen(path: string): void {
	execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'hermes-test', '-f', path]);
}

/** `256 SHA256:abc... comment (ED25519)` -> `SHA256:abc...` */
export function fingerprintOfPublicKeyFile(path: string): string {
	const line = execFileSync('ssh-keygen', ['-lf', path], { encoding: 'utf8' });
	const token = line.split(/\s+/).find((part) => part.startsWith('SHA256:'));
	if (!token) throw new Error(`ssh-keygen -lf printed no SHA256 fingerprint: ${line}`);
	return token;
}

/** Alive and not a zombie (a zombie holds no sockets; PID 1 of a container may never reap it). */
function isRunning(pid: number): boolean {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
	} catch {
		return false;
	}
}

function signal(pids: number[], sig: NodeJS.Signals): void {
	for (const pid of pids) {
		try {
			process.kill(pid, sig);
		} catch {
			// already gone
		}
	}
}

/** Resolves once the port answers with an SSH banner. */
async function waitForBanner(port: number, child: ChildProcess, logPath: string): Promise<void> {
	const deadline = Date.now() + 10_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`sshd exited (${child.exitCode ?? child.signalCode}): ${readFileSync(logPath, 'utf8')}`);
		}
		const ok = await new Promise<boolean>((resolve) => {
			const sock = tcpConnect(port, '127.0.0.1');
			let data = '';
			const done = (value: boolean) => {
				sock.destroy();
				resolve(value);
			};
			sock.setTimeout(1000, () => done(false));
			sock.on('data', (chunk) => {
				data += chunk.toString('latin1');
				if (data.startsWith('SSH-')) done(true);
			});
			sock.on('error', () => done(false));
			sock.on('close', () => done(data.startsWith('SSH-')));
		});
		if (ok) return;
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error(`sshd did not accept on port ${port}: ${readFileSync(logPath, 'utf8')}`);
}

export async function startSshd(options: SshdOptions = {}): Promise<SshdHandle> {
	const dir = mkdtempSync(join(tmpdir(), 'hermes-sshd-'));
	const homeDir = join(dir, 'home');
	mkdirSync(homeDir);
	// sshd as root insists on its privilege separation directory; as another user it is not used.
	if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true });
	keygen(join(dir, 'host_ed25519'));
	keygen(join(dir, 'user_ed25519'));
	writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'user_ed25519.pub')));
	const hostKeyFingerprint = fingerprintOfPublicKeyFile(join(dir, 'host_ed25519.pub'));
	const privateKey = readFileSync(join(dir, 'user_ed25519'), 'utf8');
	const username = userInfo().username;
	const logPath = join(dir, 'sshd.log');

	const configFor = (port: number) =>
		[
			`Port ${port}`,
			'ListenAddress 127.0.0.1',
			`HostKey ${join(dir, 'host_ed25519')}`,
			`AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
			`PidFile ${join(dir, 'sshd.pid')}`,
			'UsePAM no',
			'StrictModes no',
			'PasswordAuthentication no',
			'KbdInteractiveAuthentication no',
			'PermitRootLogin prohibit-password',
			['SetEnv', `HOME=${homeDir}`, ...Object.entries(options.env ?? {}).map(([name, value]) => `${name}=${value}`)].join(' '),
			'LogLevel ERROR',
			...(options.extraConfig ?? []),
			'',
		].join('\n');

	let port = options.port ?? 0;
	let child: ChildProcess | undefined;

	const launch = async () => {
		if (child && child.exitCode === null && child.signalCode === null) return;
		for (let attempt = 0; ; attempt++) {
			const chosen = port || (await freePort());
			writeFileSync(join(dir, 'sshd_config'), configFor(chosen));
			const logFd = openSync(logPath, 'a');
			const proc = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', logFd, logFd] });
			closeSync(logFd);
			try {
				await waitForBanner(chosen, proc, logPath);
				port = chosen;
				child = proc;
				return;
			} catch (error) {
				proc.kill('SIGKILL');
				// another process took the free port between probe and bind: pick a new one
				if (options.port || attempt >= 3) throw error;
			}
		}
	};

	const killAll = async (sig: NodeJS.Signals) => {
		const proc = child;
		if (!proc || proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
		const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
		const pids = [...descendants(proc.pid), proc.pid];
		signal(pids, sig);
		await exited;
		// Session processes are not our children: wait until they are gone too, so the port is
		// closed and no half-dead session answers when kill() has returned.
		const deadline = Date.now() + 5000;
		while (pids.some(isRunning) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
		child = undefined;
	};

	await launch();

	const connection: SshConnectionOptions = {
		host: '127.0.0.1',
		port,
		username,
		authMethod: 'privateKey',
		privateKey,
		hostKeyFingerprint,
		acceptAnyHostKey: false,
	};

	return {
		host: '127.0.0.1',
		port,
		username,
		homeDir,
		hostKeyFingerprint,
		privateKey,
		connection,
		// The same fields as hermesSshApi stores them (empty strings for unused secrets).
		credentials: { ...connection, passphrase: '', password: '' },
		dir,
		log: () => {
			try {
				return readFileSync(logPath, 'utf8');
			} catch {
				return '';
			}
		},
		pid: () => child?.pid,
		start: launch,
		kill: async () => killAll('SIGKILL'),
		stop: async () => {
			await killAll('SIGKILL');
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
