export { endpointSpecs, mcpEndpoints, n8nBaseUrl, tokenVariable, type EndpointChannel, type EndpointSpec, type McpEndpoint } from './endpoints';
export { AGENT_CONFIG_FORMS, hermesAgentConfig, mcpJsonConfig, type AgentConfigForm, type McpJsonConfig } from './render';
