/**
 * The workflow linter's core: what lints one workflow JSON object. It imports nothing but zod,
 * so the Hermes Workflow Lint node runs it inside n8n and the CLI (`hermes-workflows lint`)
 * compiles the same files into its own build; file walking, output formats and finding
 * manifests on disk are the CLI's.
 */
export { lintWorkflow, SHAPE_CODE, SHAPE_RULE, type LintOptions } from './engine';
export { APPROVAL_ID_PARAM, PAGE_FIELDS } from './approvalLink';
export { FROM_AI_KEY_PATTERN, FROM_AI_TYPES, isFromAiType, scanCalls } from './fromAiScan';
export type { ClosedCall, FromAiType, ScannedArgument, ScannedCall, UnclosedCall } from './fromAiScan';
export { lintFromAiCalls, type LintedFromAiCall } from './fromAiLint';
export { WorkflowGraph } from './graph';
export { manifestSchema, readManifest, type Manifest, type ManifestEntry, type ManifestReading } from './manifest';
export { FIXED_FROM_N8N, mcpTriggerMisroutes, type N8nMode } from './misroutingVersions';
export { isLoopbackHost, PLAIN_HTTP_HINT, plainHttpHost } from './plainHttp';
export { legacyToolRoutes, type ToolRoute } from './routing';
export { RULES } from './rules';
export { parseWorkflowShape } from './schema';
export { MAX_TOOL_NAME_LENGTH, nodeNameToToolName, toolNameOf, TOOL_NAME_PATTERN } from './toolName';
export type { ConnectionTarget, Finding, LintedNode, LintedWorkflow, Rule, Severity } from './types';
export { fromAiCallsOf } from './walk';
