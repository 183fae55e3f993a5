export { DEFAULT_CONFIG } from './defaults';
export { ConfigError, loadConfig, parseConfig } from './loadConfig';
export { ConfigSchema, ToolsetSchema } from './schema';
export type { HermesConfig, Toolset } from './schema';
