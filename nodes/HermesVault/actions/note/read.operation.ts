import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { VAULT_LIMITS } from '../../contract';
import { asItem } from '../../helpers/answers';
import { runReadScript, type VaultContext } from '../../helpers/context';
import { truncateChars } from '../../helpers/limits';
import { checkNotePath } from '../../helpers/validate';
import { READ_SCRIPT } from '../../scripts/read';

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

/**
 * The note's content hash: the host's, or (`-`: the host sent the whole note) the first 12 hex
 * of the sha256 of the bytes received, which is what the host would have printed for them.
 */
export function noteHash(hostHash: string, body: Buffer): string {
	return hostHash === '-' ? createHash('sha256').update(body).digest('hex').slice(0, 12) : hostHash;
}

export async function execute(ctx: VaultContext, rawPath: unknown): Promise<IDataObject> {
	const path = checkNotePath(rawPath);
	if (!path.ok) return asItem(path.answer);
	const output = await runReadScript(ctx, READ_SCRIPT, path.value, READ_HINTS);
	if (!output.ok) return asItem(output.answer);
	const [hostHash, size] = output.value.fields;
	const bytes = Number(size);
	const { content, truncated } = shapeNote(output.value.body, bytes);
	return { success: true, path: path.value, contentHash: noteHash(hostHash, output.value.body), bytes, content, truncated };
}
