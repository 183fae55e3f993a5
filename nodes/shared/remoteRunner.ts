import type { IExecuteFunctions } from 'n8n-workflow';

import { SSH_CREDENTIAL } from '../../core/gatewayContract';
import { connectionIdentity, connectionOptionsFromCredentials, requestOverSsh, runRemote } from './transport';
import type { RemoteCommand, RemoteHttpRequest, RemoteHttpResult, RemoteResult, SshConnectionOptions } from './transport/types';

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
 * The `hermesSshApi` credential is read and checked on the first use, not before: input that
 * validation refuses never depends on the host.
 */
export function remoteHost(ctx: IExecuteFunctions): RemoteHost {
	let connection: SshConnectionOptions | undefined;
	let identity: string | undefined;
	const connect = async () => (connection ??= connectionOptionsFromCredentials(await ctx.getCredentials(SSH_CREDENTIAL.type)));
	return {
		run: async (command) => await runRemote(await connect(), command),
		http: async (request) => await requestOverSsh(await connect(), request),
		identity: async () => (identity ??= connectionIdentity(await connect())),
	};
}
