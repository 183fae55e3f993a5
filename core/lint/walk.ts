import { lintFromAiCalls, type LintedFromAiCall } from './fromAiLint';
import { isObject } from '../json';
import { STICKY_NOTE } from './nodeTypes';
import type { LintedNode } from './types';

/** Calls `visit` for every string inside `value`, with its path (`a.b[2].c`). */
export function forEachString(
	value: unknown,
	path: string,
	visit: (text: string, path: string, key: string) => void,
	key = '',
): void {
	if (typeof value === 'string') {
		visit(value, path, key);
	} else if (Array.isArray(value)) {
		value.forEach((item, index) => forEachString(item, `${path}[${index}]`, visit, key));
	} else if (isObject(value)) {
		for (const [childKey, child] of Object.entries(value)) {
			forEachString(child, path ? `${path}.${childKey}` : childKey, visit, childKey);
		}
	}
}

export interface LocatedFromAiCall extends LintedFromAiCall {
	/** Parameter path of the string holding the call. */
	path: string;
}

const cache = new WeakMap<LintedNode, LocatedFromAiCall[]>();

/**
 * Every `$fromAI` call in a node's parameters (memoised: several rules read them). A sticky
 * note is canvas text n8n never evaluates: templates explain `$fromAI` there in prose.
 */
export function fromAiCallsOf(node: LintedNode): LocatedFromAiCall[] {
	let calls = cache.get(node);
	if (!calls) {
		const found: LocatedFromAiCall[] = [];
		const parameters = node.type === STICKY_NOTE ? {} : node.parameters;
		forEachString(parameters, 'parameters', (text, path) => {
			if (!/\$fromai/i.test(text)) return;
			for (const call of lintFromAiCalls(text)) found.push({ ...call, path });
		});
		calls = found;
		cache.set(node, calls);
	}
	return calls;
}
