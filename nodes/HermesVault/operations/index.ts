import type { IDataObject } from 'n8n-workflow';

import { errorAnswer, misconfiguredAnswer } from '../../shared/markers';
import type { RemoteCommand, RemoteResult } from '../../shared/transport/types';
import { VAULT_OPERATIONS, type VaultOperation } from '../contract';
import { checkVaultPath, parseWritePrefixes } from '../pathPolicy';
import type { VaultContext } from './context';
import { list } from './list';
import { read } from './read';
import { search } from './search';
import { write } from './write';

export { VAULT_OPERATIONS, type VaultOperation } from '../contract';

export interface VaultRequest {
	operation: unknown;
	query: unknown;
	/** Read lazily: only a write needs them. */
	content: () => unknown;
	baseHash: () => unknown;
}

export function isVaultOperation(value: unknown): value is VaultOperation {
	return typeof value === 'string' && (VAULT_OPERATIONS as readonly string[]).includes(value);
}

/** Operations are matched trimmed and case-insensitively. */
const canonical = (operation: unknown) => (typeof operation === 'string' ? operation.trim().toLowerCase() : operation);

/** Dispatches one request; an unknown operation (e.g. from an expression) is __BAD_ACTION__. */
export async function runVaultOperation(ctx: VaultContext, request: VaultRequest): Promise<IDataObject> {
	const operation = canonical(request.operation);
	if (!isVaultOperation(operation)) {
		return { ...errorAnswer('__BAD_ACTION__', `Unknown vault action "${String(request.operation)}". Use one of: ${VAULT_OPERATIONS.join(', ')}.`) };
	}
	switch (operation) {
		case 'search':
			return await search(ctx, request.query);
		case 'list':
			return await list(ctx, request.query);
		case 'read':
			return await read(ctx, request.query);
		case 'write':
			return await write(ctx, request.query, request.content(), request.baseHash());
	}
}

/** One call of the node: the operator's settings and the agent's request. */
export interface VaultNodeRequest extends VaultRequest {
	settings: { vaultPath: unknown; writePrefixes: () => unknown };
}

/**
 * Checks the settings, then runs the request. A bad setting is the operator's fault, answered
 * whatever the agent sent; the write prefixes are only read (and judged) for a write.
 */
export async function runVaultRequest(run: (command: RemoteCommand) => Promise<RemoteResult>, request: VaultNodeRequest): Promise<IDataObject> {
	const vaultPath = checkVaultPath(request.settings.vaultPath);
	if (!vaultPath.ok) return { ...misconfiguredAnswer('Vault Path', vaultPath.reason) };
	let prefixes: string[] = [];
	if (canonical(request.operation) === 'write') {
		try {
			prefixes = parseWritePrefixes(request.settings.writePrefixes());
		} catch (error) {
			return { ...misconfiguredAnswer('Write Prefixes', (error as Error).message) };
		}
	}
	return await runVaultOperation({ vaultPath: vaultPath.path, writePrefixes: () => prefixes, run }, request);
}
