export { buildGatewayWorkflow, buildGatewayWorkflows, gatewayWorkflowFileName, subWorkflowSettings } from './gatewayWorkflows';
export { buildManifest } from './manifest';
export type { Manifest, ManifestEntry } from './manifest';
export { buildMcpWorkflow, TRIGGER_NAME } from './mcpWorkflow';
export type { Connections, Workflow, WorkflowNode, WorkflowSettings } from './n8nTypes';
export { NODE_TYPES, toJson } from './n8nTypes';
export { nodeId, SUBWORKFLOW_TRIGGER_NAME, webhookId } from './nodeParts';
