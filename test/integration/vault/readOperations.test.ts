/**
 * search, list and read against a real OpenSSH sshd and a real git vault (test/harness):
 * caps, truncation flags, case-insensitivity, literal patterns, hashes of the full file.
 */
import { createHash } from 'node:crypto';

import type { GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { callVault, useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

const TRICKY = `a.*b[c]$(id)\`x\`;|&'"\\ ^{2} $HOME %s`;

useVaultSuite(
	(started, created) => {
		sshd = started;
		vault = created;
	},
	() => {
		const files: Record<string, string> = {};
		// 30 files with 5 matches each: 3 kept per file, 60 in total, truncated.
		for (let i = 0; i < 30; i++) {
			const name = `research/many/n${String(i).padStart(2, '0')}.md`;
			files[name] = Array.from({ length: 5 }, (_, j) => `line ${j} needle here`).join('\n') + '\n';
		}
		files['research/case.md'] = 'The ZEBRA crossing\nzebra lower\nZeBrA mixed\n';
		files['research/tricky.md'] = `before\nxx ${TRICKY} yy\nonly a.b here\n`;
		files['research/regexdecoy.md'] = 'aXXb[c] with $HOME but not the literal\n';
		for (let i = 0; i < 320; i++) files[`inbox/bulk/f${String(i).padStart(3, '0')}.md`] = `bulk ${i}\n`;
		files['research/long.md'] = 'é'.repeat(40_000) + '\n';
		files['research/short.md'] = 'héllo wörld 🙂\n';
		vault.commitFiles(files, 'fixtures');
	},
);

describe('search', () => {
	test('at most 3 matches per file and 60 lines in total, truncated', async () => {
		const answer = await callVault(sshd, vault, { operation: 'search', query: 'NEEDLE' });
		expect(answer).toMatchObject({ success: true, count: 60, truncated: true });
		const matches = answer.matches as Array<{ path: string; line: number; text: string }>;
		expect(matches).toHaveLength(60);
		const perFile = new Map<string, number>();
		for (const match of matches) perFile.set(match.path, (perFile.get(match.path) ?? 0) + 1);
		expect(Math.max(...perFile.values())).toBe(3);
		expect(perFile.size).toBe(20);
		expect(matches[0]).toEqual({ path: 'research/many/n00.md', line: 1, text: 'line 0 needle here' });
	});

	test('a file capped at 3 matches sets truncated even under 60 lines', async () => {
		vault.commitFiles({ 'research/four.md': 'qqfour 1\nqqfour 2\nqqfour 3\nqqfour 4\n' }, 'four');
		const answer = await callVault(sshd, vault, { operation: 'search', query: 'qqfour' });
		expect(answer).toMatchObject({ success: true, count: 3, truncated: true });
		const exact = await callVault(sshd, vault, { operation: 'search', query: 'qqfour 4' });
		expect(exact).toMatchObject({ success: true, count: 1, truncated: false });
	});

	test('case-insensitive', async () => {
		const answer = await callVault(sshd, vault, { operation: 'search', query: 'zEbRa' });
		expect(answer).toMatchObject({ success: true, count: 3, truncated: false });
		expect((answer.matches as Array<{ text: string }>).map((m) => m.text)).toEqual(['The ZEBRA crossing', 'zebra lower', 'ZeBrA mixed']);
	});

	test('a pattern full of regex and shell characters is matched literally', async () => {
		const answer = await callVault(sshd, vault, { operation: 'search', query: TRICKY });
		expect(answer).toMatchObject({ success: true, count: 1, truncated: false });
		expect(answer.matches).toEqual([{ path: 'research/tricky.md', line: 2, text: `xx ${TRICKY} yy` }]);
		const dot = await callVault(sshd, vault, { operation: 'search', query: 'a.b' });
		expect((dot.matches as Array<{ path: string }>).map((m) => m.path)).toEqual(['research/tricky.md']);
	});

	test('no match is an empty success; empty query is __EMPTY_QUERY__; multi-line is refused', async () => {
		expect(await callVault(sshd, vault, { operation: 'search', query: 'nothing-like-this-anywhere' })).toMatchObject({
			success: true,
			count: 0,
			matches: [],
			truncated: false,
		});
		expect(await callVault(sshd, vault, { operation: 'search', query: '   ' })).toMatchObject({ success: false, error: '__EMPTY_QUERY__' });
		expect(await callVault(sshd, vault, { operation: 'search', query: 'a\nb' })).toMatchObject({ success: false, error: '__BAD_ARGUMENT__' });
	});
});

describe('list', () => {
	test('at most 300 files, truncated, with the total', async () => {
		const answer = await callVault(sshd, vault, { operation: 'list', prefix: 'inbox/bulk/' });
		expect(answer).toMatchObject({ success: true, count: 300, total: 320, truncated: true });
		expect((answer.files as string[])[0]).toBe('inbox/bulk/f000.md');
		expect((answer.files as string[])[299]).toBe('inbox/bulk/f299.md');
	});

	test('under a prefix, only that folder; a bad prefix is __BAD_PATH__', async () => {
		const answer = await callVault(sshd, vault, { operation: 'list', prefix: 'research/many' });
		expect(answer).toMatchObject({ success: true, count: 30, total: 30, truncated: false });
		expect(await callVault(sshd, vault, { operation: 'list', prefix: '../' })).toMatchObject({ error: '__BAD_PATH__' });
		expect(await callVault(sshd, vault, { operation: 'list', prefix: '.git' })).toMatchObject({ error: '__BAD_PATH__' });
		const prefixTrick = await callVault(sshd, vault, { operation: 'list', prefix: 'research/man' });
		expect(prefixTrick).toMatchObject({ success: true, count: 0 });
	});
});

describe('read', () => {
	test('at most 30,000 characters, hash of the full file', async () => {
		const full = Buffer.from('é'.repeat(40_000) + '\n', 'utf8');
		const answer = await callVault(sshd, vault, { operation: 'read', path: 'research/long.md' });
		expect(answer).toMatchObject({ success: true, truncated: true, bytes: full.length });
		expect(answer.content).toBe('é'.repeat(30_000));
		expect(answer.contentHash).toBe(createHash('sha256').update(full).digest('hex').slice(0, 12));
	});

	test('a short multi-byte note whole, not truncated', async () => {
		const answer = await callVault(sshd, vault, { operation: 'read', path: 'research/short.md' });
		expect(answer).toMatchObject({ success: true, truncated: false, content: 'héllo wörld 🙂\n' });
	});

	test('missing -> __NOT_FOUND__; bad paths -> __BAD_PATH__', async () => {
		expect(await callVault(sshd, vault, { operation: 'read', path: 'research/none.md' })).toMatchObject({ error: '__NOT_FOUND__' });
		for (const bad of ['../vault/README.md', '/etc/passwd', '.git/config', 'research/../README.md', 'README']) {
			expect(await callVault(sshd, vault, { operation: 'read', path: bad })).toMatchObject({ error: '__BAD_PATH__' });
		}
	});

	test('a symlink inside the vault pointing outside is __BAD_PATH__ with a read hint (nothing about write prefixes)', async () => {
		const { symlinkSync } = await import('node:fs');
		symlinkSync(`${vault.outside}/secret.md`, `${vault.root}/research/escape.md`);
		const answer = await callVault(sshd, vault, { operation: 'read', path: 'research/escape.md' });
		expect(answer).toMatchObject({
			error: '__BAD_PATH__',
			retry: 'change_arguments',
			hint: expect.stringMatching(/^The note cannot be read: .*symlink.*\(the path resolves outside the vault\)$/),
		});
		expect(answer.hint).not.toMatch(/prefix/i);
	});

	test('unknown operation -> __BAD_ACTION__', async () => {
		expect(await callVault(sshd, vault, { operation: 'delete', query: 'research/seed.md' })).toMatchObject({ error: '__BAD_ACTION__' });
	});
});
