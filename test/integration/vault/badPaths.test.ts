/**
 * Every bad path of the table, plus paths that only the host can refuse (symlinks created on
 * disk by this test), sent as writes through the real node over a real sshd: each answers
 * __BAD_PATH__, and afterwards nothing changed on disk, neither in the vault (work tree and
 * .git) nor in its remote nor in the folder outside it.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

import { diffSnapshots, snapshotTree, type GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { BAD_WRITE_PATHS, WRITE_PREFIXES_SETTING } from '../../unit/nodes/HermesVault/pathTables';
import { callVault, hexRuns, useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

/** Paths the TypeScript validator accepts; the host must refuse them after resolving the disk. */
const HOST_ONLY_BAD_PATHS: ReadonlyArray<readonly [string, string]> = [
	['folder symlink to outside', 'research/escape/x.md'],
	['folder symlink to outside, deeper', 'research/escape/sub/x.md'],
	['note symlink to an outside file', 'research/link.md'],
	['dangling note symlink to outside', 'research/dangling.md'],
	['relative folder symlink climbing out', 'inbox/up/outside/new.md'],
	['folder symlink to the vault top (outside the prefixes)', 'inbox/top/README.md'],
	['folder symlink to the vault top, new file', 'inbox/top/new.md'],
	['the prefix itself is not a folder: a note symlink inside the prefix folder chain', 'research/seedlink/x.md'],
	['a path segment is a file', 'research/seed.md/x.md'],
	['the note is a folder', 'research/folder.md'],
];

useVaultSuite(
	(started, created) => {
		sshd = started;
		vault = created;
	},
	async () => {
		symlinkSync(vault.outside, join(vault.root, 'research/escape'));
		symlinkSync(join(vault.outside, 'secret.md'), join(vault.root, 'research/link.md'));
		symlinkSync(join(vault.outside, 'created-by-attack.md'), join(vault.root, 'research/dangling.md'));
		symlinkSync('../..', join(vault.root, 'inbox/up'));
		symlinkSync('..', join(vault.root, 'inbox/top'));
		symlinkSync('seed.md', join(vault.root, 'research/seedlink'));
		mkdirSync(join(vault.root, 'research/folder.md'));
		// A good write first, so that the host-side spool folder and lock file already exist.
		expect(await callVault(sshd, vault, { operation: 'write', path: 'research/good.md', content: 'good\n' })).toMatchObject({ success: true });
	},
);

test('the table has at least 60 paths and the host-only ones include symlinks leaving the vault', () => {
	expect(BAD_WRITE_PATHS.length + HOST_ONLY_BAD_PATHS.length).toBeGreaterThanOrEqual(60);
});

test('every bad path answers __BAD_PATH__ and nothing changed on disk', async () => {
	const before = snapshotTree(vault.dir);
	const commits = vault.commitCount();
	const wrong: string[] = [];
	for (const [label, path] of [...BAD_WRITE_PATHS, ...HOST_ONLY_BAD_PATHS]) {
		const answer = await callVault(sshd, vault, {
			operation: 'write',
			path: path as string,
			content: `overwritten through ${label}\n`,
			writePrefixes: WRITE_PREFIXES_SETTING,
		});
		if (answer.error !== '__BAD_PATH__' || answer.success !== false || hexRuns(answer).length) {
			wrong.push(`${label} (${JSON.stringify(path)}): ${JSON.stringify(answer)}`);
		}
		// Same path with a base hash (the overwrite branch) must be refused just the same.
		const withHash = await callVault(sshd, vault, {
			operation: 'write',
			path: path as string,
			content: 'x\n',
			baseHash: 'abcdefabcdef',
			writePrefixes: WRITE_PREFIXES_SETTING,
		});
		if (withHash.error !== '__BAD_PATH__') wrong.push(`${label} with base hash: ${JSON.stringify(withHash)}`);
	}
	expect(wrong).toEqual([]);
	expect(diffSnapshots(before, snapshotTree(vault.dir))).toEqual([]);
	expect(vault.commitCount()).toBe(commits);
	expect(vault.git('status', '--porcelain', '--ignored')).toBe(
		['?? research/dangling.md', '?? research/escape', '?? research/link.md', '?? research/seedlink', '?? inbox/top', '?? inbox/up']
			.sort()
			.map((line) => `${line}\n`)
			.join(''),
	);
}, 120_000);
