/** n8n node type names the rules look for. */
export const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
export const TOOL_WORKFLOW = '@n8n/n8n-nodes-langchain.toolWorkflow';

/** toolWorkflow took its inputs from a resource mapper (`workflowInputs`) from version 2. */
export const TOOL_WORKFLOW_MAPPER_VERSION = 2;
