export { lintWorkflow, SHAPE_CODE, SHAPE_RULE, type LintOptions } from './engine';
export { formatFindings, formatGithub, formatJson, formatText, FORMATS, type Format } from './format';
export { scanFromAiCalls, type ScannedFromAiCall } from './fromAiScanner';
export { manifestPathFor, manifestSchema } from './manifest';
export { legacyToolRoutes, type ToolRoute } from './routing';
export { RULES } from './rules';
export type { Finding, LintedNode, LintedWorkflow, Rule, Severity } from './types';
