import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../shared/markers';
import { asItem } from '../answers';
import { LIMITS } from '../limits';
import { checkListPrefix } from '../pathPolicy';
import { LIST_SCRIPT } from '../scripts/list';
import { runReadScript, type VaultContext } from './context';

/** NUL-terminated paths, at most cap + 1 (the extra one only says "there is more"). */
export function shapeFileList(body: Buffer, total: number): { files: string[]; truncated: boolean } {
	const names = body.toString('utf8').split('\0');
	if (names[names.length - 1] === '') names.pop();
	const files = names.slice(0, LIMITS.listEntries);
	return { files, truncated: names.length > LIMITS.listEntries || total > files.length };
}

export async function list(ctx: VaultContext, rawPrefix: unknown): Promise<IDataObject> {
	const check = checkListPrefix(typeof rawPrefix === 'string' ? rawPrefix.trim() : rawPrefix);
	if (!check.ok) return asItem(errorAnswer('__BAD_PATH__', `The folder prefix is not allowed: ${check.reason}. Send a folder such as "research/" or nothing.`));
	const output = await runReadScript(ctx, LIST_SCRIPT, check.path);
	if ('answer' in output) return output.answer;
	const total = Number(output.fields[0]);
	const { files, truncated } = shapeFileList(output.body, total);
	return { success: true, prefix: check.path, files, count: files.length, total, truncated };
}
