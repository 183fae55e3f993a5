import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../shared/markers';
import { asItem } from '../answers';
import { LIMITS, truncateChars } from '../limits';
import { checkNotePath } from '../pathPolicy';
import { READ_SCRIPT } from '../scripts/read';
import { runReadScript, type VaultContext } from './context';

/**
 * The note text cut to the character cap. The host sent at most 4 bytes per allowed
 * character, so a cut byte stream always still holds more than the cap.
 */
export function shapeNote(body: Buffer, totalBytes: number): { content: string; truncated: boolean } {
	const { text, truncated } = truncateChars(body.toString('utf8'), LIMITS.readChars);
	return { content: text, truncated: truncated || body.length < totalBytes };
}

export function badPathAnswer(reason: string): IDataObject {
	return asItem(errorAnswer('__BAD_PATH__', `The path is not allowed: ${reason}. Use a relative path ending in .md, with no "..", hidden or empty segments (e.g. research/topic.md).`));
}

/**
 * What the host refuses for a read: a path that resolves outside the vault or into .git (a
 * symlink). Nothing about write prefixes: any note of the vault may be read.
 */
export const READ_HINTS = {
	__BAD_PATH__:
		'The note cannot be read: it resolves outside the vault or into .git (e.g. through a symlink). Read another note; vault_list shows the notes.',
} as const;

export async function read(ctx: VaultContext, rawPath: unknown): Promise<IDataObject> {
	const check = checkNotePath(rawPath);
	if (!check.ok) return badPathAnswer(check.reason);
	const output = await runReadScript(ctx, READ_SCRIPT, check.path, READ_HINTS);
	if ('answer' in output) return output.answer;
	const [contentHash, size] = output.fields;
	const bytes = Number(size);
	const { content, truncated } = shapeNote(output.body, bytes);
	return { success: true, path: check.path, contentHash, bytes, content, truncated };
}
