import { missingToolsMessage } from '../../../nodes/shared/credentialTest';
import { hostSetupFault, unlessHostSetupFault } from '../../../nodes/shared/transport/hostTools';

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
		['hermes-ok flock  curl', /lacks flock \(needed by Hermes Vault writes; apt-get install util-linux\), curl \(needed by Hermes Monitoring; apt-get install curl\)\./],
	])('%j', (probe, message) => {
		if (message === undefined) expect(missingToolsMessage(probe)).toBeUndefined();
		else expect(missingToolsMessage(probe)).toMatch(message);
	});
});
