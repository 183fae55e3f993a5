import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders never searched for workflows: dependencies, VCS data, hidden folders. */
const SKIPPED_FOLDER = /^(node_modules|\..*)$/;

export interface LintInput {
	file: string;
	/** Found by walking a folder given on the command line (not named by the user). */
	found: boolean;
}

/** The `.json` files under `folder`, depth first, in name order so output is stable. */
function jsonFilesUnder(folder: string): string[] {
	const files: string[] = [];
	for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) {
			if (!SKIPPED_FOLDER.test(entry.name)) files.push(...jsonFilesUnder(path));
		} else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json')) {
			files.push(path);
		}
	}
	return files;
}

function isFolder(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false; // a missing path is reported when it is read
	}
}

/** Each argument as is, or the workflow JSON files under it when it is a folder. */
export function expandInputs(paths: string[]): { inputs: LintInput[]; emptyFolders: string[] } {
	const inputs: LintInput[] = [];
	const emptyFolders: string[] = [];
	for (const path of paths) {
		if (!isFolder(path)) {
			inputs.push({ file: path, found: false });
			continue;
		}
		const files = jsonFilesUnder(path);
		if (files.length === 0) emptyFolders.push(path);
		inputs.push(...files.map((file) => ({ file, found: true })));
	}
	return { inputs, emptyFolders };
}
