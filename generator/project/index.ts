/** A workflow-as-code project: its config (file or built-in default) and the catalogue it names. */
import { findConfigFile, loadConfig, type HermesConfig } from '../config';
import type { ToolSpec } from '../toolSpec/schema';
import { loadCatalogue } from './loadCatalogue';

export interface Project {
	config: HermesConfig;
	tools: ToolSpec[];
	/** The config file used; undefined when the built-in default was used. */
	configFile?: string;
}

export function loadProject(configPath?: string, cwd = process.cwd()): Project {
	const configFile = findConfigFile(configPath, cwd);
	const config = loadConfig(configFile);
	return { config, tools: loadCatalogue(config.catalogue, cwd), configFile };
}

let defaultTools: ToolSpec[] | undefined;

/** The built-in catalogue (what `init` copies into a new project). */
export function defaultCatalogue(): ToolSpec[] {
	defaultTools ??= loadCatalogue(loadConfig().catalogue);
	return defaultTools;
}

export { loadCatalogue } from './loadCatalogue';
export { generateAll, jsonFile, MAIN_FILE, MAIN_MANIFEST_FILE, type GeneratedFile } from './generateAll';
export { ModuleLoadError } from '../runtime/loadModule';
export { packageRoot, packageVersion } from '../runtime/packageRoot';
