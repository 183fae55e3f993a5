/**
 * search, list and read against a real OpenSSH sshd and a real git vault (test/harness):
 * caps, truncation flags, case-insensitivity, literal patterns, hashes of the full file, and
 * notes at the edges of how the read script sends them (bash's own read, or head where it cannot).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { VAULT_LIMITS } from '../../../core/vault/contract';
import { READ_RAW_BYTES } from '../../../nodes/HermesVault/scripts/read';

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

/** Notes at the edges of the read script's paths: sent by bash's read, by head after a NUL, or with a trailer. */
const EDGE_NOTES: Array<[string, Buffer]> = [
	['empty', Buffer.alloc(0)],
	['no final newline', Buffer.from('no newline at the end')],
	['trailing newlines kept', Buffer.from('text\n\n\n')],
	['a NUL byte inside', Buffer.from('before\0after\n')],
	['a NUL byte first', Buffer.from('\0x')],
	['bytes that are no UTF-8 and a backslash', Buffer.from([0x61, 0x5c, 0x6e, 0xff, 0xfe, 0x0a])],
	['exactly the bytes sent', Buffer.alloc(READ_RAW_BYTES, 'a')],
	['one byte more than the bytes sent', Buffer.alloc(READ_RAW_BYTES + 1, 'a')],
	['one NUL byte more than the bytes sent', Buffer.concat([Buffer.alloc(READ_RAW_BYTES, 'a'), Buffer.from([0])])],
	['a NUL just before the bytes sent end, then more', Buffer.concat([Buffer.alloc(READ_RAW_BYTES - 1, 'a'), Buffer.from('\0bc')])],
];

const hash12 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/** What the node answers for a note of these bytes: the text cut to the character cap, the full file's hash and size. */
function expectedRead(bytes: Buffer) {
	const text = bytes.toString('utf8');
	const chars = Array.from(text);
	return {
		success: true,
		content: chars.slice(0, VAULT_LIMITS.readChars).join(''),
		truncated: chars.length > VAULT_LIMITS.readChars,
		contentHash: hash12(bytes),
		bytes: bytes.length,
	};
}

describe('read edges', () => {
	beforeAll(() => {
		EDGE_NOTES.forEach(([, bytes], index) => {
			const path = join(vault.root, `edge/n${index}.md`);
			mkdirSync(dirname(path), { recursive: true });
			writeFileSync(path, bytes);
		});
		// Symlinks that stay inside the vault are followed.
		symlinkSync('../research/short.md', join(vault.root, 'edge/link.md'));
		symlinkSync('../research', join(vault.root, 'edge/folder-link'));
	});

	test.each(EDGE_NOTES.map(([name, bytes], index) => [name, index, bytes] as const))('%s: the exact bytes, hash and size', async (_name, index, bytes) => {
		const answer = await callVault(sshd, vault, { operation: 'read', path: `edge/n${index}.md` });
		expect(answer).toMatchObject(expectedRead(bytes));
	});

	test.each([
		['a note that is a symlink to another note', 'edge/link.md'],
		['a note under a folder that is a symlink to another folder', 'edge/folder-link/short.md'],
	])('%s inside the vault reads that note', async (_name, path) => {
		const answer = await callVault(sshd, vault, { operation: 'read', path });
		expect(answer).toMatchObject(expectedRead(Buffer.from('héllo wörld 🙂\n')));
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

	test('unknown operation -> __BAD_ARGUMENT__', async () => {
		expect(await callVault(sshd, vault, { operation: 'delete', query: 'research/seed.md' })).toMatchObject({ error: '__BAD_ARGUMENT__' });
	});
});
