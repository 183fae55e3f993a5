import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../shared/markers';
import { asItem, readScriptOutput, unexpectedAnswer } from '../answers';
import { LIMITS } from '../limits';
import { checkListPrefix } from '../pathPolicy';
import { LIST_SCRIPT } from '../scripts/list';
import { READ_TIMEOUT_SECONDS, type VaultContext } from './context';

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
	const result = await ctx.run({
		script: LIST_SCRIPT,
		args: [ctx.vaultPath],
		stdin: Buffer.from(check.path, 'utf8'),
		timeoutSeconds: READ_TIMEOUT_SECONDS,
		readOnly: true,
	});
	const output = readScriptOutput(result);
	if (output.kind === 'marker') return asItem(output.answer);
	if (output.kind === 'unexpected') return unexpectedAnswer(output.detail);
	const total = Number(output.fields[0]);
	const { files, truncated } = shapeFileList(output.body, total);
	return { success: true, prefix: check.path, files, count: files.length, total, truncated };
}
