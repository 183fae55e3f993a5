import type { IDataObject } from 'n8n-workflow';
import { structuredPatch } from 'diff';

/** Unchanged lines shown around each change, as `diff -U2` shows them. */
export const CHANGE_CONTEXT_LINES = 2;

/**
 * What a write would change in a note, for the person who approves it: the changed lines, each
 * `{ op: '-' | '+' | ' ', text }` (removed, added, unchanged around a change), and between two
 * runs of changes `{ op: '…' }`. A new note is all added lines. A note longer than a read returns
 * is not compared (its end was not read): one `{ op: '…', text }` says so.
 */
export function noteChanges(current: { content: string; truncated: boolean } | undefined, next: string): IDataObject[] {
	if (current?.truncated) return [{ op: '…', text: 'the note is longer than a read returns, so the change is not shown: the arguments hold the new text in full' }];
	const patch = structuredPatch('note', 'note', current?.content ?? '', next, '', '', { context: CHANGE_CONTEXT_LINES });
	const changes: IDataObject[] = [];
	for (const hunk of patch.hunks) {
		if (changes.length > 0) changes.push({ op: '…' });
		// The library marks a last line without a line feed with a line of its own.
		for (const line of hunk.lines.filter((l) => !l.startsWith('\\'))) changes.push({ op: line[0], text: line.slice(1) });
	}
	return changes;
}
