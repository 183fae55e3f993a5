/**
 * Check Only of the vault node against a real OpenSSH sshd and a real git vault: every call is
 * refused exactly as the operation would refuse it, or answered with its normalised arguments
 * and, for a write, the note as it is now, and nothing is ever written, committed or pushed.
 * Real: sshd, git, bash on the host. No stand-in.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import type { GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { callVault, hexRuns, useVaultSuite, type VaultCall } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

const hash12 = (content: string) => createHash('sha256').update(content).digest('hex').slice(0, 12);
const EXISTING = 'research/existing.md';
const TEXT = '# Existing\n\nbody\n';

useVaultSuite(
	(started, created) => {
		sshd = started;
		vault = created;
	},
	async () => {
		expect(await callVault(sshd, vault, { operation: 'write', path: EXISTING, content: TEXT })).toMatchObject({ success: true, status: 'created' });
	},
);

const check = (call: VaultCall) => callVault(sshd, vault, { ...call, checkOnly: true });

test.each<[string, VaultCall, IDataObject]>([
	[
		'a new note: its normalised path, not there yet',
		{ operation: ' WRITE ', path: 'research/new.md', content: 'hello\n' },
		{ success: true, checked: true, normalised: { operation: 'write', query: 'research/new.md', content: 'hello\n', baseHash: '' }, target: { path: 'research/new.md', exists: false }, changes: [{ op: '+', text: 'hello' }] },
	],
	[
		'an overwrite with the current hash: the note as it is',
		{ operation: 'write', path: EXISTING, content: 'new text\n', baseHash: hash12(TEXT).toUpperCase() },
		{
			success: true,
			checked: true,
			normalised: { operation: 'write', query: EXISTING, baseHash: hash12(TEXT) },
			target: { path: EXISTING, exists: true, contentHash: hash12(TEXT), bytes: Buffer.byteLength(TEXT) },
			// What the person is shown first: the lines that go and come, as the note is now.
			changes: [
				{ op: '-', text: '# Existing' },
				{ op: '-', text: '' },
				{ op: '-', text: 'body' },
				{ op: '+', text: 'new text' },
			],
		},
	],
	['an overwrite without a hash: __EXISTS__', { operation: 'write', path: EXISTING, content: 'x' }, { success: false, error: '__EXISTS__', retry: 'after_read' }],
	['an overwrite with an old hash: __STALE_READ__', { operation: 'write', path: EXISTING, content: 'x', baseHash: 'abcdefabcdef' }, { success: false, error: '__STALE_READ__', retry: 'after_read' }],
	['a hash for a note that is not there: __STALE_READ__', { operation: 'write', path: 'research/none.md', content: 'x', baseHash: 'abcdefabcdef' }, { success: false, error: '__STALE_READ__', retry: 'after_read' }],
	['outside the write prefixes: __BAD_PATH__', { operation: 'write', path: 'notes/x.md', content: 'x' }, { success: false, error: '__BAD_PATH__', retry: 'change_arguments' }],
	['a path with spaces around it: __BAD_PATH__, as the write refuses it', { operation: 'write', path: ' research/new.md ', content: 'x' }, { success: false, error: '__BAD_PATH__' }],
	['a path with ..: __BAD_PATH__', { operation: 'write', path: 'research/../x.md', content: 'x' }, { success: false, error: '__BAD_PATH__' }],
	['empty content: __BAD_ARGUMENT__', { operation: 'write', path: 'research/x.md', content: '' }, { success: false, error: '__BAD_ARGUMENT__' }],
	['content over the cap: __TOO_LARGE__', { operation: 'write', path: 'research/x.md', content: 'a'.repeat(150_001) }, { success: false, error: '__TOO_LARGE__' }],
	['a malformed base hash: __BAD_ARGUMENT__', { operation: 'write', path: EXISTING, content: 'x', baseHash: 'latest' }, { success: false, error: '__BAD_ARGUMENT__' }],
	['an unknown operation: __BAD_ARGUMENT__', { operation: 'delete', path: EXISTING }, { success: false, error: '__BAD_ARGUMENT__' }],
	['a read: its normalised path', { operation: 'read', path: EXISTING }, { success: true, checked: true, normalised: { operation: 'read', query: EXISTING }, target: null }],
	['a read of a bad path: __BAD_PATH__', { operation: 'read', path: '/etc/passwd' }, { success: false, error: '__BAD_PATH__' }],
	['a search', { operation: 'search', query: 'body' }, { success: true, checked: true, normalised: { operation: 'search', query: 'body' }, target: null }],
	['an empty search: __EMPTY_QUERY__', { operation: 'search', query: '  ' }, { success: false, error: '__EMPTY_QUERY__' }],
	['a list', { operation: 'list', prefix: 'research/' }, { success: true, checked: true, normalised: { operation: 'list' }, target: null }],
])('%s; nothing is written', async (_case, call, expected) => {
	const commits = vault.commitCount();
	const remote = vault.remoteCommitCount();
	const answer = await check(call);
	expect(answer).toMatchObject(expected);
	expect(vault.commitCount()).toBe(commits);
	expect(vault.remoteCommitCount()).toBe(remote);
	expect(vault.git('status', '--porcelain')).toBe('');
	expect(readFileSync(join(vault.root, EXISTING), 'utf8')).toBe(TEXT);
	expect(existsSync(join(vault.root, 'research/new.md'))).toBe(false);
	// A refusal never tells the current hash (the caller's own may come back).
	if (answer.success === false) expect(hexRuns(answer).filter((run) => run.toLowerCase() !== String(call.baseHash ?? '').toLowerCase())).toEqual([]);
});
