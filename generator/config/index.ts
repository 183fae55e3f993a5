export { defaultConfig, DEFAULT_CATALOGUE_FILES } from './defaults';
export { deploymentName } from './deployment';
export { CONFIG_FILE_NAMES, ConfigError, findConfigFile, loadConfig, parseConfig } from './loadConfig';
export { ADMIN_DEFAULTS, ADMIN_TOOL_NAMES, AdminSchema, APPROVAL_DEFAULTS, ApprovalChannelSchema, ApprovalsSchema, ConfigSchema, CREATES_DEFAULTS, CreatesSchema, GATEWAY_MODES, ODOO_MODES, SUB_WORKFLOW_EXECUTIONS, TOOL_KINDS, ToolsetSchema } from './schema';
export type { AdminConfig, AdminToolName, ApprovalChannel, ApprovalsConfig, ConfigInput, CreatesConfig, GatewayMode, HermesConfig, OdooMode, SubWorkflowExecutions, ToolKind, Toolset } from './schema';
export { N8N_TARGETS, N8N_VERSIONS, refusedOn, type N8nTarget, type N8nVersion } from './n8nTarget';
