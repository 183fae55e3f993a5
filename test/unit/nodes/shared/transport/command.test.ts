import { execFileSync } from 'node:child_process';

import { buildCommandLine, clientTimeoutMs } from '../../../../../nodes/shared/transport/command';
import { poolKey } from '../../../../../nodes/shared/transport/pool';
import type { RemoteCommand, SshConnectionOptions } from '../../../../../nodes/shared/transport/types';

const cmd = (over: Partial<RemoteCommand> = {}): RemoteCommand => ({ script: 'cat', timeoutSeconds: 10, readOnly: true, ...over });

describe('buildCommandLine', () => {
	test('wraps the constant script in timeout -k 5 N bash -c with quoted args', () => {
		expect(buildCommandLine(cmd({ script: `printf '%s' "$1"`, args: ["it's", 'b c'] }))).toBe(
			`timeout -k 5 10 bash -c 'printf '\\''%s'\\'' "$1"' hermes 'it'\\''s' 'b c'`,
		);
		expect(buildCommandLine(cmd({ timeoutSeconds: 2.5 }))).toBe("timeout -k 5 2.5 bash -c 'cat' hermes");
	});

	test('the line runs locally the way the remote login shell runs it', () => {
		const line = buildCommandLine(cmd({ script: 'printf "%s|%s|%s" "$0" "$1" "$2"', args: ['$(id)', "'x'"] }));
		expect(execFileSync('sh', ['-c', line], { encoding: 'utf8' })).toBe("hermes|$(id)|'x'");
	});

	test.each<[string, Partial<RemoteCommand>, RegExp]>([
		['arg with leading -', { args: ['-rf'] }, /starts with "-"/],
		['arg with NUL', { args: ['a\0b'] }, /NUL/],
		['zero timeout', { timeoutSeconds: 0 }, /timeoutSeconds/],
		['negative timeout', { timeoutSeconds: -1 }, /timeoutSeconds/],
		['NaN timeout', { timeoutSeconds: NaN }, /timeoutSeconds/],
		['infinite timeout', { timeoutSeconds: Infinity }, /timeoutSeconds/],
		['timeout over a day', { timeoutSeconds: 86401 }, /timeoutSeconds/],
		['timeout as text', { timeoutSeconds: '10' as unknown as number }, /timeoutSeconds/],
		['empty script', { script: '  ' }, /script/],
	])('refuses %s', (_label, over, message) => {
		expect(() => buildCommandLine(cmd(over))).toThrow(message);
	});

	test('the client timer fires 7 s after the remote timeout', () => {
		expect(clientTimeoutMs(cmd({ timeoutSeconds: 10 }))).toBe(17_000);
	});
});

describe('poolKey', () => {
	const conn: SshConnectionOptions = {
		host: 'h',
		port: 22,
		username: 'u',
		authMethod: 'privateKey',
		privateKey: 'k',
		hostKeyFingerprint: 'SHA256:x',
	};
	test('same credential, same key; any difference, another connection', () => {
		expect(poolKey({ ...conn })).toBe(poolKey(conn));
		for (const over of [
			{ host: 'h2' },
			{ port: 23 },
			{ username: 'v' },
			{ privateKey: 'k2' },
			{ passphrase: 'p' },
			{ hostKeyFingerprint: 'SHA256:y' },
			{ acceptAnyHostKey: true },
			{ authMethod: 'password' as const, password: 'k' },
		]) {
			expect(poolKey({ ...conn, ...over })).not.toBe(poolKey(conn));
		}
	});
	test('holds no secret in clear', () => {
		expect(poolKey({ ...conn, privateKey: 'SECRET-KEY-MATERIAL' })).toMatch(/^[0-9a-f]{64}$/);
	});
});
