import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { shownFor } from '../../../shared/description';
import { checkPassed, type ItemParameters } from '../../../shared/operations';
import { VAULT, VAULT_LIMITS } from '../../../../core/vault/contract';
import { runReadScript, type VaultContext } from '../../helpers/context';
import { truncateChars } from '../../helpers/limits';
import { checkSearchQuery } from '../../../../core/vault/validate';
import { SEARCH_RAW_BYTES, SEARCH_SCRIPT } from '../../scripts/search';

export const description: INodeProperties[] = [
	{
		displayName: 'Query',
		name: VAULT.params.query,
		type: 'string',
		default: '',
		...shownFor(VAULT, 'query'),
		description: 'The text to find: one line, matched literally and case-insensitively',
	},
];

type SearchMatch = {
	path: string;
	line: number;
	text: string;
};

/**
 * Parses git's `--null` records (`path\0line\0text\n`, at most SEARCH_MATCHES_REQUESTED per
 * file) into at most 3 matches per file and 60 in total. `truncated` when either cap cut
 * something; output over the host's byte bound is truncation, and a record it cut short ends the list.
 */
export function shapeSearchMatches(raw: Buffer): { matches: SearchMatch[]; truncated: boolean } {
	const matches: SearchMatch[] = [];
	const perFile = new Map<string, number>();
	// The host sends at most one byte over the bound: that byte only says "there was more".
	let truncated = raw.length > SEARCH_RAW_BYTES;
	const body = truncated ? raw.subarray(0, SEARCH_RAW_BYTES) : raw;
	let at = 0;
	while (at < body.length) {
		const pathEnd = body.indexOf(0, at);
		const lineEnd = pathEnd === -1 ? -1 : body.indexOf(0, pathEnd + 1);
		const textEnd = lineEnd === -1 ? -1 : body.indexOf(0x0a, lineEnd + 1);
		if (textEnd === -1) {
			truncated = true;
			break;
		}
		const path = body.subarray(at, pathEnd).toString('utf8');
		const line = Number(body.subarray(pathEnd + 1, lineEnd).toString('latin1'));
		const raw = body.subarray(lineEnd + 1, textEnd).toString('utf8');
		at = textEnd + 1;
		const seen = perFile.get(path) ?? 0;
		if (seen >= VAULT_LIMITS.searchMatchesPerFile) {
			truncated = true;
			continue;
		}
		if (matches.length >= VAULT_LIMITS.searchLines) {
			truncated = true;
			break;
		}
		perFile.set(path, seen + 1);
		matches.push({ path, line, text: truncateChars(raw, VAULT_LIMITS.searchLineChars).text });
	}
	return { matches, truncated };
}

export async function execute(ctx: VaultContext, param: ItemParameters): Promise<IDataObject> {
	const query = checkSearchQuery(param(VAULT.params.query));
	if (!query.ok) return query.answer;
	const output = await runReadScript(ctx, SEARCH_SCRIPT, query.value);
	if (!output.ok) return output.answer;
	const { matches, truncated } = shapeSearchMatches(output.value.body);
	return { success: true, query: query.value, matches, count: matches.length, truncated };
}

export async function check(_ctx: VaultContext, param: ItemParameters): Promise<IDataObject> {
	const query = checkSearchQuery(param(VAULT.params.query));
	return query.ok ? checkPassed({ operation: 'search', query: query.value }, null) : query.answer;
}
