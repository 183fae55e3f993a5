import { createHash } from 'node:crypto';

import { readScriptOutput } from '../../../../nodes/HermesVault/helpers/answers';
import { VAULT_LIMITS } from '../../../../core/vault/contract';
import { truncateChars, utf8ByteLength } from '../../../../nodes/HermesVault/helpers/limits';
import { vaultCall, type VaultHost } from './vaultCall';
import { shapeFileList } from '../../../../nodes/HermesVault/actions/note/list.operation';
import { sentNote, shapeNote } from '../../../../nodes/HermesVault/actions/note/read.operation';
import { shapeSearchMatches } from '../../../../nodes/HermesVault/actions/note/search.operation';
import { checkSearchQuery } from '../../../../core/vault/validate';
import { LOCK_WAIT_SECONDS, prepareWrite, PUSH_TIMEOUT_SECONDS, shapeWriteSuccess } from '../../../../nodes/HermesVault/actions/note/write.operation';
import { LIST_SCRIPT } from '../../../../nodes/HermesVault/scripts/list';
import { READ_RAW_BYTES, READ_SCRIPT } from '../../../../nodes/HermesVault/scripts/read';
import { SEARCH_SCRIPT } from '../../../../nodes/HermesVault/scripts/search';
import { WRITE_SCRIPT } from '../../../../nodes/HermesVault/scripts/write';
import type { RemoteCommand, RemoteResult } from '../../../../nodes/shared/transport/types';

const result = (stdout: string | Buffer, exitCode = 0, stderr = ''): RemoteResult => ({
	stdout: Buffer.isBuffer(stdout) ? stdout : Buffer.from(stdout, 'utf8'),
	stderr,
	exitCode,
});

describe('byte and character counting', () => {
	test.each([
		['ascii', 'abc', 3],
		['two-byte', 'é', 2],
		['three-byte', '€', 3],
		['four-byte (surrogate pair)', '🙂', 4],
		['mixed', 'aé€🙂', 10],
	])('%s', (_label, text, bytes) => {
		expect(utf8ByteLength(text)).toBe(bytes);
	});
	test('truncation never splits a surrogate pair', () => {
		expect(truncateChars('🙂🙂🙂', 2)).toEqual({ text: '🙂🙂', truncated: true });
		expect(truncateChars('ab', 2)).toEqual({ text: 'ab', truncated: false });
		expect(truncateChars('a🙂', 2)).toEqual({ text: 'a🙂', truncated: false });
	});
});

describe('write preparation (before any command)', () => {
	const prefixes = ['research/'];
	const cap = VAULT_LIMITS.writeBytes;
	test('exactly the byte cap of multi-byte text is accepted, one byte more is __TOO_LARGE__', () => {
		// Two-byte characters up to 4 bytes short of the cap, then one four-byte character.
		const atCap = 'é'.repeat((cap - 4) / 2) + '🙂';
		const prepared = prepareWrite('research/x.md', atCap, '', prefixes);
		expect(prepared.ok).toBe(true);
		if (prepared.ok) {
			expect(prepared.value.content.length).toBe(cap);
			expect(prepared.value.digest).toBe(createHash('sha256').update(atCap, 'utf8').digest('hex'));
		}
		expect(prepareWrite('research/x.md', atCap + 'a', '', prefixes)).toMatchObject({ ok: false, answer: { error: '__TOO_LARGE__', retry: 'change_arguments' } });
	});
	test('the cap counts bytes, not characters: half the cap plus one two-byte characters are too large', () => {
		const text = 'é'.repeat(cap / 2 + 1);
		expect(text.length).toBeLessThan(cap);
		expect(prepareWrite('research/x.md', text, '', prefixes)).toMatchObject({ ok: false, answer: { error: '__TOO_LARGE__', retry: 'change_arguments' } });
	});
	test('base hash is normalised; a malformed one is __BAD_ARGUMENT__ (change_arguments) saying what it must be, without echoing any hash', () => {
		expect(prepareWrite('research/x.md', 'x', ' ABCDEF012345 ', prefixes)).toMatchObject({ ok: true, value: { baseHash: 'abcdef012345' } });
		for (const bad of ['abc', 'abcdef0123456', 'zzzzzzzzzzzz', 'abcdef01234 ']) {
			const prepared = prepareWrite('research/x.md', 'x', bad + 'x', prefixes);
			expect(prepared).toMatchObject({
				ok: false,
				answer: { error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.stringMatching(/base_hash is malformed: send it empty .* 12 hexadecimal/) },
			});
			if (!prepared.ok) expect(JSON.stringify(prepared.answer)).not.toMatch(/[0-9a-f]{12}/);
		}
	});
	test('empty content and a bad path are refused in that order of checks', () => {
		expect(prepareWrite('research/x.md', '', '', prefixes)).toMatchObject({ ok: false, answer: { error: '__BAD_ARGUMENT__', retry: 'change_arguments' } });
		expect(prepareWrite('../x.md', 'x', '', prefixes)).toMatchObject({ ok: false, answer: { error: '__BAD_PATH__', retry: 'change_arguments' } });
		expect(prepareWrite('research/x.md', 42, '', prefixes)).toMatchObject({ ok: false, answer: { error: '__BAD_ARGUMENT__', retry: 'change_arguments' } });
	});
});

describe('script output', () => {
	test('marker with detail, OK with fields, anything else unexpected', () => {
		expect(readScriptOutput(result('__BAD_PATH__ a symlink is on the path\n'))).toMatchObject({
			kind: 'marker',
			answer: { success: false, error: '__BAD_PATH__', retry: 'change_arguments', hint: expect.stringContaining('(a symlink is on the path)') },
		});
		const ok = readScriptOutput(result('OK abc 12\nbody\0bytes'));
		expect(ok).toMatchObject({ kind: 'ok', fields: ['abc', '12'] });
		if (ok.kind === 'ok') expect(ok.body.toString()).toBe('body\0bytes');
		expect(readScriptOutput(result('', 127, 'bash: git: command not found'))).toEqual({
			kind: 'unexpected',
			detail: 'exit 127: bash: git: command not found',
		});
		// Note content that looks like a marker is body, never the status line.
		expect(readScriptOutput(result('OK\n__NOT_FOUND__\n'))).toMatchObject({ kind: 'ok' });
	});

	test('search: the per-file cap (one more sets truncated), the total cap, long lines cut', () => {
		const { searchMatchesPerFile: perFile, searchLines: total } = VAULT_LIMITS;
		// One match per file over the per-file cap, in more files than the total cap needs.
		const files = Math.ceil(total / perFile) + 5;
		const records: string[] = [];
		for (let f = 0; f < files; f++) for (let l = 1; l <= perFile + 1; l++) records.push(`dir/f${f}.md\0${l}\0text ${f}-${l}\n`);
		const { matches, truncated } = shapeSearchMatches(Buffer.from(records.join('')));
		expect(matches).toHaveLength(total);
		expect(truncated).toBe(true);
		expect(matches.slice(0, perFile + 1)).toEqual([
			...Array.from({ length: perFile }, (_, i) => ({ path: 'dir/f0.md', line: i + 1, text: `text 0-${i + 1}` })),
			{ path: 'dir/f1.md', line: 1, text: 'text 1-1' },
		]);
		const long = shapeSearchMatches(Buffer.from(`a.md\x001\x00${'x'.repeat(VAULT_LIMITS.searchLineChars * 4)}\n`));
		expect(long).toMatchObject({ truncated: false });
		expect(long.matches[0].text).toHaveLength(VAULT_LIMITS.searchLineChars);
		expect(shapeSearchMatches(Buffer.from('a.md\x001\x00cut short without newline'))).toEqual({ matches: [], truncated: true });
		expect(shapeSearchMatches(Buffer.from('we"ird:na$me.md\x002\x00x\n')).matches).toEqual([{ path: 'we"ird:na$me.md', line: 2, text: 'x' }]);
	});

	test('search queries: empty, multi-line and overlong are refused before any command', () => {
		expect(checkSearchQuery('')).toMatchObject({ ok: false, answer: { error: '__EMPTY_QUERY__', retry: 'change_arguments' } });
		expect(checkSearchQuery(undefined)).toMatchObject({ ok: false, answer: { error: '__EMPTY_QUERY__', retry: 'change_arguments' } });
		expect(checkSearchQuery('a\r\nb')).toMatchObject({ ok: false, answer: { error: '__BAD_ARGUMENT__', retry: 'change_arguments' } });
		expect(checkSearchQuery('x'.repeat(VAULT_LIMITS.searchQueryChars + 1))).toMatchObject({ ok: false, answer: { error: '__TOO_LARGE__', retry: 'change_arguments' } });
		expect(checkSearchQuery('🙂'.repeat(VAULT_LIMITS.searchQueryChars))).toMatchObject({ ok: true });
		expect(checkSearchQuery(`$(rm -rf /) '; "`)).toEqual({ ok: true, value: `$(rm -rf /) '; "` });
	});

	test('list: at most the entry cap, truncated from the extra entry or the total', () => {
		const cap = VAULT_LIMITS.listEntries;
		const names = Array.from({ length: cap + 1 }, (_, i) => `f${i}.md`);
		expect(shapeFileList(Buffer.from(names.join('\0') + '\0'), cap * 2)).toMatchObject({ truncated: true });
		expect(shapeFileList(Buffer.from(names.join('\0') + '\0'), cap * 2).files).toHaveLength(cap);
		expect(shapeFileList(Buffer.from(names.slice(0, cap).join('\0') + '\0'), cap)).toMatchObject({ truncated: false });
		expect(shapeFileList(Buffer.from(names.slice(0, cap).join('\0') + '\0'), cap + 1)).toMatchObject({ truncated: true });
		expect(shapeFileList(Buffer.from('a.md\0b\nc.md\0'), 2)).toEqual({ files: ['a.md', 'b\nc.md'], truncated: false });
		expect(shapeFileList(Buffer.alloc(0), 0)).toEqual({ files: [], truncated: false });
	});

	test('read: the character cap, truncated when cut by characters or by the byte bound', () => {
		const cap = VAULT_LIMITS.readChars;
		const over = Buffer.from('é'.repeat(cap + 1));
		expect(shapeNote(over, over.length)).toMatchObject({ truncated: true });
		expect(shapeNote(over, over.length).content).toHaveLength(cap);
		const atCap = Buffer.from('é'.repeat(cap));
		expect(shapeNote(atCap, atCap.length)).toEqual({ content: 'é'.repeat(cap), truncated: false });
		expect(shapeNote(Buffer.from('abc'), 10)).toEqual({ content: 'abc', truncated: true });
	});

	const hash12 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);
	const atCap = Buffer.alloc(READ_RAW_BYTES, 'a');
	test.each([
		['a short note, sent whole: hashed and sized from the bytes', Buffer.from('héllo\n'), { body: Buffer.from('héllo\n'), contentHash: hash12(Buffer.from('héllo\n')), bytes: 7 }],
		['an empty note', Buffer.alloc(0), { body: Buffer.alloc(0), contentHash: hash12(Buffer.alloc(0)), bytes: 0 }],
		['a note of exactly the bytes sent is whole', atCap, { body: atCap, contentHash: hash12(atCap), bytes: READ_RAW_BYTES }],
		['a longer note: the host trailer gives hash and size', Buffer.concat([atCap, Buffer.from('0123456789ab 150000\n')]), { body: atCap, contentHash: '0123456789ab', bytes: 150_000 }],
		['the bad trailer of a failed hash', Buffer.concat([atCap, Buffer.from('\n')]), undefined],
		['a trailer without its size', Buffer.concat([atCap, Buffer.from('0123456789ab\n')]), undefined],
		['a trailer with an uppercase hash', Buffer.concat([atCap, Buffer.from('0123456789AB 150000\n')]), undefined],
		['a trailer without its newline (cut output)', Buffer.concat([atCap, Buffer.from('0123456789ab 150000')]), undefined],
	])('read output: %s', (_case, output, expected) => {
		expect(sentNote(output)).toEqual(expected);
	});

	test('read: a note sent whole is answered with its own hash and size; a bad trailer is unexpected', async () => {
		const body = Buffer.from('# Note\nbody é\n', 'utf8');
		const reading = (stdout: Buffer): VaultHost => ({ vaultPath: '~/vault', writePrefixes: 'inbox/', run: async () => result(stdout) });
		expect(await vaultCall(reading(Buffer.concat([Buffer.from('OK - -\n'), body])), 'read', 'inbox/n.md')).toMatchObject({
			success: true,
			bytes: body.length,
			content: body.toString('utf8'),
			truncated: false,
			contentHash: hash12(body),
		});
		const cut = await vaultCall(reading(Buffer.concat([Buffer.from('OK - -\n'), atCap, Buffer.from('\n')])), 'read', 'inbox/n.md');
		expect(cut).toMatchObject({ success: false, error: '__UNAVAILABLE__' });
	});

	test('write success: pushed or not, with a hint when not', () => {
		expect(shapeWriteSuccess('research/x.md', ['abcdefabcdef', '10', 'created', '0123456789ab'], Buffer.from('PUSHED yes\n'))).toEqual({
			success: true,
			path: 'research/x.md',
			contentHash: 'abcdefabcdef',
			bytes: 10,
			status: 'created',
			commit: '0123456789ab',
			pushed: true,
		});
		const offline = shapeWriteSuccess('research/x.md', ['abcdefabcdef', '10', 'updated', '0123456789ab'], Buffer.from('PUSHED no fatal: remote gone\n'));
		expect(offline).toMatchObject({ success: true, pushed: false, pushState: 'unreachable', pushRetry: 'later', hint: expect.stringContaining('fatal: remote gone') });
		const noUpstream = shapeWriteSuccess(
			'research/x.md',
			['abcdefabcdef', '10', 'created', '0123456789ab'],
			Buffer.from('PUSHED no 128 fatal: The current branch main has no upstream branch. | git push --set-upstream origin main\n'),
		);
		expect(noUpstream).toMatchObject({ success: true, pushed: false, pushState: 'misconfigured', pushRetry: 'never_here' });
		expect(noUpstream.hint).toMatch(/^Committed on the host, but the push failed \(fatal: The current branch main has no upstream branch\..*\): .*git push -u origin.*tell the operator\.$/);
		const timedOut = shapeWriteSuccess('research/x.md', ['abcdefabcdef', '10', 'created', '0123456789ab'], Buffer.from('PUSHED no 124 \n'));
		expect(timedOut).toMatchObject({ pushed: false, pushState: 'timeout', pushRetry: 'later', hint: expect.stringContaining('unknown reason') });
		// Killed after the commit, before the push answer: still a success, not pushed.
		expect(shapeWriteSuccess('research/x.md', ['abcdefabcdef', '10', 'created', '0123456789ab'], Buffer.alloc(0))).toMatchObject({ pushed: false });
	});
});

describe('dispatch', () => {
	const never: VaultHost = {
		vaultPath: '~/vault',
		writePrefixes: 'research/',
		run: async (command: RemoteCommand) => {
			throw new Error(`no command expected, got ${command.script.slice(0, 20)}`);
		},
	};
	test.each(['delete', '', 42, null, 'search;rm'])('unknown operation %j is __BAD_ARGUMENT__ without any command', async (operation) => {
		const answer = await vaultCall(never, operation, 'x', 'x', '');
		expect(answer).toMatchObject({ success: false, error: '__BAD_ARGUMENT__', retry: 'change_arguments' });
	});
	test('operation names are trimmed and case-folded; invalid input sends no command', async () => {
		const answer = await vaultCall(never, ' WRITE ', '../x.md', 'x', '');
		expect(answer).toMatchObject({ error: '__BAD_PATH__', retry: 'change_arguments' });
	});
});

describe('what the host refuses is answered for the operation that asked', () => {
	const answering = (stdout: string): VaultHost => ({
		vaultPath: '~/vault',
		writePrefixes: 'research/',
		run: async () => result(stdout),
	});
	test.each([
		['__BAD_PATH__ the path resolves outside the vault\n', 'resolves outside the vault'],
		['__BAD_PATH__ inside .git\n', 'inside .git'],
	])('a read refused on the host (%j) gets a read hint, never the write-prefix one', async (stdout, detail) => {
		const answer = await vaultCall(answering(stdout), 'read', 'projects/link.md', '', '');
		expect(answer).toEqual({
			success: false,
			error: '__BAD_PATH__',
			hint: expect.stringMatching(new RegExp(`^The note cannot be read: .*symlink.*vault_list.*\\(.*${detail}\\)$`)),
			retry: 'change_arguments',
		});
		expect(answer.hint).not.toMatch(/prefix/i);
	});
	test.each<[string, string, string, Record<string, unknown>]>([
		[
			'a write refused for a symlink names the write rules',
			'write',
			'__BAD_PATH__ a symlink is on the path\n',
			{ error: '__BAD_PATH__', retry: 'change_arguments', hint: expect.stringMatching(/allowed prefix.*symlink.*\(a symlink is on the path\)$/) },
		],
		[
			"a malformed base hash is __BAD_ARGUMENT__ like the node's own check",
			'write',
			'__BAD_ARGUMENT__ malformed base hash\n',
			{ error: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: expect.stringContaining('base_hash is malformed') },
		],
		[
			'a vault path naming no work tree is __UNAVAILABLE__ misconfigured',
			'list',
			'__UNAVAILABLE__ misconfigured the vault path is not the top of a git work tree on the host\n',
			{ error: '__UNAVAILABLE__', retry: 'never_here', state: 'misconfigured', hint: expect.stringContaining('Tell the operator') },
		],
	])('on the host: %s', async (_case, operation, stdout, expected) => {
		const answer = await vaultCall(answering(stdout), operation, 'research/n.md', 'x', '');
		expect(answer).toMatchObject({ success: false, ...expected });
	});
});

describe('agent data never reaches the command line', () => {
	const EVIL = `$(touch ~/pwned)'; rm -rf ~ #`;
	const capture = () => {
		const commands: RemoteCommand[] = [];
		const ctx: VaultHost = {
			vaultPath: '~/vaults/vps-vault',
			writePrefixes: 'research/,inbox/',
			run: async (command) => {
				commands.push(command);
				return result('__NOT_FOUND__\n');
			},
		};
		return { ctx, commands };
	};
	test.each([
		['search', EVIL, SEARCH_SCRIPT, true],
		['list', 'research/sub', LIST_SCRIPT, true],
		['read', 'research/a b.md', READ_SCRIPT, true],
	] as const)('%s: constant script, vault path as the only argument, data on stdin', async (operation, query, script, readOnly) => {
		const { ctx, commands } = capture();
		await vaultCall(ctx, operation, query, '', '');
		expect(commands).toHaveLength(1);
		expect(commands[0]).toMatchObject({ script, args: ['~/vaults/vps-vault'], readOnly });
		expect(commands[0].stdin?.toString()).toBe(query);
	});
	test('write: constant script, fixed-format arguments, path + base hash + content on stdin, never retried', async () => {
		const { ctx, commands } = capture();
		const content = `${EVIL}\nnote body é`;
		await vaultCall(ctx, 'write', 'research/n.md', content, 'ABCDEFABCDEF');
		expect(commands).toHaveLength(1);
		const [command] = commands;
		expect(command.script).toBe(WRITE_SCRIPT);
		expect(command.readOnly).toBe(false);
		const bytes = Buffer.from(content, 'utf8');
		expect(command.args).toEqual([
			'~/vaults/vps-vault',
			String(bytes.length),
			createHash('sha256').update(bytes).digest('hex'),
			'research/,inbox/',
			String(PUSH_TIMEOUT_SECONDS),
			String(LOCK_WAIT_SECONDS),
		]);
		expect(Buffer.compare(command.stdin as Buffer, Buffer.concat([Buffer.from('research/n.md\nabcdefabcdef\n'), bytes]))).toBe(0);
		expect(JSON.stringify(command.args)).not.toContain('pwned');
	});
});
