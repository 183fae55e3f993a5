/**
 * 20 writers holding the same base hash, started together through the real node over a real
 * sshd (the transport spreads them over pooled connections and channels): the host's lock makes
 * the compare-and-write atomic, so exactly one wins.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
		vault.commitFiles({ 'research/race.md': 'original\n' }, 'race seed');
	},
);

test('20 writers with the same base hash: one success, 19 __STALE_READ__, one new commit', async () => {
	const read = await callVault(sshd, vault, { operation: 'read', path: 'research/race.md' });
	expect(read).toMatchObject({ success: true, content: 'original\n' });
	const baseHash = read.contentHash as string;
	const commits = vault.commitCount();

	const contents = Array.from({ length: 20 }, (_, i) => `writer ${i}\n${'x'.repeat(1000 * i)}\n`);
	const answers = await Promise.all(
		contents.map(async (content) => await callVault(sshd, vault, { operation: 'write', path: 'research/race.md', content, baseHash })),
	);

	const winners = answers.map((answer, i) => ({ answer, i })).filter(({ answer }) => answer.success === true);
	expect(winners).toHaveLength(1);
	expect(answers.filter((answer) => answer.error === '__STALE_READ__')).toHaveLength(19);
	const winner = winners[0];
	const onDisk = readFileSync(join(vault.root, 'research/race.md'), 'utf8');
	expect(onDisk === contents[winner.i]).toBe(true);
	expect(winner.answer.contentHash).toBe(createHash('sha256').update(contents[winner.i]).digest('hex').slice(0, 12));
	expect(vault.commitCount()).toBe(commits + 1);
	expect(vault.git('show', 'HEAD:research/race.md') === contents[winner.i]).toBe(true);
	expect(vault.git('status', '--porcelain')).toBe('');
	// No temp file left behind by the 19 losers, in the spool or next to the note.
	expect(readdirSync(join(vault.root, '.git/hermes-vault'))).toEqual([]);
	expect(readdirSync(join(vault.root, 'research')).sort()).toEqual(['race.md', 'seed.md']);
}, 120_000);
