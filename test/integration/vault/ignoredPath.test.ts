/**
 * vault write to a path the vault's .gitignore excludes (real OpenSSH sshd, real git vault): git
 * refuses to add it, so the note can never be committed. The answer must say the path is not
 * allowed, not "__WRITE_FAILED__ ... retry the same call" (a retry fails the same way forever).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { diffSnapshots, snapshotTree, type GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { callVault, useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

useVaultSuite(
	(started, created) => {
		sshd = started;
		vault = created;
	},
	() => {
		vault.commitFiles({ 'inbox/kept.tmp.md': 'tracked before the rule\n' }, 'tracked note');
		vault.commitFiles({ '.gitignore': 'inbox/private/\n*.tmp.md\n' }, 'ignore rules');
	},
);

const outsideGit = (relative: string) => relative === '.git' || relative.startsWith('.git/');

test.each([['inbox/private/diary.md'], ['research/draft.tmp.md']])('%s (ignored) is __BAD_PATH__ and nothing changes', async (path) => {
	const commits = vault.commitCount();
	const before = snapshotTree(vault.root, outsideGit);
	const answer = await callVault(sshd, vault, { operation: 'write', path, content: 'note\n' });
	expect(answer).toMatchObject({ success: false, error: '__BAD_PATH__', hint: expect.stringMatching(/ignores this path/) });
	expect(existsSync(join(vault.root, path))).toBe(false);
	expect(diffSnapshots(before, snapshotTree(vault.root, outsideGit))).toEqual([]);
	expect(vault.commitCount()).toBe(commits);
});

test('a tracked note that matches an ignore rule can still be overwritten (git adds tracked files)', async () => {
	const read = await callVault(sshd, vault, { operation: 'read', path: 'inbox/kept.tmp.md' });
	expect(read).toMatchObject({ success: true });
	const answer = await callVault(sshd, vault, { operation: 'write', path: 'inbox/kept.tmp.md', content: 'new text\n', baseHash: String(read.contentHash) });
	expect(answer).toMatchObject({ success: true, status: 'updated' });
});
