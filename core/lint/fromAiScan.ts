/**
 * How n8n finds `$fromAI(...)` calls in a parameter string and splits their arguments
 * (n8n-workflow's from-ai-parse-utils: extractFromAICalls and parseArguments), written once for
 * the generator's reader (its fromAi/parse.ts) and the linter (fromAiLint.ts). It keeps the offsets
 * and the source text of each argument next to the value n8n reads, so the linter can say where
 * and what, and the reader returns what n8n builds. Differences from n8n are bugs; the unit tests
 * compare both readers with n8n-workflow.
 */

/** The parameter types n8n's tool schema knows (any case is accepted, lower-cased). */
export const FROM_AI_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type FromAiType = (typeof FROM_AI_TYPES)[number];

/** The keys n8n accepts for a tool parameter. */
export const FROM_AI_KEY_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export function isFromAiType(value: string): value is FromAiType {
	return (FROM_AI_TYPES as readonly string[]).includes(value);
}

export interface ScannedArgument {
	/** Trimmed source text of the argument. */
	raw: string;
	/** Offset of `raw` in the scanned text. */
	offset: number;
	/** What n8n reads: backslash escapes dropped, one pair of surrounding quotes removed. */
	value: string;
}

export interface ClosedCall {
	/** Offset of `$fromAI` in the scanned text. */
	offset: number;
	/** The call as written, up to its closing parenthesis. */
	text: string;
	/** Source text between the parentheses (n8n's argument string). */
	body: string;
	args: ScannedArgument[];
}

/** A call whose closing parenthesis never comes: n8n throws and reads no further. */
export interface UnclosedCall {
	offset: number;
	/** From `$fromAI` to the end of the text. */
	text: string;
	/** The quote still open at the end, with its offset; otherwise how many `(` stay open. */
	openQuote?: { char: string; offset: number };
	openParentheses: number;
}

export type ScannedCall = ({ closed: true } & ClosedCall) | ({ closed: false } & UnclosedCall);

const QUOTES: readonly string[] = ['"', "'", '`'];

/** n8n's unquoting: the surrounding quotes go, then the escapes of quotes and backslashes. */
function unquote(arg: string): string {
	const quoted = QUOTES.some((q) => arg.startsWith(q) && arg.endsWith(q));
	if (!quoted) return arg;
	return arg
		.slice(1, -1)
		.replace(/\\'/g, "'")
		.replace(/\\`/g, '`')
		.replace(/\\"/g, '"')
		.replace(/\\\\/g, '\\');
}

/**
 * Splits at commas outside quotes. A backslash escapes the next character anywhere (and is
 * dropped from the value, as n8n does); a last argument counts only when n8n's text of it is
 * not empty, so `$fromAI('a',)` has one argument and `$fromAI('a', )` two.
 */
function splitArguments(body: string, bodyOffset: number): ScannedArgument[] {
	const args: ScannedArgument[] = [];
	let start = 0;
	let value = '';
	let quote = '';
	const push = (end: number) => {
		const slice = body.slice(start, end);
		const lead = slice.length - slice.trimStart().length;
		args.push({ raw: slice.trim(), offset: bodyOffset + start + lead, value: unquote(value.trim()) });
	};
	for (let i = 0; i < body.length; i++) {
		const char = body[i];
		if (char === '\\') {
			if (i + 1 < body.length) value += body[i + 1];
			i++;
		} else if (char === ',' && !quote) {
			push(i);
			start = i + 1;
			value = '';
		} else {
			if (QUOTES.includes(char)) {
				if (!quote) quote = char;
				else if (char === quote) quote = '';
			}
			value += char;
		}
	}
	if (value) push(body.length);
	return args;
}

/** From just after `(`: the closing parenthesis, counting outside quotes only. */
function findClose(text: string, from: number): number | Omit<UnclosedCall, 'offset' | 'text'> {
	let depth = 1;
	let quote = '';
	let quoteAt = -1;
	for (let i = from; i < text.length; i++) {
		const char = text[i];
		if (quote) {
			if (char === '\\') i++;
			else if (char === quote) quote = '';
		} else if (QUOTES.includes(char)) {
			quote = char;
			quoteAt = i;
		} else if (char === '(') {
			depth++;
		} else if (char === ')' && --depth === 0) {
			return i;
		}
	}
	return { openParentheses: depth, ...(quote ? { openQuote: { char: quote, offset: quoteAt } } : {}) };
}

/**
 * Every `$fromAI(` in `text`, matched in any case as n8n does. Like n8n, the search goes on
 * right after each `(` (a call inside another call's arguments is a call too) and stops at the
 * first call that is never closed.
 */
export function scanCalls(text: string): ScannedCall[] {
	const calls: ScannedCall[] = [];
	const start = /\$fromAI\s*\(\s*/gi;
	let match: RegExpExecArray | null;
	while ((match = start.exec(text)) !== null) {
		const offset = match.index;
		const bodyStart = offset + match[0].length;
		const close = findClose(text, bodyStart);
		if (typeof close !== 'number') {
			calls.push({ closed: false, offset, text: text.slice(offset), ...close });
			break;
		}
		const body = text.slice(bodyStart, close);
		calls.push({ closed: true, offset, text: text.slice(offset, close + 1), body, args: splitArguments(body, bodyStart) });
	}
	return calls;
}
