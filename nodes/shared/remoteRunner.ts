import type { IExecuteFunctions } from 'n8n-workflow';

import { connectionIdentity, connectionOptionsFromCredentials, requestOverSsh, runRemote } from './transport';
import type { RemoteCommand, RemoteHttpRequest, RemoteHttpResult, RemoteResult, SshConnectionOptions } from './transport/types';

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
	const connect = async () => (connection ??= connectionOptionsFromCredentials(await ctx.getCredentials('hermesSshApi')));
	return {
		run: async (command) => await runRemote(await connect(), command),
		http: async (request) => await requestOverSsh(await connect(), request),
		identity: async () => (identity ??= connectionIdentity(await connect())),
	};
}

/** The remote runner of one node execution (the gateways that only run commands). */
export function remoteRunner(ctx: IExecuteFunctions): (command: RemoteCommand) => Promise<RemoteResult> {
	return remoteHost(ctx).run;
}
