export { lintWorkflow, SHAPE_CODE, SHAPE_RULE, type LintOptions } from './engine';
export { formatFindings, formatGithub, formatJson, formatText, FORMATS, type Format } from './format';
export { findFromAiCalls, type FromAiCall } from './fromAi';
export { manifestPathFor, manifestSchema, type ToolManifest } from './manifest';
export { legacyToolRoutes, type ToolRoute } from './routing';
export { RULES } from './rules';
export type { Finding, Rule, Severity } from './types';
