/**
 * vault read racing another process on the host that swaps a folder of the note's path for a
 * symlink out of the vault while the script resolves the path (a sync job checking out a hostile
 * commit, another user of a shared vault). Real OpenSSH sshd and git vault; the race is made
 * deterministic by a `realpath` wrapper that the session's ~/.bashrc puts first on PATH: it
 * answers like realpath, then swaps. Checked before the open, the outside file was read.
 */
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { callVault, useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

const SECRET = 'outside the vault: must never be read\n';

useVaultSuite(
	(started, created) => {
		sshd = started;
		vault = created;
	},
	() => {
		vault.commitFiles({ 'research/swapped/note.md': 'inside\n' }, 'note to race');
		writeFileSync(join(vault.outside, 'note.md'), SECRET);
		const bin = join(sshd.homeDir, 'race-bin');
		mkdirSync(bin);
		const folder = join(vault.root, 'research/swapped');
		writeFileSync(
			join(bin, 'realpath'),
			[
				'#!/bin/bash',
				'/usr/bin/realpath "$@"; rc=$?',
				`if [ ! -L '${folder}' ] && [ -d '${folder}' ]; then mv -- '${folder}' '${folder}.orig' && ln -s -- '${vault.outside}' '${folder}'; fi`,
				'exit $rc',
				'',
			].join('\n'),
		);
		chmodSync(join(bin, 'realpath'), 0o755);
		writeFileSync(join(sshd.homeDir, '.bashrc'), `export PATH='${bin}':"$PATH"\n`);
	},
);

test('a folder swapped for an outside symlink after the check: the outside file is not read', async () => {
	const answer = await callVault(sshd, vault, { operation: 'read', path: 'research/swapped/note.md' });
	// The swap really happened (the wrapper ran between the check and the open).
	expect(existsSync(join(vault.root, 'research/swapped.orig'))).toBe(true);
	expect(JSON.stringify(answer)).not.toContain('must never be read');
	// The note was opened before the swap (the wrapper runs after the open now): its own text.
	expect(answer).toMatchObject({ success: true, content: 'inside\n' });
});
