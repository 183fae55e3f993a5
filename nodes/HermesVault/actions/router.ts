import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../shared/markers';
import type { RemoteCommand, RemoteResult } from '../../shared/transport/types';
import type { ParameterReader } from '../../shared/parameterReader';
import { VAULT_OPERATIONS, type VaultOperation, type VaultParam } from '../contract';
import { check } from '../helpers/check';
import type { VaultContext } from '../helpers/context';
import { checkVaultPath, checkWritePrefixes } from '../helpers/validate';
import * as list from './note/list.operation';
import * as read from './note/read.operation';
import * as search from './note/search.operation';
import * as write from './note/write.operation';

/**
 * One call of the node, whichever version read it: the agent's operation and arguments and the
 * operator's settings. Each is read lazily, so an operation reads only what it uses (and a
 * bad write prefix never spoils a read).
 */
export interface VaultRequest {
	operation: unknown;
	/** Search text. */
	query: () => unknown;
	/** Folder prefix of list. */
	prefix: () => unknown;
	/** Note path of read and write. */
	path: () => unknown;
	content: () => unknown;
	baseHash: () => unknown;
	settings: { vaultPath: () => unknown; writePrefixes: () => unknown };
	/** Check Only: check the call and read its target, write nothing. */
	checkOnly: () => unknown;
}

/** The request from one version's parameter names: versions differ only in what they call a parameter. */
export function vaultRequest(names: Readonly<Record<VaultParam, string>>, param: ParameterReader): VaultRequest {
	return {
		operation: param(names.operation)(),
		query: param(names.query),
		prefix: param(names.prefix),
		path: param(names.path),
		content: param(names.content),
		baseHash: param(names.baseHash),
		settings: { vaultPath: param(names.vaultPath), writePrefixes: param(names.writePrefixes) },
		checkOnly: param(names.checkOnly, false),
	};
}

/** Operations are matched trimmed and case-insensitively. */
function operationOf(raw: unknown): VaultOperation | undefined {
	const operation = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
	return (VAULT_OPERATIONS as readonly string[]).includes(operation) ? (operation as VaultOperation) : undefined;
}

/**
 * Dispatches one request on checked settings; an unknown operation (e.g. from an expression) is
 * __BAD_ACTION__. With Check Only the operation's checks run and nothing is written (helpers/check.ts).
 */
export async function routeOperation(ctx: VaultContext, request: VaultRequest): Promise<IDataObject> {
	const operation = operationOf(request.operation);
	if (operation !== undefined && request.checkOnly() === true) return await check(ctx, operation, request);
	switch (operation) {
		case 'search':
			return await search.execute(ctx, request.query());
		case 'list':
			return await list.execute(ctx, request.prefix());
		case 'read':
			return await read.execute(ctx, request.path());
		case 'write':
			return await write.execute(ctx, request.path(), request.content(), request.baseHash());
		case undefined:
			return { ...errorAnswer('__BAD_ACTION__', `Unknown vault operation "${String(request.operation)}". Use one of: ${VAULT_OPERATIONS.join(', ')}.`) };
	}
}

/**
 * Checks the settings, then runs the request. A bad setting is the operator's fault, answered
 * whatever the agent sent; the write prefixes are only read (and judged) for a write.
 */
export async function router(run: (command: RemoteCommand) => Promise<RemoteResult>, request: VaultRequest): Promise<IDataObject> {
	const vaultPath = checkVaultPath(request.settings.vaultPath());
	if (!vaultPath.ok) return { ...vaultPath.answer };
	let prefixes: string[] = [];
	if (operationOf(request.operation) === 'write') {
		const checked = checkWritePrefixes(request.settings.writePrefixes());
		if (!checked.ok) return { ...checked.answer };
		prefixes = checked.value;
	}
	return await routeOperation({ vaultPath: vaultPath.value, writePrefixes: () => prefixes, run }, request);
}
