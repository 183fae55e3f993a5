export { expression, fromAiCall, quote } from './build';
export { collectFromAiCalls, extractFromAiCalls, FromAiParseError } from './parse';
export type { FromAiCall, FromAiType } from './parse';
