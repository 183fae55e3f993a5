/**
 * Finds `$fromAI(...)` calls in node parameters the way n8n does (packages/workflow
 * from-ai-parse-utils.ts: extractFromAICalls / parseArguments / traverseNodeParameters), without a
 * runtime dependency on n8n-workflow, so the generator tests and lint read the same thing n8n
 * reads. Differences from n8n are bugs; test/unit/generator checks them against n8n-workflow.
 */
export type FromAiType = 'string' | 'number' | 'boolean' | 'json';

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

const TYPES: readonly string[] = ['string', 'number', 'boolean', 'json'];
const QUOTES = ['"', "'", '`'];

function splitArguments(argsString: string): string[] {
	const args: string[] = [];
	let current = '';
	let quoteChar = '';
	let escapeNext = false;
	for (const char of argsString) {
		if (escapeNext) {
			current += char;
			escapeNext = false;
		} else if (char === '\\') {
			escapeNext = true;
		} else if (QUOTES.includes(char)) {
			if (!quoteChar) quoteChar = char;
			else if (char === quoteChar) quoteChar = '';
			current += char;
		} else if (char === ',' && !quoteChar) {
			args.push(current.trim());
			current = '';
		} else {
			current += char;
		}
	}
	if (current) args.push(current.trim());
	return args;
}

function unquote(arg: string): string {
	const t = arg.trim();
	const quoted = QUOTES.some((q) => t.length >= 2 && t.startsWith(q) && t.endsWith(q));
	if (!quoted) return t;
	return t
		.slice(1, -1)
		.replace(/\\'/g, "'")
		.replace(/\\`/g, '`')
		.replace(/\\"/g, '"')
		.replace(/\\\\/g, '\\');
}

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

function parseArguments(raw: string): FromAiCall {
	const args = splitArguments(raw).map(unquote);
	const rawType = args[2] ?? 'string';
	const type = rawType.toLowerCase();
	if (!TYPES.includes(type)) throw new FromAiParseError(`Invalid type: ${rawType}`);
	return {
		key: args[0] || '',
		description: args[1],
		type: type as FromAiType,
		defaultValue: parseDefault(args[3], type as FromAiType),
		raw,
	};
}

/** Every `$fromAI(...)` call in one string. Throws FromAiParseError like n8n does. */
export function extractFromAiCalls(text: string): FromAiCall[] {
	const calls: FromAiCall[] = [];
	const pattern = /\$fromAI\s*\(\s*/gi;
	let match: RegExpExecArray | null;
	while ((match = pattern.exec(text)) !== null) {
		let i = match.index + match[0].length;
		let quoteChar = '';
		let depth = 1;
		let raw = '';
		while (i < text.length && depth > 0) {
			const char = text[i];
			if (quoteChar) {
				if (char === '\\' && i + 1 < text.length) {
					raw += char + text[i + 1];
					i += 2;
					continue;
				}
				if (char === quoteChar) quoteChar = '';
				raw += char;
			} else {
				if (QUOTES.includes(char)) quoteChar = char;
				else if (char === '(') depth++;
				else if (char === ')') depth--;
				if (depth > 0 || char !== ')') raw += char;
			}
			i++;
		}
		if (depth !== 0) {
			throw new FromAiParseError(`Unbalanced parentheses in $fromAI call: ${text.slice(match.index)}`);
		}
		try {
			calls.push(parseArguments(raw));
		} catch (error) {
			throw new FromAiParseError(`Failed to parse $fromAI arguments: ${raw}: ${String(error)}`);
		}
	}
	return calls;
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
