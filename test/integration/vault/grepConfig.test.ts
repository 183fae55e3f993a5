/**
 * search in a vault whose git config sets grep options that change git grep's record format
 * (here grep.column, which adds a column field). Real OpenSSH sshd and git vault.
 */
import type { GitVault } from '../../harness/gitVault';
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
		vault.commitFiles({ 'research/col.md': 'first line\nsome colneedle here\n' }, 'column fixture');
		vault.git('config', 'grep.column', 'true');
	},
);

test('grep.column in the vault config does not leak into the match text', async () => {
	const answer = await callVault(sshd, vault, { operation: 'search', query: 'colneedle' });
	expect(answer).toMatchObject({ success: true, count: 1 });
	expect(answer.matches).toEqual([{ path: 'research/col.md', line: 2, text: 'some colneedle here' }]);
});
