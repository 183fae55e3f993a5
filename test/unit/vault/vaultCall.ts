import type { VaultRequest } from '../../../nodes/HermesVault/actions/router';

/**
 * A request as either version reads it: `target` is the search text, the folder prefix or the
 * note path, whichever the operation uses. The settings are the router's to check; operations
 * run here get an already-checked context.
 */
export function vaultCall(operation: unknown, target: unknown, content: unknown = '', baseHash: unknown = '', checkOnly = false): VaultRequest {
	return {
		operation,
		query: () => target,
		prefix: () => target,
		path: () => target,
		content: () => content,
		baseHash: () => baseHash,
		settings: { vaultPath: () => '~/vault', writePrefixes: () => 'research/' },
		checkOnly: () => checkOnly,
	};
}
