/**
 * The list and search scripts run over SSH without the node, against a real OpenSSH sshd and a
 * real git vault (no stand-in): what they send must be git's own output byte for byte, as git
 * prints it when run in the vault here, and a failing git must be told from an empty answer.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { VAULT_LIMITS } from '../../../core/vault/contract';
import { LIST_SCRIPT } from '../../../nodes/HermesVault/scripts/list';
import { SEARCH_MATCHES_REQUESTED, SEARCH_SCRIPT } from '../../../nodes/HermesVault/scripts/search';
import { runRemote } from '../../../nodes/shared/transport';
import type { GitVault } from '../../harness/gitVault';
import type { SshdHandle } from '../../harness/sshd';
import { useVaultSuite } from './vaultHarness';

let sshd: SshdHandle;
let vault: GitVault;

useVaultSuite(
	(started, created) => {
		sshd = started;
		vault = created;
	},
	() => {
		const files: Record<string, string> = {
			'research/one.md': 'a needle\nno match\nNEEDLE upper\n',
			'research/two words.md': 'needle with\ttab and \\ backslash\n',
			'research/üñí.md': 'needle in a file with a non-ASCII name\n',
			'research/empty-lines.md': '\n\n\nline three\n',
		};
		for (let i = 0; i < VAULT_LIMITS.listEntries + 5; i++) files[`bulk/f${String(i).padStart(3, '0')}.md`] = `bulk ${i}\n`;
		vault.commitFiles(files, 'script fixtures');
	},
);

async function run(script: string, stdin: string, vaultPath = vault.root) {
	const result = await runRemote(sshd.connection, { script, args: [vaultPath], stdin, timeoutSeconds: 30, readOnly: true });
	const newline = result.stdout.indexOf(0x0a);
	return { first: result.stdout.subarray(0, newline).toString(), body: result.stdout.subarray(newline + 1), exitCode: result.exitCode };
}

/** Runs `check` while the vault's git index is garbage (every git command there fails), then restores it. */
async function withBrokenIndex(check: () => Promise<void>): Promise<void> {
	const index = join(vault.root, '.git/index');
	const saved = readFileSync(index);
	writeFileSync(index, 'not an index');
	try {
		await check();
	} finally {
		writeFileSync(index, saved);
	}
}

/** git grep as the script runs it, here in the vault. */
function localGrep(pattern: string): Buffer {
	try {
		return execFileSync('git', ['grep', '--no-color', '--no-column', '--null', '-n', '-I', '-i', '-F', `--max-count=${SEARCH_MATCHES_REQUESTED}`, '-f', '-', '--'], { cwd: vault.root, input: pattern });
	} catch (error) {
		if ((error as { status?: number }).status === 1) return Buffer.alloc(0);
		throw error;
	}
}

describe('search', () => {
	test.each([
		['matches in several files, names with spaces and non-ASCII', 'needle'],
		['no match at all', 'nothing-matches-this'],
	])('%s: the records git prints, byte for byte', async (_name, pattern) => {
		const { first, body } = await run(SEARCH_SCRIPT, pattern);
		expect(first).toBe('OK');
		expect(body.equals(localGrep(pattern))).toBe(true);
	});

	test('a pattern sent with trailing newlines is that pattern, not an empty one that matches every line', async () => {
		const { first, body } = await run(SEARCH_SCRIPT, 'line three\n\n\n');
		expect(first).toBe('OK');
		expect(body.toString()).toBe('research/empty-lines.md\x004\x00line three\n');
	});

	test('a git that fails is __UNAVAILABLE__ with its own message, not an empty success', async () => {
		await withBrokenIndex(async () => {
			const { first, exitCode } = await run(SEARCH_SCRIPT, 'needle');
			expect(exitCode).toBe(3);
			expect(first).toMatch(/^__UNAVAILABLE__ git grep failed \(128\): .*index/);
		});
	});
});

describe('list', () => {
	test.each([
		['every tracked file, capped at the list cap plus one', '', ''],
		['under a prefix', 'research/', 'research/'],
		['a prefix sent with a trailing newline', 'research/\n', 'research/'],
	])('%s: the total and the paths git lists', async (_name, stdin, prefix) => {
		const listed = execFileSync('git', ['ls-files', '-z', '--', ...(prefix ? [prefix] : [])], { cwd: vault.root }).toString().split('\0').slice(0, -1);
		const { first, body } = await run(LIST_SCRIPT, stdin);
		expect(first).toBe(`OK ${listed.length}`);
		expect(body.toString()).toBe(listed.slice(0, VAULT_LIMITS.listEntries + 1).map((path) => `${path}\0`).join(''));
	});

	test('a prefix with no file is OK 0 and nothing more', async () => {
		expect(await run(LIST_SCRIPT, 'nothing/')).toMatchObject({ first: 'OK 0', body: Buffer.alloc(0) });
	});

	test('a git that fails is __UNAVAILABLE__, not an empty list', async () => {
		await withBrokenIndex(async () => {
			const { first, exitCode } = await run(LIST_SCRIPT, '');
			expect(exitCode).toBe(3);
			expect(first).toBe('__UNAVAILABLE__ git ls-files failed');
		});
	});
});

describe('a vault path whose .git is no repository, inside another work tree', () => {
	let broken: string;
	beforeAll(() => {
		const parent = join(vault.outside, 'enclosing');
		broken = join(parent, 'vault');
		mkdirSync(join(broken, '.git'), { recursive: true });
		writeFileSync(join(broken, 'note.md'), 'needle of the enclosing repository\n');
		execFileSync('git', ['init', '-q', parent]);
		execFileSync('git', ['-C', parent, 'add', 'vault/note.md']);
	});

	test.each([
		['list', LIST_SCRIPT, /^__UNAVAILABLE__ git ls-files failed$/],
		['search', SEARCH_SCRIPT, /^__UNAVAILABLE__ git grep failed \(128\): .*not a git repository/],
	])('%s fails there rather than answering from the enclosing repository', async (_name, script, expected) => {
		const { first, body } = await run(script, script === LIST_SCRIPT ? '' : 'needle', broken);
		expect(first).toMatch(expected);
		expect(body.toString()).not.toContain('note.md');
	});
});
