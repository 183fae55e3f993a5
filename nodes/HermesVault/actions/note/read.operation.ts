import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { checkPassed, type ItemParameters } from '../../../shared/operations';
import { VAULT, VAULT_LIMITS } from '../../../../core/vault/contract';
import { unexpectedAnswer } from '../../helpers/answers';
import { runReadScript, type VaultContext } from '../../helpers/context';
import { truncateChars } from '../../helpers/limits';
import { checkNotePath } from '../../../../core/vault/validate';
import { READ_RAW_BYTES, READ_SCRIPT } from '../../scripts/read';

/**
 * The note text cut to the character cap. The host sent at most 4 bytes per allowed
 * character, so a cut byte stream always still holds more than the cap.
 */
export function shapeNote(body: Buffer, totalBytes: number): { content: string; truncated: boolean } {
	const { text, truncated } = truncateChars(body.toString('utf8'), VAULT_LIMITS.readChars);
	return { content: text, truncated: truncated || body.length < totalBytes };
}

/**
 * What the host refuses for a read: a path that resolves outside the vault or into .git (a
 * symlink). Nothing about write prefixes: any note of the vault may be read.
 */
export const READ_HINTS = {
	__BAD_PATH__:
		'The note cannot be read: it resolves outside the vault or into .git (e.g. through a symlink). Read another note; vault_list shows the notes.',
} as const;

/** What a read sent: the note's first bytes, its hash (12 hex) and its size in bytes. */
interface SentNote {
	body: Buffer;
	contentHash: string;
	bytes: number;
}

const TRAILER = /^([0-9a-f]{12}) (\d+)\n$/;

/** The answer for a read whose output `sentNote` cannot read. */
export const noTrailerAnswer = () => unexpectedAnswer('a note longer than the bytes sent came without its hash and size');

/**
 * What follows the read script's `OK - -` line (see the script): up to READ_RAW_BYTES bytes are
 * the whole note, hashed and sized here (the first 12 hex of its sha256, what the host prints
 * for a longer one); more is the first READ_RAW_BYTES bytes and the host's `<hash12> <bytes>`
 * trailer. Undefined for a trailer that is not one.
 */
export function sentNote(output: Buffer): SentNote | undefined {
	if (output.length <= READ_RAW_BYTES) {
		return { body: output, contentHash: createHash('sha256').update(output).digest('hex').slice(0, 12), bytes: output.length };
	}
	const trailer = TRAILER.exec(output.subarray(READ_RAW_BYTES).toString('latin1'));
	return trailer ? { body: output.subarray(0, READ_RAW_BYTES), contentHash: trailer[1], bytes: Number(trailer[2]) } : undefined;
}

export async function execute(ctx: VaultContext, param: ItemParameters): Promise<IDataObject> {
	const path = checkNotePath(param(VAULT.params.path));
	if (!path.ok) return path.answer;
	const output = await runReadScript(ctx, READ_SCRIPT, path.value, READ_HINTS);
	if (!output.ok) return output.answer;
	const note = sentNote(output.value.body);
	if (!note) return noTrailerAnswer();
	const { content, truncated } = shapeNote(note.body, note.bytes);
	return { success: true, path: path.value, contentHash: note.contentHash, bytes: note.bytes, content, truncated };
}

export async function check(_ctx: VaultContext, param: ItemParameters): Promise<IDataObject> {
	const path = checkNotePath(param(VAULT.params.path));
	return path.ok ? checkPassed({ operation: 'read', query: path.value }, null) : path.answer;
}
