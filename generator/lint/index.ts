export { lintWorkflow, SHAPE_CODE, SHAPE_RULE, lintFromAiCalls, legacyToolRoutes, RULES, type LintOptions, type LintedFromAiCall, type ToolRoute } from './core';
export type { Finding, LintedNode, LintedWorkflow, Rule, Severity } from './core';
export { formatFindings, formatGithub, formatJson, formatText, FORMATS, type Format } from './format';
export { manifestPathFor, manifestSchema } from './manifest';
