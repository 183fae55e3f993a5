/** Shared helpers: the generated files for the default config, parsed. */
import type { Manifest, Workflow } from '../../../generator/builders';
import type { GeneratedFile } from '../../../generator/project';
import { generateAll, MAIN_FILE, MAIN_MANIFEST_FILE } from '../../../generator/project';
import type { ToolSpec } from '../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../helpers/defaultCatalogue';
import type { HermesConfig } from '../../../generator/config';
import { loadConfig } from '../../../generator/config';
import type { SubWorkflowReader } from '../../../generator/importer/createOnce';

/**
 * Import's reader of the workflows beside the imported file (the CLI reads them from its
 * directory), over generated files: the workflow in that file, if it has that name.
 */
export function besideGenerated(files: readonly GeneratedFile[]): SubWorkflowReader {
	return (name, file) => {
		const workflow = files.find((f) => f.file === file)?.workflow as Workflow | undefined;
		return workflow?.name === name ? workflow : undefined;
	};
}

export function generated(catalogue: readonly ToolSpec[] = CATALOGUE, config: HermesConfig = loadConfig()) {
	const files = generateAll(catalogue, config);
	const byName = (name: string): GeneratedFile => {
		const file = files.find((f) => f.file === name);
		if (!file) throw new Error(`not generated: ${name}`);
		return file;
	};
	return {
		files,
		byName,
		main: byName(MAIN_FILE).workflow as Workflow,
		manifest: byName(MAIN_MANIFEST_FILE).manifest as Manifest,
		/** The create-once workflows (and every other file) beside the MCP tools workflow, for import. */
		beside: besideGenerated(files),
	};
}

export { DEFAULT_TOOL_NAMES as ARTICLE_TOOLS } from '../../helpers/defaultCatalogue';
