import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../shared/markers';
import { asItem } from '../answers';
import { LIMITS, truncateChars } from '../limits';
import { SEARCH_RAW_BYTES, SEARCH_SCRIPT } from '../scripts/search';
import { runReadScript, type VaultContext } from './context';

export type SearchMatch = {
	path: string;
	line: number;
	text: string;
};

/** A query is one line of text: git reads patterns one per line, so a newline would split it. */
export function checkSearchQuery(query: unknown): { ok: true; query: string } | { ok: false; answer: IDataObject } {
	const text = typeof query === 'string' ? query : query === undefined || query === null ? '' : String(query);
	if (text.trim() === '') return { ok: false, answer: asItem(errorAnswer('__EMPTY_QUERY__', 'The search text is empty. Send the words to look for.')) };
	if (/[\r\n\0]/.test(text)) {
		return { ok: false, answer: asItem(errorAnswer('__BAD_ACTION__', 'The search text must be a single line (no line breaks or NUL). Search for one line at a time.')) };
	}
	if ([...text].length > LIMITS.searchQueryChars) {
		return { ok: false, answer: asItem(errorAnswer('__TOO_LARGE__', `The search text is longer than ${LIMITS.searchQueryChars} characters. Search for a shorter phrase.`)) };
	}
	return { ok: true, query: text };
}

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
		if (seen >= LIMITS.searchMatchesPerFile) {
			truncated = true;
			continue;
		}
		if (matches.length >= LIMITS.searchLines) {
			truncated = true;
			break;
		}
		perFile.set(path, seen + 1);
		matches.push({ path, line, text: truncateChars(raw, LIMITS.searchLineChars).text });
	}
	return { matches, truncated };
}

export async function search(ctx: VaultContext, rawQuery: unknown): Promise<IDataObject> {
	const check = checkSearchQuery(rawQuery);
	if (!check.ok) return check.answer;
	const output = await runReadScript(ctx, SEARCH_SCRIPT, check.query);
	if ('answer' in output) return output.answer;
	const { matches, truncated } = shapeSearchMatches(output.body);
	return { success: true, query: check.query, matches, count: matches.length, truncated };
}
