import type { IExecuteFunctions } from 'n8n-workflow';

import { connectionOptionsFromCredentials, runRemote } from './transport';
import type { RemoteCommand, RemoteResult, SshConnectionOptions } from './transport/types';

/**
 * The remote runner of one node execution. The `hermesSshApi` credential is read and checked on
 * the first command, not before: input that validation refuses never depends on the host.
 */
export function remoteRunner(ctx: IExecuteFunctions): (command: RemoteCommand) => Promise<RemoteResult> {
	let connection: SshConnectionOptions | undefined;
	return async (command) => {
		connection ??= connectionOptionsFromCredentials(await ctx.getCredentials('hermesSshApi'));
		return await runRemote(connection, command);
	};
}
