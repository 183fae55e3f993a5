import type { ICredentialDataDecryptedObject, IExecuteFunctions } from 'n8n-workflow';

import { SSH_CREDENTIAL } from '../../core/gatewayContract';
import { messageOf } from '../../core/text';
import { connectionIdentity, connectionOptionsFromCredentials, requestOverSsh, runRemote } from './transport';
import { TransportError, type RemoteCommand, type RemoteHttpRequest, type RemoteHttpResult, type RemoteResult, type SshConnectionOptions } from './transport/types';

/** What a script that prints text printed. */
export interface TextOutput {
	stdout: string;
	stderr: string;
	exitCode: number | null;
}

export const textOutput = (result: RemoteResult): TextOutput => ({ stdout: result.stdout.toString('utf8'), stderr: result.stderr, exitCode: result.exitCode });

/** The SSH host of one node execution: commands on it, and HTTP to services it reaches. */
export interface RemoteHost {
	run(command: RemoteCommand): Promise<RemoteResult>;
	http(request: RemoteHttpRequest): Promise<RemoteHttpResult>;
	/** Names the login (host, user, key), for what a node remembers about a host. */
	identity(): Promise<string>;
}

/**
 * The credential as n8n gives it. n8n throws where it cannot (the credential was deleted, or this
 * workflow may not use it): that is the operator's setting, answered `__UNAVAILABLE__`
 * misconfigured like any other, never n8n's error text, which the agent's client takes for a
 * failure of the whole server.
 */
async function credentialOf(ctx: IExecuteFunctions): Promise<ICredentialDataDecryptedObject> {
	return await ctx.getCredentials(SSH_CREDENTIAL.type).catch((error: unknown) => Promise.reject(credentialFault(error)));
}

/** A transport fault of kind 'config', which runItems answers `__UNAVAILABLE__` misconfigured. */
function credentialFault(error: unknown): TransportError {
	return new TransportError('config', `n8n could not give this node its ${SSH_CREDENTIAL.type} credential (${messageOf(error)}): check the credential the workflow names exists and may be used here`, false);
}

/**
 * The `hermesSshApi` credential is read and checked on the first use, not before: input that
 * validation refuses never depends on the host.
 */
export function remoteHost(ctx: IExecuteFunctions): RemoteHost {
	let connection: SshConnectionOptions | undefined;
	let identity: string | undefined;
	const connect = async () => (connection ??= connectionOptionsFromCredentials(await credentialOf(ctx)));
	return {
		run: async (command) => await runRemote(await connect(), command),
		http: async (request) => await requestOverSsh(await connect(), request),
		identity: async () => (identity ??= connectionIdentity(await connect())),
	};
}
