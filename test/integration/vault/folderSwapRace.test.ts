/**
 * vault write racing another process on the host that swaps a folder of the note's path for a
 * symlink out of the vault AFTER the script checked the path and entered the folder (a sync job
 * checking out a hostile commit, another user of a shared vault). Real OpenSSH sshd and git
 * vault; the race is made deterministic by a `stat` wrapper that the session's ~/.bashrc puts
 * first on PATH, which performs the swap when the script stats the note's folder (the last
 * command between entering the folder and moving the note into place).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { callVault, useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

const VICTIM = 'victim.md';
const VICTIM_TEXT = 'a file outside the vault that must survive\n';

useVaultSuite(
	(started, created) => {
		sshd = started;
		vault = created;
	},
	() => {
		mkdirSync(join(vault.root, 'research/swapped'), { recursive: true });
		writeFileSync(join(vault.outside, VICTIM), VICTIM_TEXT);
		const bin = join(sshd.homeDir, 'race-bin');
		mkdirSync(bin);
		const folder = join(vault.root, 'research/swapped');
		writeFileSync(
			join(bin, 'stat'),
			[
				'#!/bin/bash',
				// Only a stat of the note's folder (by whatever name: same inode), and only once.
				`if [ ! -L '${folder}' ] && [ "$(/usr/bin/stat -L -c %d:%i -- "\${!#}" 2>/dev/null)" = "$(/usr/bin/stat -c %d:%i -- '${folder}')" ]; then`,
				`  mv -- '${folder}' '${folder}.orig' && ln -s -- '${vault.outside}' '${folder}'`,
				'fi',
				'exec /usr/bin/stat "$@"',
				'',
			].join('\n'),
		);
		chmodSync(join(bin, 'stat'), 0o755);
		writeFileSync(join(sshd.homeDir, '.bashrc'), `export PATH='${bin}':"$PATH"\n`);
	},
);

test('a folder swapped for an outside symlink after the check: nothing is written, moved or deleted outside the vault', async () => {
	const commits = vault.commitCount();
	const answer = await callVault(sshd, vault, { operation: 'write', path: `research/swapped/${VICTIM}`, content: 'agent text\n' });
	// The swap really happened (the wrapper ran between the check and the move).
	expect(existsSync(join(vault.root, 'research/swapped.orig'))).toBe(true);
	expect(answer).toMatchObject({ success: false });
	expect(readFileSync(join(vault.outside, VICTIM), 'utf8')).toBe(VICTIM_TEXT);
	expect(vault.commitCount()).toBe(commits);
});
