/**
 * Credential test for hermesSshApi: really connects (host key check, authentication) and runs
 * a probe, so the editor's "Test" button reports a mismatch, a rejected key, an unreachable host
 * or a host without the tools the nodes run, with the transport's clear message or the fix.
 */
import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { connectionOptionsFromCredentials, runRemote, TransportError } from './transport';
import { HOST_TOOL_FIX, OLD_BASH_FUNCTION } from './transport/hostTools';

/**
 * The tools the SSH nodes run on the host besides bash and timeout (without those the probe
 * itself fails, and the transport names them), with what needs each and how to get it. docker is
 * not probed: the Docker Command setting of the node, not the credential, names it.
 */
export const HOST_TOOLS: ReadonlyArray<{ tool: string; neededBy: string; fix: string }> = [
	{ tool: 'git', neededBy: 'Hermes Vault', fix: 'apt-get install git' },
	{ tool: 'flock', neededBy: 'Hermes Vault writes', fix: 'apt-get install util-linux' },
	{ tool: 'curl', neededBy: 'Hermes Monitoring for an https URL or where sshd forbids TCP forwarding', fix: 'apt-get install curl' },
];

const OK = 'hermes-ok';
/** What the probe prints before the version of a bash older than the vault's scripts need. */
const OLD_BASH = 'old-bash=';
/**
 * Prints `hermes-ok`, then the missing tools, then `old-bash=<version>` for a bash too old;
 * `command -v` is a builtin, so no process per tool.
 */
export const PROBE = `${OLD_BASH_FUNCTION}; missing=(); for tool in ${HOST_TOOLS.map((t) => t.tool).join(' ')}; do command -v "$tool" >/dev/null || missing+=("$tool"); done; old_bash "\${BASH_VERSINFO[0]}" "\${BASH_VERSINFO[1]}" && missing+=("${OLD_BASH}\${BASH_VERSION}"); printf '${OK}%s' "\${missing[*]/#/ }"`;

/** The test's message for what the probe found missing or too old, or undefined when nothing is. */
export function missingToolsMessage(probeOutput: string): string | undefined {
	const found = probeOutput.slice(OK.length).trim().split(/\s+/).filter(Boolean);
	const missing = found.filter((token) => !token.startsWith(OLD_BASH));
	const oldBash = found.find((token) => token.startsWith(OLD_BASH))?.slice(OLD_BASH.length);
	const problems: string[] = [];
	if (missing.length) {
		const named = HOST_TOOLS.filter((t) => missing.includes(t.tool)).map((t) => `${t.tool} (needed by ${t.neededBy}; ${t.fix})`);
		problems.push(`the SSH user's PATH on the host lacks ${named.join(', ')}`);
	}
	if (oldBash) problems.push(`the host's bash is ${oldBash}, too old for Hermes Vault's reads (${HOST_TOOL_FIX.oldBash})`);
	if (!problems.length) return undefined;
	return `Connected, but ${problems.join('; and ')}. Nodes that need none of them work.`;
}

export async function hermesSshConnectionTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	try {
		const conn = connectionOptionsFromCredentials(credential.data ?? {});
		// Not read-only on purpose: the user wants the first answer, not three retries later.
		const result = await runRemote(conn, { script: PROBE, timeoutSeconds: 10, readOnly: false });
		const stdout = result.stdout.toString();
		if (result.exitCode !== 0 || !stdout.startsWith(OK)) {
			return {
				status: 'Error',
				message: `Connected, but the test command failed (exit ${String(result.exitCode)}): ${result.stderr.trim().slice(0, 200) || 'no output'}. The remote user needs bash and GNU timeout.`,
			};
		}
		const missing = missingToolsMessage(stdout);
		if (missing) return { status: 'Error', message: missing };
		return { status: 'OK', message: 'Connection successful' };
	} catch (error) {
		const message = error instanceof TransportError ? `${error.message}` : `Unexpected error: ${(error as Error).message}`;
		return { status: 'Error', message };
	}
}

/** The methods every SSH node carries, so its credential's Test button connects. */
export const SSH_CREDENTIAL_TEST = { credentialTest: { hermesSshConnectionTest } };
