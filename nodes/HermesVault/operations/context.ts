import type { RemoteCommand, RemoteResult } from '../../shared/transport/types';

/** What an operation needs from the node: the settings and a way to run one remote command. */
export interface VaultContext {
	/** The `vaultPath` setting, already validated (absolute or `~/...`). */
	vaultPath: string;
	/** The `writePrefixes` setting as folder prefixes ending in "/" (write only). */
	writePrefixes: () => string[];
	run(command: RemoteCommand): Promise<RemoteResult>;
}

/** Seconds a read-only vault command may take on the host. */
export const READ_TIMEOUT_SECONDS = 30;
