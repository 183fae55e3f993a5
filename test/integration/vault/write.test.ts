/**
 * vault write against a real OpenSSH sshd and a real git vault with a bare remote: the
 * 150,000-byte multi-byte note, the byte cap, read-before-overwrite, and no current hash in
 * any error answer.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { callVault, hexRuns, useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

const hash12 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 12);

/** Exactly 150,000 UTF-8 bytes in 74,999 characters. */
const BIG = 'é'.repeat(74_998) + '🙂';

useVaultSuite((started, created) => {
	sshd = started;
	vault = created;
});

test('a 150,000-byte multi-byte note is written, committed and pushed', async () => {
	expect(Buffer.byteLength(BIG, 'utf8')).toBe(150_000);
	expect([...BIG].length).toBe(74_999);
	const before = vault.commitCount();
	const answer = await callVault(sshd, vault, { operation: 'write', path: 'research/big.md', content: BIG });
	expect(answer).toMatchObject({ success: true, path: 'research/big.md', status: 'created', bytes: 150_000, pushed: true, contentHash: hash12(BIG) });
	expect(readFileSync(join(vault.root, 'research/big.md'))).toEqual(Buffer.from(BIG, 'utf8'));
	expect(vault.commitCount()).toBe(before + 1);
	expect(vault.git('log', '-1', '--format=%s').trim()).toBe('vault: write research/big.md');
	expect(vault.git('status', '--porcelain')).toBe('');
	// The bare remote has the commit: pushed for real.
	expect(vault.git('ls-remote', 'origin', 'refs/heads/main').split('\t')[0]).toBe(vault.git('rev-parse', 'HEAD').trim());
	expect(vault.remoteCommitCount()).toBe(before + 1);
	expect(answer.commit).toBe(vault.git('rev-parse', '--short=12', 'HEAD').trim());
	const read = await callVault(sshd, vault, { operation: 'read', path: 'research/big.md' });
	// 74,999 characters: read returns the first 30,000 and the hash of the whole file.
	expect(read).toMatchObject({ success: true, contentHash: hash12(BIG), bytes: 150_000, truncated: true });
	expect((read.content as string) === BIG.slice(0, 30_000)).toBe(true);
});

test('150,001 bytes is __TOO_LARGE__ and nothing is written', async () => {
	const before = vault.commitCount();
	const answer = await callVault(sshd, vault, { operation: 'write', path: 'research/too-big.md', content: BIG + 'a' });
	expect(answer).toMatchObject({ success: false, error: '__TOO_LARGE__' });
	expect(answer.hint).toMatch(/150001 bytes/);
	expect(existsSync(join(vault.root, 'research/too-big.md'))).toBe(false);
	expect(vault.commitCount()).toBe(before);
});

test('__EXISTS__ without hash, __STALE_READ__ with an old hash, success with the current one', async () => {
	const path = 'inbox/rbo.md';
	expect(await callVault(sshd, vault, { operation: 'write', path, content: 'first\n' })).toMatchObject({ success: true, status: 'created' });
	const firstHash = hash12('first\n');
	expect(await callVault(sshd, vault, { operation: 'write', path, content: 'second\n', baseHash: firstHash })).toMatchObject({
		success: true,
		status: 'updated',
	});
	const current = hash12('second\n');
	const before = vault.commitCount();

	const exists = await callVault(sshd, vault, { operation: 'write', path, content: 'third\n' });
	expect(exists).toMatchObject({ success: false, error: '__EXISTS__', retry: 'after_read' });
	const stale = await callVault(sshd, vault, { operation: 'write', path, content: 'third\n', baseHash: firstHash });
	expect(stale).toMatchObject({ success: false, error: '__STALE_READ__', retry: 'after_read' });
	// A malformed base hash is the agent's argument to fix, not a stale read.
	const malformed = await callVault(sshd, vault, { operation: 'write', path, content: 'third\n', baseHash: 'latest' });
	expect(malformed).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.stringContaining('base_hash is malformed') });
	// Errors never reveal the current hash (nor any 12-hex value other than what the caller sent).
	for (const answer of [exists, stale, malformed]) {
		expect(JSON.stringify(answer)).not.toContain(current);
		expect(hexRuns(answer).filter((run) => run !== firstHash)).toEqual([]);
	}
	expect(readFileSync(join(vault.root, path), 'utf8')).toBe('second\n');
	expect(vault.commitCount()).toBe(before);

	const ok = await callVault(sshd, vault, { operation: 'write', path, content: 'third\n', baseHash: current.toUpperCase() });
	expect(ok).toMatchObject({ success: true, status: 'updated', contentHash: hash12('third\n'), pushed: true });
	expect(readFileSync(join(vault.root, path), 'utf8')).toBe('third\n');
	expect(vault.commitCount()).toBe(before + 1);
});

test('a base hash for a note that does not exist is __STALE_READ__', async () => {
	const answer = await callVault(sshd, vault, { operation: 'write', path: 'inbox/ghost.md', content: 'x\n', baseHash: 'abcdefabcdef' });
	expect(answer).toMatchObject({ success: false, error: '__STALE_READ__' });
	expect(existsSync(join(vault.root, 'inbox/ghost.md'))).toBe(false);
});

test('writing the same content again commits nothing', async () => {
	const before = vault.commitCount();
	const answer = await callVault(sshd, vault, { operation: 'write', path: 'inbox/rbo.md', content: 'third\n', baseHash: hash12('third\n') });
	expect(answer).toMatchObject({ success: true, status: 'unchanged' });
	expect(vault.commitCount()).toBe(before);
});

test('a new note in a new folder under a prefix; empty content is refused', async () => {
	expect(await callVault(sshd, vault, { operation: 'write', path: 'research/new/deep/n.md', content: 'deep\n' })).toMatchObject({ success: true, status: 'created' });
	expect(readFileSync(join(vault.root, 'research/new/deep/n.md'), 'utf8')).toBe('deep\n');
	expect(await callVault(sshd, vault, { operation: 'write', path: 'research/empty.md', content: '' })).toMatchObject({ error: '__BAD_ARGUMENT__' });
});

test('write prefixes are configurable', async () => {
	const answer = await callVault(sshd, vault, { operation: 'write', path: 'research/x.md', content: 'x\n', writePrefixes: 'journal/' });
	expect(answer).toMatchObject({ error: '__BAD_PATH__' });
	expect(await callVault(sshd, vault, { operation: 'write', path: 'journal/x.md', content: 'x\n', writePrefixes: 'journal/' })).toMatchObject({ success: true });
});
