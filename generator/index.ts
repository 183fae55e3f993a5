/**
 * hermes-workflows as a library: the helpers catalogue and config files are written with, the
 * schemas behind them, and the steps the CLI runs (load a project, generate, lint).
 */
export { defineConfig, defineTool, defineTools } from './toolSpec/define';
export {
	CatalogueError,
	GATEWAY_INPUTS,
	GATEWAYS,
	ToolSpecSchema,
	validateCatalogue,
	type GatewayName,
	type ParameterSpec,
	type ToolDefinition,
	type ToolSpec,
} from './toolSpec/schema';
export { ConfigError, ConfigSchema, defaultConfig, loadConfig, type ConfigInput, type HermesConfig } from './config';
export { defaultCatalogue, generateAll, loadCatalogue, loadProject, type GeneratedFile, type Project } from './project';
export { lintWorkflow, RULES, type Finding } from './lint';
