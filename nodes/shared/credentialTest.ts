/**
 * Credential test for hermesSshApi: really connects (host key check, authentication) and runs
 * a probe, so the editor's "Test" button reports a mismatch, a rejected key, an unreachable host
 * or a host without the tools the nodes run, with the transport's clear message or the fix.
 */
import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { connectionOptionsFromCredentials, runRemote, TransportError } from './transport';

/**
 * The tools the SSH nodes run on the host besides bash and timeout (without those the probe
 * itself fails, and the transport names them), with what needs each and how to get it. docker is
 * not probed: the Docker Command setting of the node, not the credential, names it.
 */
export const HOST_TOOLS: ReadonlyArray<{ tool: string; neededBy: string; fix: string }> = [
	{ tool: 'git', neededBy: 'Hermes Vault', fix: 'apt-get install git' },
	{ tool: 'flock', neededBy: 'Hermes Vault writes', fix: 'apt-get install util-linux' },
	{ tool: 'curl', neededBy: 'Hermes Monitoring', fix: 'apt-get install curl' },
];

const OK = 'hermes-ok';
/** Prints `hermes-ok`, then the missing tools; `command -v` is a builtin, so no process per tool. */
const PROBE = `missing=(); for tool in ${HOST_TOOLS.map((t) => t.tool).join(' ')}; do command -v "$tool" >/dev/null || missing+=("$tool"); done; printf '${OK}%s' "\${missing[*]/#/ }"`;

/** The test's message for the tools the probe found missing, or undefined when none is. */
export function missingToolsMessage(probeOutput: string): string | undefined {
	const missing = probeOutput.slice(OK.length).trim().split(/\s+/).filter(Boolean);
	if (!missing.length) return undefined;
	const named = HOST_TOOLS.filter((t) => missing.includes(t.tool)).map((t) => `${t.tool} (needed by ${t.neededBy}; ${t.fix})`);
	return `Connected, but the SSH user's PATH on the host lacks ${named.join(', ')}. Nodes that need none of them work.`;
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

/** The methods every version of an SSH node carries, so its credential's Test button connects. */
export const SSH_CREDENTIAL_TEST = { credentialTest: { hermesSshConnectionTest } };
