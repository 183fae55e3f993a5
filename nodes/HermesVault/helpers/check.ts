import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../shared/markers';
import type { VaultOperation } from '../contract';
import { READ_HINTS, sentNote } from '../actions/note/read.operation';
import { prepareWrite } from '../actions/note/write.operation';
import { READ_SCRIPT } from '../scripts/read';
import { asItem, unexpectedAnswer } from './answers';
import { runReadScript, type VaultContext } from './context';
import { checkListPrefix, checkNotePath, checkSearchQuery } from './validate';
import type { VaultRequest } from '../actions/router';

/** The answer of a call that passed, keyed by the sub-workflow roles the gate reads (`query` carries the path). */
const passed = (normalised: IDataObject, target: IDataObject | null): IDataObject => ({ success: true, checked: true, normalised, target });

/**
 * A write's target as it is now, read with the read operation's script, and the base-hash
 * check the write's script makes: a missing note needs an empty base hash, an existing one its
 * current contentHash. Only the order differs from a write, which makes the same comparison
 * under its lock when it runs.
 */
async function writeTarget(ctx: VaultContext, path: string, baseHash: string): Promise<IDataObject> {
	const read = await runReadScript(ctx, READ_SCRIPT, path, READ_HINTS);
	if (!read.ok) {
		if (read.answer.error !== '__NOT_FOUND__') return asItem(read.answer);
		if (baseHash !== '') return asItem(errorAnswer('__STALE_READ__', 'The note does not exist (any more), so base_hash matches nothing. Send base_hash empty to create it, or list the folder (vault_list) to find the note.'));
		return { path, exists: false };
	}
	const note = sentNote(read.value.body);
	if (!note) return asItem(unexpectedAnswer('a note longer than the bytes sent came without its hash and size'));
	if (baseHash === '') return asItem(errorAnswer('__EXISTS__'));
	if (note.contentHash !== baseHash) return asItem(errorAnswer('__STALE_READ__'));
	return { path, exists: true, contentHash: note.contentHash, bytes: note.bytes };
}

/**
 * Check Only: the operation's own argument checks and normalisation, and for a write also the
 * host's view of the note (see writeTarget). Nothing is written; a refusal is the answer the
 * operation itself would give.
 */
export async function check(ctx: VaultContext, operation: VaultOperation, request: VaultRequest): Promise<IDataObject> {
	switch (operation) {
		case 'search': {
			const query = checkSearchQuery(request.query());
			return query.ok ? passed({ operation, query: query.value }, null) : asItem(query.answer);
		}
		case 'list': {
			const prefix = checkListPrefix(request.prefix());
			return prefix.ok ? passed({ operation, query: prefix.value }, null) : asItem(prefix.answer);
		}
		case 'read': {
			const path = checkNotePath(request.path());
			return path.ok ? passed({ operation, query: path.value }, null) : asItem(path.answer);
		}
		case 'write': {
			const prepared = prepareWrite(request.path(), request.content(), request.baseHash(), ctx.writePrefixes());
			if (!prepared.ok) return asItem(prepared.answer);
			const { path, baseHash } = prepared.value;
			const target = await writeTarget(ctx, path, baseHash);
			if (target.success === false) return target;
			return passed({ operation, query: path, content: request.content() as string, baseHash }, target);
		}
	}
}
