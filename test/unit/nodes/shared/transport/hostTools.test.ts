import { spawnSync } from 'node:child_process';

import { missingToolsMessage, PROBE } from '../../../../../nodes/shared/credentialTest';
import { hostSetupFault, OLD_BASH_FUNCTION, unlessHostSetupFault } from '../../../../../nodes/shared/transport/hostTools';
import { LIST_SCRIPT } from '../../../../../nodes/HermesVault/scripts/list';
import { READ_SCRIPT } from '../../../../../nodes/HermesVault/scripts/read';
import { SEARCH_SCRIPT } from '../../../../../nodes/HermesVault/scripts/search';

const result = (exitCode: number | null, stderr: string) => ({ stdout: Buffer.alloc(0), stderr, exitCode });

describe('hostSetupFault: a host that cannot start the command at all', () => {
	test.each([
		['bash without timeout', 127, 'bash: line 1: timeout: command not found', /GNU timeout.*coreutils/],
		['dash without timeout', 127, 'sh: 1: timeout: not found', /GNU timeout.*coreutils/],
		['zsh without timeout', 127, 'zsh:1: command not found: timeout', /GNU timeout.*coreutils/],
		['timeout without bash', 127, "timeout: failed to run command 'bash': No such file or directory", /no bash.*apt-get install bash/],
	])('%s -> a config fault with the fix', (_case, exitCode, stderr, fix) => {
		const fault = hostSetupFault(result(exitCode, stderr));
		expect(fault).toMatchObject({ kind: 'config', transient: false, message: expect.stringMatching(fix) });
		expect(() => unlessHostSetupFault(result(exitCode, stderr))).toThrow(fix);
	});

	test.each([
		['a tool of the script missing', 127, 'hermes: line 2: curl: command not found'],
		['a tool whose name ends in timeout', 127, 'bash: line 1: mytimeout: command not found'],
		['the words, but another exit code', 1, 'bash: line 1: timeout: command not found'],
		['a plain failure', 3, ''],
		['success', 0, ''],
	])('%s -> the result as it is', (_case, exitCode, stderr) => {
		expect(hostSetupFault(result(exitCode, stderr))).toBeUndefined();
		expect(unlessHostSetupFault(result(exitCode, stderr))).toEqual(result(exitCode, stderr));
	});
});

describe("missingToolsMessage: the credential Test's words for missing tools", () => {
	test.each([
		['hermes-ok', undefined],
		['hermes-ok ', undefined],
		['hermes-ok git', /lacks git \(needed by Hermes Vault; apt-get install git\)\. Nodes that need none of them work\.$/],
		['hermes-ok flock  curl', /lacks flock \(needed by Hermes Vault writes; apt-get install util-linux\), curl \(needed by Hermes Monitoring for an https URL or where sshd forbids TCP forwarding; apt-get install curl\)\./],
		['hermes-ok old-bash=4.2.46(2)-release', /^Connected, but the host's bash is 4\.2\.46\(2\)-release, too old for Hermes Vault's reads \(upgrade bash on the host to 4\.4 or later/],
		['hermes-ok git old-bash=4.3.48(1)-release', /lacks git \(needed by Hermes Vault; apt-get install git\); and the host's bash is 4\.3\.48\(1\)-release, too old/],
	])('%j', (probe, message) => {
		if (message === undefined) expect(missingToolsMessage(probe)).toBeUndefined();
		else expect(missingToolsMessage(probe)).toMatch(message);
	});
});

/** Runs bash here (the machine's own, no SSH; real bash, no stand-in) with `script`. */
const bash = (script: string, args: string[] = []) => spawnSync('bash', ['-c', script, 'hermes', ...args], { encoding: 'utf8' });

describe('old_bash: the oldest bash the vault\'s reads run on is 4.4', () => {
	test.each([
		[3, 2, true],
		[4, 2, true],
		[4, 3, true],
		[4, 4, false],
		[4, 10, false],
		[5, 0, false],
		[5, 2, false],
	])('bash %i.%i -> too old: %s', (major, minor, old) => {
		expect(bash(`${OLD_BASH_FUNCTION}; old_bash "$1" "$2"`, [String(major), String(minor)]).status).toBe(old ? 0 : 1);
	});

	test("this machine's bash passes, so the probe names nothing", () => {
		const run = bash(PROBE);
		expect(run).toMatchObject({ status: 0, stdout: expect.stringMatching(/^hermes-ok/) });
		expect(run.stdout).not.toContain('old-bash=');
	});

	test('an older bash: the probe names its version', () => {
		// old_bash forced true by defining it again after the probe's own definition.
		const probe = PROBE.replace(OLD_BASH_FUNCTION, `${OLD_BASH_FUNCTION}; old_bash() { true; }`);
		expect(bash(probe).stdout).toMatch(/ old-bash=\d+\.\d+/);
	});

	test.each([
		['read', READ_SCRIPT],
		['list', LIST_SCRIPT],
		['search', SEARCH_SCRIPT],
	])('an older bash: %s is __UNAVAILABLE__ misconfigured with the fix, before anything else', (_name, script) => {
		const older = script.replace(OLD_BASH_FUNCTION, `${OLD_BASH_FUNCTION}; old_bash() { true; }`);
		const run = bash(older, ['/nonexistent-vault']);
		expect(run.status).toBe(3);
		expect(run.stdout).toMatch(/^__UNAVAILABLE__ misconfigured the host's bash is \d+\.\d+\S*: upgrade bash on the host to 4\.4 or later/);
	});
});
