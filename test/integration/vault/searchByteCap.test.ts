/**
 * search's byte bound on the host (real OpenSSH sshd, real git vault): when the host cuts the
 * raw git grep output, `truncated` must say so even if the cut falls exactly on a record end.
 */
import { SEARCH_RAW_BYTES } from '../../../nodes/HermesVault/scripts/search';
import type { GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { callVault, useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

/** git grep --null -n prints `path\0line\0text\n`: a record of exactly `bytes` bytes for line 1 of `path`. */
function lineFillingRecord(path: string, word: string, bytes: number): string {
	const overhead = Buffer.byteLength(`${path}\0${1}\0\n`);
	return word + 'x'.repeat(bytes - overhead - word.length);
}

useVaultSuite(
	(started, created) => {
		sshd = started;
		vault = created;
	},
	() => {
		vault.commitFiles(
			{
				// Sorted first by git: its one match fills the host's byte bound to the last byte.
				'research/a-huge.md': `${lineFillingRecord('research/a-huge.md', 'bytecapneedle ', SEARCH_RAW_BYTES)}\n`,
				'research/b-small.md': 'bytecapneedle in a second file\n',
				'research/c-alone.md': `${lineFillingRecord('research/c-alone.md', 'alonecapneedle ', SEARCH_RAW_BYTES)}\n`,
			},
			'byte-cap fixtures',
		);
	},
);

test('a match dropped by the byte bound sets truncated, even when the cut falls on a record end', async () => {
	const answer = await callVault(sshd, vault, { operation: 'search', query: 'bytecapneedle' });
	expect(answer).toMatchObject({ success: true, count: 1, truncated: true });
	expect((answer.matches as Array<{ path: string }>).map((m) => m.path)).toEqual(['research/a-huge.md']);
});

test('output of exactly the byte bound with nothing after it is not truncated', async () => {
	const answer = await callVault(sshd, vault, { operation: 'search', query: 'alonecapneedle' });
	expect(answer).toMatchObject({ success: true, count: 1, truncated: false });
});
