/**
 * Hostile values against a real OpenSSH sshd: passed on stdin and as a single-quoted
 * argument, each must reach the remote side byte-for-byte and execute nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { startSshd, type SshdHandle } from '../../harness/sshd';
import { closeAllConnections, runRemote } from '../../../nodes/shared/transport';

// Generous: under a loaded CI machine, starting sshd and handshakes can take seconds.
jest.setTimeout(30_000);

let sshd: SshdHandle;
let canaryDir: string;
beforeAll(async () => {
	sshd = await startSshd();
	canaryDir = sshd.homeDir;
});
afterAll(async () => {
	await closeAllConnections();
	await sshd?.stop();
});

/** Each value tries to create "$HOME/pwned-*" (or otherwise escape) if anything evaluates it. */
const HOSTILE: Array<[string, string]> = [
	['command substitution', '$(touch ~/pwned-subst)'],
	['backticks', '`touch ~/pwned-backtick`'],
	['semicolon', 'a; touch ~/pwned-semicolon'],
	['pipe', 'a | touch ~/pwned-pipe'],
	['and-and', 'a && touch ~/pwned-and'],
	['or-or', 'false || touch ~/pwned-or'],
	['background', 'a & touch ~/pwned-bg'],
	['redirect', 'a > ~/pwned-redirect'],
	['single quote break-out', "'; touch ~/pwned-quote; echo '"],
	['escaped single quote break-out', "\\'; touch ~/pwned-escquote; echo \\'"],
	['double quotes', '"$(touch ~/pwned-dq)"'],
	['newline', 'line1\ntouch ~/pwned-newline'],
	['carriage return', 'a\rtouch ~/pwned-cr'],
	['glob star', '*'],
	['glob question', '/etc/passw?'],
	['variables', '$HOME ${HOME} $0 $1 $@ $$ $?'],
	['arithmetic', '$((1+1))'],
	['brace expansion', '{a,b}{c,d}'],
	['tilde', '~root ~/x'],
	['history', '!! !-1'],
	['process substitution', '<(touch ~/pwned-procsub)'],
	['heredoc', '<<EOF\ntouch ~/pwned-heredoc\nEOF'],
	['unicode and emoji', 'Zürich — 東京 🚀'],
	['tab and spaces', '  a\tb  '],
	['only a quote', "'"],
	['backslashes', '\\\\n \\x41 \\$HOME'],
	['percent (printf format)', '%s %d %n %%'],
	['ansi-c quote', "$'\\x41'"],
	['empty string', ''],
];

function pwned(): string[] {
	return readdirSync(canaryDir).filter((name) => name.startsWith('pwned'));
}

describe.each(HOSTILE)('%s', (_label, value) => {
	test('on stdin: arrives unchanged, runs nothing', async () => {
		const result = await runRemote(sshd.connection, { script: 'cat', stdin: value, timeoutSeconds: 5, readOnly: true });
		expect(result.exitCode).toBe(0);
		expect(result.stdout.toString('utf8')).toBe(value);
		expect(pwned()).toEqual([]);
	});

	test('as an argument: arrives unchanged, runs nothing', async () => {
		const result = await runRemote(sshd.connection, {
			script: 'printf "%s" "$1"; printf "|%s" "$#"',
			args: [value],
			timeoutSeconds: 5,
			readOnly: true,
		});
		expect(result.exitCode).toBe(0);
		expect(result.stdout.toString('utf8')).toBe(`${value}|1`);
		expect(pwned()).toEqual([]);
	});
});

test('the canary mechanism works: the same text as a script does create a file', async () => {
	await runRemote(sshd.connection, { script: 'touch ~/pwned-control', timeoutSeconds: 5, readOnly: false });
	expect(existsSync(join(canaryDir, 'pwned-control'))).toBe(true);
});
