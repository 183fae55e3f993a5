/**
 * vault read racing another process on the host that swaps a folder of the note's path for a
 * symlink out of the vault while the script resolves and opens the path (a sync job checking out
 * a hostile commit, another user of a shared vault). Real OpenSSH sshd and git vault; no
 * stand-in. The read script starts no process on this path, so the race is made deterministic
 * by a DEBUG trap in the session's ~/.bashrc (which bash reads when sshd starts it): it swaps the
 * folder just before the script runs the command the row names. An open by the path's name after the
 * check would read the outside file.
 */
import { chmodSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { callVault, useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

const SECRET = 'outside the vault: must never be read\n';
const NOTE = 'research/swapped/note.md';

useVaultSuite(
	(started, created) => {
		sshd = started;
		vault = created;
	},
	() => {
		vault.commitFiles({ [NOTE]: 'inside\n' }, 'note to race');
		writeFileSync(join(vault.outside, 'note.md'), SECRET);
	},
);

const folder = () => join(vault.root, 'research/swapped');

/** Arms the swap: just before the read script's first command that starts with `command`. */
function swapBefore(command: string): void {
	const swapScript = join(sshd.homeDir, 'swap.sh');
	writeFileSync(
		swapScript,
		[
			'#!/bin/bash',
			`if [ ! -L '${folder()}' ] && [ -d '${folder()}' ]; then mv -- '${folder()}' '${folder()}.orig' && ln -s -- '${vault.outside}' '${folder()}'; fi`,
			'',
		].join('\n'),
	);
	chmodSync(swapScript, 0o755);
	// bash reads ~/.bashrc when sshd starts it, the script's bash included (it sees itself as the first shell).
	writeFileSync(join(sshd.homeDir, '.bashrc'), `trap '[[ $BASH_COMMAND != ${JSON.stringify(command)}* ]] || ${swapScript}' DEBUG\n`);
}

afterEach(() => {
	rmSync(join(sshd.homeDir, '.bashrc'), { force: true });
	if (existsSync(`${folder()}.orig`)) {
		rmSync(folder());
		renameSync(`${folder()}.orig`, folder());
	}
});

test.each([
	['after the folder was entered, before the open', 'exec 4<', { success: true, content: 'inside\n' }],
	['after the open, before the opened file is judged', '[ -L', { success: true, content: 'inside\n' }],
	['before the folder was entered', 'cd -P', { success: false, error: '__BAD_PATH__' }],
])('a folder swapped for an outside symlink %s: the outside file is not read', async (_when, command, expected) => {
	swapBefore(command);
	const answer = await callVault(sshd, vault, { operation: 'read', path: NOTE });
	// The swap really happened (the trap ran at that command).
	expect(existsSync(`${folder()}.orig`)).toBe(true);
	expect(JSON.stringify(answer)).not.toContain('must never be read');
	expect(answer).toMatchObject(expected);
});

test('without a swap the same note reads as itself (the same suite, no trap)', async () => {
	const answer = await callVault(sshd, vault, { operation: 'read', path: NOTE });
	expect(answer).toMatchObject({ success: true, content: 'inside\n' });
});
