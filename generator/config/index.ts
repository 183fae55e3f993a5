export { defaultConfig, DEFAULT_CATALOGUE_FILES } from './defaults';
export { CONFIG_FILE_NAMES, ConfigError, findConfigFile, loadConfig, parseConfig } from './loadConfig';
export { ConfigSchema, ToolsetSchema } from './schema';
export type { ConfigInput, HermesConfig, Toolset } from './schema';
