export { defaultConfig, DEFAULT_CATALOGUE_FILES } from './defaults';
export { CONFIG_FILE_NAMES, ConfigError, findConfigFile, loadConfig, parseConfig } from './loadConfig';
export { ConfigSchema, GATEWAY_MODES, SUB_WORKFLOW_EXECUTIONS, ToolsetSchema } from './schema';
export type { ConfigInput, GatewayMode, HermesConfig, SubWorkflowExecutions, Toolset } from './schema';
