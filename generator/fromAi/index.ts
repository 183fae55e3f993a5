export { expression, fromAiCall, quote } from './build';
export { collectFromAiCalls, extractFromAiCalls, FromAiParseError } from './parse';
export type { FromAiCall } from './parse';
export { FROM_AI_KEY_PATTERN, FROM_AI_TYPES, isFromAiType, scanCalls } from '../lint/core';
export type { ClosedCall, FromAiType, ScannedArgument, ScannedCall, UnclosedCall } from '../lint/core';
