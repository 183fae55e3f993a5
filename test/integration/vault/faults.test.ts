/**
 * Faults on the write path, with real parts: the SSH connection is cut mid-transfer by a TCP
 * relay on 127.0.0.1 sitting between the node and the real sshd (it forwards the first bytes,
 * then destroys both sides, as a network failure would); the host script gets a short stdin
 * or a wrong digest; the bare remote disappears during a push.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

import { WRITE_SCRIPT } from '../../../nodes/HermesVault/scripts/write';
import { closeAllConnections, runRemote } from '../../../nodes/shared/transport';
import type { GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { callVault, useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

useVaultSuite((started, created) => {
	sshd = started;
	vault = created;
});

interface CuttingRelay {
	port: number;
	/** Bytes the client tried to send / bytes forwarded to sshd before the cut. */
	stats: { sent: number; forwarded: number; cut: boolean };
	close(): Promise<void>;
}

/** Forwards client -> sshd until `cutAfter` bytes, then destroys both sockets. */
async function cuttingRelay(targetPort: number, cutAfter: number): Promise<CuttingRelay> {
	const stats = { sent: 0, forwarded: 0, cut: false };
	const sockets = new Set<Socket>();
	const server: Server = createServer((client) => {
		const upstream = connect(targetPort, '127.0.0.1');
		sockets.add(client).add(upstream);
		const cut = () => {
			stats.cut = true;
			client.destroy();
			upstream.destroy();
		};
		client.on('data', (chunk: Buffer) => {
			stats.sent += chunk.length;
			if (stats.cut) return;
			const room = cutAfter - stats.forwarded;
			const part = chunk.subarray(0, Math.max(0, room));
			stats.forwarded += part.length;
			upstream.write(part);
			if (part.length < chunk.length) cut();
		});
		upstream.on('data', (chunk: Buffer) => client.write(chunk));
		client.on('error', () => upstream.destroy());
		upstream.on('error', () => client.destroy());
		client.on('close', () => upstream.destroy());
		upstream.on('close', () => client.destroy());
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return {
		port,
		stats,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

async function waitForEmptySpool(): Promise<string[]> {
	const spool = join(vault.root, '.git/hermes-vault');
	let left: string[] = [];
	for (let i = 0; i < 100; i++) {
		left = existsSync(spool) ? readdirSync(spool) : [];
		if (!left.length) return left;
		await new Promise((r) => setTimeout(r, 100));
	}
	return left;
}

const BIG = 'ü'.repeat(75_000); // 150,000 bytes

/** Bytes a client sends to connect, authenticate and run one small command (no stdin). */
async function handshakeBytes(): Promise<number> {
	const relay = await cuttingRelay(sshd.port, Number.MAX_SAFE_INTEGER);
	try {
		const result = await runRemote({ ...sshd.connection, port: relay.port }, { script: 'true', timeoutSeconds: 10, readOnly: false });
		expect(result.exitCode).toBe(0);
		return relay.stats.sent;
	} finally {
		await closeAllConnections();
		await relay.close();
	}
}

test('the SSH connection cut mid-transfer: __WRITE_FAILED__, no partial file, no commit', async () => {
	// The cut point lies well past the handshake, authentication and command: inside the content.
	const overhead = await handshakeBytes();
	expect(overhead).toBeLessThan(20_000);
	const relay = await cuttingRelay(sshd.port, overhead + 60_000);
	try {
		const commits = vault.commitCount();
		const answer = await callVault(sshd, vault, { operation: 'write', path: 'research/cut.md', content: BIG }, { ...sshd.credentials, port: relay.port });
		expect(answer).toMatchObject({ success: false, error: '__WRITE_FAILED__' });
		expect(relay.stats.cut).toBe(true);
		expect(relay.stats.forwarded).toBe(overhead + 60_000);
		// The host script sees a short stdin, refuses it and removes its temp file.
		expect(await waitForEmptySpool()).toEqual([]);
		expect(existsSync(join(vault.root, 'research/cut.md'))).toBe(false);
		expect(vault.commitCount()).toBe(commits);
		expect(vault.git('status', '--porcelain', '--ignored')).toBe('');
	} finally {
		await relay.close();
	}
}, 60_000);

/** Runs the write script directly with a stdin that does not match what the args promise. */
async function rawWrite(path: string, content: Buffer, declared: { size: number; digest: string }) {
	const result = await runRemote(sshd.connection, {
		script: WRITE_SCRIPT,
		args: [vault.root, String(declared.size), declared.digest, 'research/,inbox/', '10', '10'],
		stdin: Buffer.concat([Buffer.from(`${path}\n\n`), content]),
		timeoutSeconds: 60,
		readOnly: false,
	});
	return result.stdout.toString('utf8');
}

test('a short stdin or a wrong digest: __WRITE_FAILED__, no partial file, no commit', async () => {
	const full = Buffer.from(BIG, 'utf8');
	const digest = createHash('sha256').update(full).digest('hex');
	const commits = vault.commitCount();
	expect(await rawWrite('research/short.md', full.subarray(0, 100_000), { size: full.length, digest })).toBe(
		'__WRITE_FAILED__ received 100000 of 150000 bytes\n',
	);
	const tampered = Buffer.from(full);
	tampered[500] ^= 1;
	expect(await rawWrite('research/short.md', tampered, { size: full.length, digest })).toBe('__WRITE_FAILED__ content digest mismatch\n');
	expect(await rawWrite('research/short.md', Buffer.concat([full, Buffer.from('extra')]), { size: full.length, digest })).toMatch(
		/^__WRITE_FAILED__ received 150001 of 150000 bytes/,
	);
	expect(existsSync(join(vault.root, 'research/short.md'))).toBe(false);
	expect(await waitForEmptySpool()).toEqual([]);
	expect(vault.commitCount()).toBe(commits);
	// The same script with the right stdin succeeds: the refusals above were about the data.
	expect(await rawWrite('research/short.md', full, { size: full.length, digest })).toMatch(/^OK [0-9a-f]{12} 150000 created [0-9a-f]{12}\nPUSHED yes\n$/);
});

test('remote unreachable for push: pushed false with a hint, the next write pushes both commits', async () => {
	const away = `${vault.bare}.away`;
	const remoteBefore = vault.remoteCommitCount();
	const commits = vault.commitCount();
	renameSync(vault.bare, away);
	let first;
	try {
		first = await callVault(sshd, vault, { operation: 'write', path: 'inbox/p1.md', content: 'first while offline\n' });
	} finally {
		renameSync(away, vault.bare);
	}
	expect(first).toMatchObject({ success: true, status: 'created', pushed: false });
	expect(first.hint).toMatch(/Committed on the host, but the push failed .*The next write pushes it/);
	expect(vault.commitCount()).toBe(commits + 1);
	expect(vault.remoteCommitCount()).toBe(remoteBefore);

	const second = await callVault(sshd, vault, { operation: 'write', path: 'inbox/p2.md', content: 'second, back online\n' });
	expect(second).toMatchObject({ success: true, pushed: true });
	expect(vault.remoteCommitCount()).toBe(remoteBefore + 2);
	expect(vault.git('ls-remote', 'origin', 'refs/heads/main').split('\t')[0]).toBe(vault.git('rev-parse', 'HEAD').trim());
	expect(readFileSync(join(vault.root, 'inbox/p1.md'), 'utf8')).toBe('first while offline\n');
});
