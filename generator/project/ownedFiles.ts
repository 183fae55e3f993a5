/**
 * Which files of an output folder `generate` owns. It keeps their names in a list file next to
 * them, rather than guessing from file names or from a marker inside the workflows: the folder
 * may hold a user's own JSON with a similar name, and a marker would travel to n8n with every
 * push. A file on the list that this config no longer generates (approvals dropped, a toolset
 * removed) is stale: generate removes it, `--check` reports it. A file not on the list is never
 * touched.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import type { GeneratedFile } from './generateAll';

/** Not `.json`, so `lint <folder>` does not read it as a workflow. */
export const OWNED_LIST_FILE = '.hermes-generated';

const HEADER = '# Written by hermes-workflows generate: the files it owns in this folder, removed when it no longer generates them.';

/** Only plain `.json` names count: a hand-edited line can never point outside the folder. */
function isOwnableName(name: string): boolean {
	return name.endsWith('.json') && basename(name) === name && !name.includes('\\');
}

/** The list file's text for the files generated now (sorted, so it diffs cleanly). */
export function ownedListText(files: readonly string[]): string {
	return `${[HEADER, ...[...new Set(files)].sort()].join('\n')}\n`;
}

/** The list file, written and checked like the generated files it names. */
export function ownedListFile(files: readonly GeneratedFile[]): GeneratedFile {
	return { file: OWNED_LIST_FILE, content: ownedListText(files.map((f) => f.file)) };
}

/** The names a list file holds; comments, blank lines and anything but a plain `.json` name are skipped. */
export function parseOwnedList(text: string): string[] {
	return text
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '' && !line.startsWith('#') && isOwnableName(line));
}

/** The owned names on disk, or undefined when the folder has no list (written before there was one, or new). */
export function readOwnedList(dir: string): string[] | undefined {
	try {
		return parseOwnedList(readFileSync(join(dir, OWNED_LIST_FILE), 'utf8'));
	} catch {
		return undefined;
	}
}

/**
 * Files generate wrote into `dir` earlier that it does not generate now and that are still there.
 * Without a list, only `unlisted` (names generate is known to have written before it kept a list,
 * the gateway sub-workflows) are taken as its own.
 */
export function staleOwnedFiles(dir: string, generated: readonly string[], unlisted: readonly string[]): string[] {
	const now = new Set(generated);
	const owned = readOwnedList(dir) ?? unlisted;
	return [...new Set(owned)].filter((file) => !now.has(file) && existsSync(join(dir, file)));
}
