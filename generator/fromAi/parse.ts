/**
 * Reads `$fromAI(...)` calls into the values n8n builds the tool schema from (key, description,
 * type, default), and throws where n8n throws. The importer reads workflows with it and the
 * generator's tests hold the generated workflows to it; the linter reports on the same scan
 * (the lint core's fromAiScan.ts) instead of throwing.
 */
import { isFromAiType, scanCalls, type ClosedCall, type FromAiType } from '../lint/core';

export interface FromAiCall {
	key: string;
	description?: string;
	type: FromAiType;
	/** Parsed like n8n does; `undefined` when there is no 4th argument (the key is required). */
	defaultValue?: string | number | boolean | Record<string, unknown> | unknown[] | null;
	/** Raw text of the arguments (between the parentheses). */
	raw: string;
}

export class FromAiParseError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'FromAiParseError';
	}
}

/** n8n's default: from the expression text, typed by the key's type, JSON-parsed otherwise. */
function parseDefault(value: string | undefined, type: FromAiType): FromAiCall['defaultValue'] {
	if (value === undefined) return undefined;
	if (type === 'string') return value;
	const lower = value.toLowerCase();
	if (type === 'boolean' && (lower === 'true' || lower === 'false')) return lower === 'true';
	if (type === 'number' && !isNaN(Number(value))) return Number(value);
	try {
		return JSON.parse(value) as FromAiCall['defaultValue'];
	} catch {
		return value;
	}
}

function readCall(call: ClosedCall): FromAiCall {
	const [key, description, type, fallback] = call.args.map((arg) => arg.value);
	const rawType = type ?? 'string';
	const lower = rawType.toLowerCase();
	if (!isFromAiType(lower)) {
		throw new FromAiParseError(`Failed to parse $fromAI arguments: ${call.body}: Invalid type: ${rawType}`);
	}
	return { key: key || '', description, type: lower, defaultValue: parseDefault(fallback, lower), raw: call.body };
}

/** Every `$fromAI(...)` call in one string. Throws FromAiParseError like n8n does. */
export function extractFromAiCalls(text: string): FromAiCall[] {
	return scanCalls(text).map((call) => {
		if (!call.closed) throw new FromAiParseError(`Unbalanced parentheses in $fromAI call: ${call.text}`);
		return readCall(call);
	});
}

/** Every call in a parameter tree, with the dotted path of the string it sits in. */
export function collectFromAiCalls(
	parameters: unknown,
	path = '',
): Array<FromAiCall & { path: string }> {
	if (typeof parameters === 'string') {
		return extractFromAiCalls(parameters).map((call) => ({ ...call, path }));
	}
	if (Array.isArray(parameters)) {
		return parameters.flatMap((item, index) => collectFromAiCalls(item, `${path}[${index}]`));
	}
	if (typeof parameters === 'object' && parameters !== null) {
		return Object.entries(parameters).flatMap(([key, value]) =>
			collectFromAiCalls(value, path ? `${path}.${key}` : key),
		);
	}
	return [];
}
