import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../shared/markers';
import type { VaultContext } from './context';
import { list } from './list';
import { read } from './read';
import { search } from './search';
import { write } from './write';

export const VAULT_OPERATIONS = ['search', 'list', 'read', 'write'] as const;
export type VaultOperation = (typeof VAULT_OPERATIONS)[number];

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

/** Dispatches one request; an unknown operation (e.g. from an expression) is __BAD_ACTION__. */
export async function runVaultOperation(ctx: VaultContext, request: VaultRequest): Promise<IDataObject> {
	const operation = typeof request.operation === 'string' ? request.operation.trim().toLowerCase() : request.operation;
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
