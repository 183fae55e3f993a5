/**
 * Credential test for hermesSshApi: really connects (host key check, authentication) and runs
 * a no-op, so the editor's "Test" button reports a mismatch, a rejected key or an unreachable
 * host with the transport's clear message.
 */
import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { connectionOptionsFromCredentials, runRemote, TransportError } from './transport';

const PROBE = 'printf hermes-ok';

export async function hermesSshConnectionTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	try {
		const conn = connectionOptionsFromCredentials(credential.data ?? {});
		// Not read-only on purpose: the user wants the first answer, not three retries later.
		const result = await runRemote(conn, { script: PROBE, timeoutSeconds: 10, readOnly: false });
		if (result.exitCode !== 0 || result.stdout.toString() !== 'hermes-ok') {
			return {
				status: 'Error',
				message: `Connected, but the test command failed (exit ${String(result.exitCode)}): ${result.stderr.trim().slice(0, 200) || 'no output'}. The remote user needs bash and GNU timeout.`,
			};
		}
		return { status: 'OK', message: 'Connection successful' };
	} catch (error) {
		const message = error instanceof TransportError ? `${error.message}` : `Unexpected error: ${(error as Error).message}`;
		return { status: 'Error', message };
	}
}

/** The methods every version of an SSH node carries, so its credential's Test button connects. */
export const SSH_CREDENTIAL_TEST = { credentialTest: { hermesSshConnectionTest } };
