/**
 * Runs the real HermesVault node (its execute()) against the real sshd harness and a real git
 * vault. Nothing here is a stand-in: sshd is OpenSSH, the vault is a git work tree with a bare
 * remote, and the node reaches it through the package's SSH transport.
 */
import type { IDataObject } from 'n8n-workflow';

import { HermesVault } from '../../../nodes/HermesVault/HermesVault.node';
import { closeAllConnections } from '../../../nodes/shared/transport';
import { executeNode } from '../../harness/executeNode';
import { createGitVault, type GitVault } from '../../harness/gitVault';
import { startSshd, type SshdHandle } from '../../harness/sshd';

export const node = new HermesVault();

/** One call by the node's parameter names (the search text, the folder prefix, the note path). */
export interface VaultCall {
	operation: string;
	query?: string;
	prefix?: string;
	path?: string;
	content?: string;
	baseHash?: string;
	writePrefixes?: string;
	checkOnly?: boolean;
}

export async function callVault(sshd: SshdHandle, vault: GitVault, call: VaultCall, credentials = sshd.credentials): Promise<IDataObject> {
	const out = await executeNode(node, {
		parameters: { vaultPath: vault.root, ...call },
		credentials: { hermesSshApi: credentials },
	});
	expect(out[0]).toHaveLength(1);
	return out[0][0].json;
}

/** Every 12-hex run in a value, serialised: used to prove error answers carry no content hash. */
export function hexRuns(value: unknown): string[] {
	return JSON.stringify(value).match(/[0-9a-f]{12}/gi) ?? [];
}

/**
 * One sshd and one git vault per test file: started in beforeAll (then `ready` receives them and
 * `seed` may add fixtures), stopped and removed in afterAll.
 */
export function useVaultSuite(
	ready: (sshd: SshdHandle, vault: GitVault) => void,
	seed?: (sshd: SshdHandle, vault: GitVault) => void | Promise<void>,
): void {
	let started: { sshd?: SshdHandle; vault?: GitVault } = {};
	beforeAll(async () => {
		started = { sshd: await startSshd(), vault: createGitVault() };
		ready(started.sshd!, started.vault!);
		await seed?.(started.sshd!, started.vault!);
	}, 60_000);
	afterAll(async () => {
		await closeAllConnections();
		await started.sshd?.stop();
		started.vault?.remove();
	});
}
