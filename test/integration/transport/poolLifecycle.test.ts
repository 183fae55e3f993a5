/**
 * Pool lifecycle against a real OpenSSH sshd: idle connections close, and an idle pool never
 * keeps a Node process alive (n8n must be able to exit with warm connections in the pool).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import ts from 'typescript';

import { startSshd, type SshdHandle } from '../../harness/sshd';
import { buildCommandLine, clientTimeoutMs } from '../../../nodes/shared/transport/command';
import { ConnectionPool } from '../../../nodes/shared/transport/pool';
import type { RemoteCommand } from '../../../nodes/shared/transport/types';
import { pause } from './probeNode';

const ROOT = join(__dirname, '../../..');

// Generous: under a loaded CI machine, starting sshd and handshakes can take seconds.
jest.setTimeout(30_000);

let sshd: SshdHandle;
beforeAll(async () => {
	sshd = await startSshd();
});
afterAll(async () => {
	await sshd?.stop();
});

const COMMAND: RemoteCommand = { script: 'printf ok', timeoutSeconds: 5, readOnly: true };
const request = { line: buildCommandLine(COMMAND), timeoutSeconds: 5, clientTimeoutMs: clientTimeoutMs(COMMAND) };

/** Session processes of sshd's own children: one per open connection. */
function sshdConnections(): number {
	const pid = Number(readFileSync(join(sshd.dir, 'sshd.pid'), 'utf8'));
	let count = 0;
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) count++;
		} catch {
			// process ended while we were reading
		}
	}
	return count;
}

test('an idle connection is closed after the idle delay, on both ends', async () => {
	const pool = new ConnectionPool(300);
	expect((await pool.run(sshd.connection, request)).stdout.toString()).toBe('ok');
	expect(pool.size()).toBe(1);
	expect(sshdConnections()).toBe(1);
	await pause(1500);
	expect(pool.size()).toBe(0);
	expect(sshdConnections()).toBe(0);
	// The next call simply opens a new connection.
	expect((await pool.run(sshd.connection, request)).stdout.toString()).toBe('ok');
	await pool.closeAll();
});

test('a process whose pool holds a warm connection still exits on its own', () => {
	// Transpile the transport (as the build would) and run it in a child Node process that
	// never calls closeAllConnections: it must end long before the 30 s idle close.
	const out = mkdtempSync(join(tmpdir(), 'hermes-pool-exit-'));
	try {
		const dir = join(ROOT, 'nodes/shared/transport');
		for (const file of [...readdirSync(dir).map((name) => join(dir, name)), join(ROOT, 'nodes/shared/shellQuote.ts')]) {
			const js = ts.transpileModule(readFileSync(file, 'utf8'), {
				compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
			}).outputText;
			const target = join(out, file.slice(ROOT.length)).replace(/\.ts$/, '.js');
			mkdirSync(dirname(target), { recursive: true });
			writeFileSync(target, js);
		}
		const script = `
			const { runRemote } = require(${JSON.stringify(join(out, 'nodes/shared/transport/index.js'))});
			runRemote(JSON.parse(process.env.CONN), { script: 'printf ok', timeoutSeconds: 5, readOnly: true })
				.then((r) => process.stdout.write('answer ' + r.stdout.toString()));
		`;
		const started = Date.now();
		const child = spawnSync(process.execPath, ['-e', script], {
			env: { ...process.env, CONN: JSON.stringify(sshd.connection), NODE_PATH: join(ROOT, 'node_modules') },
			encoding: 'utf8',
			timeout: 20_000,
		});
		expect(child.stderr).toBe('');
		expect(child.stdout).toBe('answer ok');
		expect(child.signal).toBeNull(); // not killed by spawnSync's 20 s guard
		expect(child.status).toBe(0);
		expect(Date.now() - started).toBeLessThan(20_000);
	} finally {
		rmSync(out, { recursive: true, force: true });
	}
}, 30_000);
