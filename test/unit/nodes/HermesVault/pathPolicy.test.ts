import {
	checkListPrefix,
	checkNotePath,
	checkVaultPath,
	checkWritePath,
	checkWritePrefixes,
} from '../../../../core/vault/validate';
import { vaultCall, type VaultHost } from './vaultCall';
import { BAD_WRITE_PATHS, GOOD_WRITE_PATHS, WRITE_PREFIXES } from './pathTables';

test('the bad-path table holds each path once', () => {
	expect(new Set(BAD_WRITE_PATHS.map(([, path]) => JSON.stringify(path))).size).toBe(BAD_WRITE_PATHS.length);
});

describe.each(BAD_WRITE_PATHS)('write refuses %s', (_label, path) => {
	test('with a reason', () => {
		const check = checkWritePath(path, WRITE_PREFIXES);
		expect(check.ok).toBe(false);
		if (!check.ok) expect(check.reason).toMatch(/\w/);
	});
});

describe.each(GOOD_WRITE_PATHS)('write accepts %s', (path) => {
	test('unchanged', () => {
		expect(checkWritePath(path, WRITE_PREFIXES)).toEqual({ ok: true, value: path });
	});
});

describe('read (no prefix rule)', () => {
	test.each(['README.md', 'notes/any/where.md', 'research/x.md'])('accepts %s', (path) => {
		expect(checkNotePath(path)).toEqual({ ok: true, value: path });
	});
	const prefixOnly = new Set(['research-evil/x.md', 'researchx.md', 'Research/x.md', 'notes/x.md', 'x.md', 'README.md', 'notes/research/x.md']);
	test.each(BAD_WRITE_PATHS.filter(([, path]) => !prefixOnly.has(path as string)))('refuses %s', (_label, path) => {
		expect(checkNotePath(path).ok).toBe(false);
	});
});

test('no prefix configured refuses every write', () => {
	expect(checkWritePath('research/x.md', [])).toMatchObject({ ok: false, reason: 'no write prefix is configured' });
});

describe('list prefix', () => {
	test.each([
		['', ''],
		['research', 'research'],
		['research/', 'research'],
		['research/sub/', 'research/sub'],
	])('%j -> %j', (input, expected) => {
		expect(checkListPrefix(input)).toEqual({ ok: true, value: expected });
	});
	test.each(['/', '../', '.git', '.git/', 'research/..', '/etc', '~', 'research//', 'a\\b', 'x\0'])('refuses %j', (input) => {
		expect(checkListPrefix(input).ok).toBe(false);
	});
});

describe('writePrefixes setting', () => {
	test('normalised to folders ending in /', () => {
		expect(checkWritePrefixes('research, inbox/ ,, notes/sub')).toEqual({ ok: true, value: ['research/', 'inbox/', 'notes/sub/'] });
		expect(checkWritePrefixes('')).toEqual({ ok: true, value: [] });
	});
	test.each(['../x', '/abs', '.git', 'a//b', '~/x', 'x\\y'])('refuses %j as the operator\'s misconfiguration', (entry) => {
		expect(checkWritePrefixes(`research/,${entry}`)).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/writePrefixes entry/),
			answer: { error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' },
		});
	});
	test('refuses a value that is not text', () => {
		expect(checkWritePrefixes(['research/'])).toMatchObject({ ok: false, answer: { state: 'misconfigured' } });
	});
});

describe('vaultPath setting', () => {
	test.each(['~/vaults/vps-vault', '/srv/vault', '~', ' /srv/vault '])('accepts %j', (value) => {
		expect(checkVaultPath(value).ok).toBe(true);
	});
	test.each(['', 'vaults/x', '-x', '/srv/../etc', '/srv/x\n', 42])('refuses %j as the operator\'s misconfiguration', (value) => {
		expect(checkVaultPath(value)).toMatchObject({ ok: false, reason: expect.stringMatching(/vaultPath/), answer: { error: '__UNAVAILABLE__', state: 'misconfigured' } });
	});
});

test('through the operation, every bad path is __BAD_PATH__ before any command is built', async () => {
	const sent: string[] = [];
	const ctx: VaultHost = {
		vaultPath: '~/vault',
		writePrefixes: WRITE_PREFIXES.join(','),
		run: async (command) => {
			sent.push(command.script);
			throw new Error('no command may be sent for a bad path');
		},
	};
	for (const [label, path] of BAD_WRITE_PATHS) {
		const answer = await vaultCall(ctx, 'write', path, 'x', '');
		expect({ label, error: answer.error, retry: answer.retry }).toEqual({ label, error: '__BAD_PATH__', retry: 'change_arguments' });
	}
	expect(sent).toEqual([]);
});
