import type { IDataObject } from 'n8n-workflow';

import { VAULT_LIMITS } from '../../contract';
import { asItem } from '../../helpers/answers';
import { runReadScript, type VaultContext } from '../../helpers/context';
import { checkListPrefix } from '../../helpers/validate';
import { LIST_SCRIPT } from '../../scripts/list';

/** NUL-terminated paths, at most cap + 1 (the extra one only says "there is more"). */
export function shapeFileList(body: Buffer, total: number): { files: string[]; truncated: boolean } {
	const names = body.toString('utf8').split('\0');
	if (names[names.length - 1] === '') names.pop();
	const files = names.slice(0, VAULT_LIMITS.listEntries);
	return { files, truncated: names.length > VAULT_LIMITS.listEntries || total > files.length };
}

export async function execute(ctx: VaultContext, rawPrefix: unknown): Promise<IDataObject> {
	const prefix = checkListPrefix(rawPrefix);
	if (!prefix.ok) return asItem(prefix.answer);
	const output = await runReadScript(ctx, LIST_SCRIPT, prefix.value);
	if (!output.ok) return asItem(output.answer);
	const total = Number(output.value.fields[0]);
	const { files, truncated } = shapeFileList(output.value.body, total);
	return { success: true, prefix: prefix.value, files, count: files.length, total, truncated };
}
