export { defaultConfig, DEFAULT_CATALOGUE_FILES } from './defaults';
export { deploymentName } from './deployment';
export { CONFIG_FILE_NAMES, ConfigError, findConfigFile, loadConfig, parseConfig } from './loadConfig';
export { ADMIN_DEFAULTS, ADMIN_TOOL_NAMES, AdminSchema, APPROVAL_DEFAULTS, ApprovalChannelSchema, ApprovalsSchema, ConfigSchema, CREATES_DEFAULTS, CreatesSchema, GATEWAY_MODES, SUB_WORKFLOW_EXECUTIONS, TOOL_KINDS, ToolsetSchema } from './schema';
export type { AdminConfig, AdminToolName, ApprovalChannel, ApprovalsConfig, ConfigInput, CreatesConfig, GatewayMode, HermesConfig, SubWorkflowExecutions, ToolKind, Toolset } from './schema';
