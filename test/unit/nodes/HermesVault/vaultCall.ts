import type { IDataObject } from 'n8n-workflow';

import { router } from '../../../../nodes/HermesVault/actions/router';
import type { RemoteCommand, RemoteResult } from '../../../../nodes/shared/transport/types';
import { parametersOf } from '../parameters';

/** The host a call runs on, and the operator's settings for it. */
export interface VaultHost {
	vaultPath: string;
	writePrefixes: string;
	run(command: RemoteCommand): Promise<RemoteResult>;
}

/**
 * One call through the node's router: `target` is the search text, the folder prefix or the note
 * path, whichever the operation uses.
 */
export async function vaultCall(host: VaultHost, operation: unknown, target: unknown, content: unknown = '', baseHash: unknown = '', checkOnly = false): Promise<IDataObject> {
	const { vaultPath, writePrefixes } = host;
	return await router(host.run, parametersOf({ vaultPath, writePrefixes, operation, query: target, prefix: target, path: target, content, baseHash, checkOnly }));
}
