/**
 * A catalogue is a list of files, each exporting by default one tool or a list of tools. They
 * are loaded in order and validated together, so every problem names file, tool and field.
 */
import { relative } from 'node:path';

import { validateCatalogue, type ToolSpec } from '../toolSpec/schema';
import { loadDefaultExport, ModuleLoadError } from '../runtime/loadModule';

/** How the file is named in messages: relative to the working folder when inside it. */
function shown(file: string, cwd: string): string {
	const rel = relative(cwd, file);
	return rel && !rel.startsWith('..') ? rel : file;
}

export function loadCatalogue(files: readonly string[], cwd = process.cwd()): ToolSpec[] {
	const tools: unknown[] = [];
	const sources: string[] = [];
	for (const file of files) {
		const name = shown(file, cwd);
		let exported: unknown;
		try {
			exported = loadDefaultExport(file);
		} catch (error) {
			if (error instanceof ModuleLoadError) throw new ModuleLoadError(name, error.reason);
			throw error;
		}
		const list = Array.isArray(exported) ? exported : [exported];
		if (exported === undefined || list.some((tool) => typeof tool !== 'object' || tool === null)) {
			throw new ModuleLoadError(name, 'its default export must be a tool or a list of tools: `export default [defineTool({ ... })]`');
		}
		for (const tool of list) {
			tools.push(tool);
			sources.push(name);
		}
	}
	return validateCatalogue(tools, sources);
}
