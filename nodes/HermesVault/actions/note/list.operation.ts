import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { shownFor } from '../../../shared/description';
import { checkPassed, type ItemParameters } from '../../../shared/operations';
import { VAULT, VAULT_LIMITS } from '../../../../core/vault/contract';
import { runReadScript, type VaultContext } from '../../helpers/context';
import { checkListPrefix } from '../../../../core/vault/validate';
import { LIST_SCRIPT } from '../../scripts/list';

export const description: INodeProperties[] = [
	{
		displayName: 'Prefix',
		name: VAULT.params.prefix,
		type: 'string',
		default: '',
		placeholder: 'research/',
		...shownFor(VAULT, 'prefix'),
		description: 'The folder to list, or empty for the whole vault',
	},
];

/** NUL-terminated paths, at most cap + 1 (the extra one only says "there is more"). */
export function shapeFileList(body: Buffer, total: number): { files: string[]; truncated: boolean } {
	const names = body.toString('utf8').split('\0');
	if (names[names.length - 1] === '') names.pop();
	const files = names.slice(0, VAULT_LIMITS.listEntries);
	return { files, truncated: names.length > VAULT_LIMITS.listEntries || total > files.length };
}

export async function execute(ctx: VaultContext, param: ItemParameters): Promise<IDataObject> {
	const prefix = checkListPrefix(param(VAULT.params.prefix));
	if (!prefix.ok) return prefix.answer;
	const output = await runReadScript(ctx, LIST_SCRIPT, prefix.value);
	if (!output.ok) return output.answer;
	const total = Number(output.value.fields[0]);
	const { files, truncated } = shapeFileList(output.value.body, total);
	return { success: true, prefix: prefix.value, files, count: files.length, total, truncated };
}

/** Check Only: the gate reads the normalised prefix under the sub-workflow role `query`. */
export async function check(_ctx: VaultContext, param: ItemParameters): Promise<IDataObject> {
	const prefix = checkListPrefix(param(VAULT.params.prefix));
	return prefix.ok ? checkPassed({ operation: 'list', query: prefix.value }, null) : prefix.answer;
}
