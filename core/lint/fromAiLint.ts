/**
 * The linter's reading of `$fromAI(key, description, type, default)` calls: the scan n8n does
 * (`fromAiScan.ts`, shared with the generator's reader, which returns n8n's values and
 * throws), plus what a linter needs on top: offsets, raw argument text, literal kinds and every
 * problem instead of the first exception.
 */
import { FROM_AI_KEY_PATTERN, FROM_AI_TYPES, isFromAiType, scanCalls, type ScannedArgument, type UnclosedCall } from './fromAiScan';

type LiteralKind = 'string' | 'number' | 'boolean';

interface FromAiArgument {
	/** Trimmed source text of the argument. */
	raw: string;
	/** Offset of `raw` in the scanned text. */
	offset: number;
	/** Set when the argument is a literal; `value` is its text as n8n reads it. */
	literal?: { kind: LiteralKind; value: string };
}

export interface LintedFromAiCall {
	/** Offset of `$fromAI` in the scanned text. */
	offset: number;
	/** The call as written, up to its closing parenthesis (or the end of the text). */
	text: string;
	args: FromAiArgument[];
	/** What breaks the tool or changes what it does; empty when the call is well formed. */
	problems: string[];
	/** What n8n reads otherwise than written, with a milder consequence (extra arguments ignored, ...). */
	warnings: string[];
	key?: string;
	description?: string;
	/** Lower-cased, as n8n normalises it; `string` when omitted. */
	type: string;
	/** The 4th argument's literal text, when there is a well-formed one. */
	defaultValue?: string;
	hasDefault: boolean;
}

const QUOTES = new Set(['"', "'", '`']);
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A quote character preceded by an even number of backslashes (so not escaped). */
const UNESCAPED_QUOTE: Record<string, RegExp> = {
	"'": /(^|[^\\])(\\\\)*'/,
	'"': /(^|[^\\])(\\\\)*"/,
	'`': /(^|[^\\])(\\\\)*`/,
};

function literalOf({ raw, value }: ScannedArgument): FromAiArgument['literal'] {
	const quote = raw[0];
	if (QUOTES.has(quote) && raw.length >= 2 && raw.endsWith(quote)) {
		const body = raw.slice(1, -1);
		// the body must not close the quote early (`'a' + 'b'`) nor interpolate (`${x}`)
		const closesEarly = UNESCAPED_QUOTE[quote].test(body);
		if (closesEarly || (quote === '`' && body.includes('${'))) return undefined;
		return { kind: 'string', value };
	}
	if (NUMBER.test(raw)) return { kind: 'number', value: raw };
	if (raw === 'true' || raw === 'false') return { kind: 'boolean', value: raw };
	return undefined;
}

function unclosedProblem({ openQuote, openParentheses }: UnclosedCall): string {
	if (openQuote) {
		const { char, offset } = openQuote;
		return `unterminated ${char} quote opened at offset ${offset} (an unescaped ${char} inside a quoted text?): n8n fails building the tool`;
	}
	return `unbalanced parentheses: ${openParentheses} "(" never closed`;
}

/**
 * n8n's parseArguments counts quotes but not brackets, so a JSON default with commas is cut at
 * its first comma: the tool schema's default is that fragment, not the JSON written.
 */
function splitJsonDefault(call: LintedFromAiCall): boolean {
	const fallback = call.args[3];
	if (call.args.length <= 4 || !fallback || !/^[[{]/.test(fallback.raw)) return false;
	call.hasDefault = true;
	call.warnings.push(
		`the default is cut at its commas: n8n's tool schema gets \`${fallback.raw}\` as the default, not the JSON written (quote the JSON as a string: inside quotes n8n keeps its commas)`,
	);
	return true;
}

function checkArguments(call: LintedFromAiCall): void {
	const [key, description, type, fallback] = call.args;
	const { problems, warnings } = call;
	const jsonSplit = splitJsonDefault(call);
	if (call.args.length === 0) problems.push('takes 1 to 4 arguments (key, description, type, default), got 0');
	else if (call.args.length > 4 && !jsonSplit) {
		warnings.push(`takes 1 to 4 arguments (key, description, type, default), got ${call.args.length}: n8n ignores the rest`);
	}
	if (!key || key.literal?.kind !== 'string') {
		problems.push(`the key must be a quoted string, got ${key?.raw ? `\`${key.raw}\`` : 'nothing'}`);
	} else if (!FROM_AI_KEY_PATTERN.test(key.literal.value)) {
		problems.push(`invalid key "${key.literal.value}": use 1-64 letters, digits, "_" or "-"`);
	} else {
		call.key = key.literal.value;
	}
	if (description) {
		if (description.literal?.kind === 'string') call.description = description.literal.value;
		else if (description.literal?.kind === 'number' && call.args.length <= 3) {
			// `$fromAI('limit', 100, 'number')`: the value meant as default is read as the description
			problems.push(
				`\`${description.raw}\` is the 2nd argument, so n8n reads it as the description and the key has no default (required): write $fromAI('${call.key ?? 'key'}', 'description', '${type?.literal?.value ?? 'string'}', ${description.raw})`,
			);
		} else warnings.push(`the description should be a quoted string, got \`${description.raw}\`: n8n sends that text as is`);
	}
	if (type) {
		const value = type.literal?.kind === 'string' ? type.literal.value.toLowerCase() : undefined;
		if (value === undefined) problems.push(`the type must be a quoted string, got \`${type.raw}\``);
		else if (!isFromAiType(value)) {
			problems.push(`unknown type "${type.literal?.value}": use ${FROM_AI_TYPES.join(', ')}`);
		} else call.type = value;
	}
	if (fallback && !jsonSplit) {
		call.hasDefault = true;
		const problem = defaultProblem(fallback, call.type);
		if (problem) problems.push(problem);
		else call.defaultValue = fallback.literal?.value ?? fallback.raw;
	}
}

/** A JSON object or array (what a json key's default must parse to). */
function isJsonContainer(text: string): boolean {
	try {
		const parsed: unknown = JSON.parse(text);
		return typeof parsed === 'object' && parsed !== null;
	} catch {
		return false;
	}
}

/** n8n reads the default from the expression text, so only a literal of the right type works. */
function defaultProblem(arg: FromAiArgument, type: string): string | undefined {
	const literal = arg.literal;
	// n8n-workflow JSON-parses a json key's default, quoted or not: `{}` and `[]` are fine; a
	// string key takes the text as written, so unquoted JSON text is exactly the text meant.
	if (!literal && (type === 'json' || type === 'string') && isJsonContainer(arg.raw)) return undefined;
	if (!literal) {
		return `the default \`${arg.raw}\` is not a literal: n8n reads it as text, it is never evaluated`;
	}
	if (type === 'number' && Number.isNaN(Number(literal.value))) {
		return `the default \`${arg.raw}\` is not a number`;
	}
	if (type === 'boolean' && !['true', 'false'].includes(literal.value.toLowerCase())) {
		return `the default \`${arg.raw}\` is not true or false`;
	}
	if (type === 'json' && !isJsonContainer(literal.value)) {
		return `the default \`${arg.raw}\` is not a quoted JSON object or array`;
	}
	return undefined;
}

/** Every `$fromAI(...)` call in `text`, as n8n finds them. */
export function lintFromAiCalls(text: string): LintedFromAiCall[] {
	return scanCalls(text).map((scanned) => {
		const call: LintedFromAiCall = {
			offset: scanned.offset,
			text: scanned.text,
			args: [],
			problems: [],
			warnings: [],
			type: 'string',
			hasDefault: false,
		};
		if (!scanned.closed) {
			call.problems.push(unclosedProblem(scanned));
			return call;
		}
		call.args = scanned.args.map((arg) => ({ raw: arg.raw, offset: arg.offset, literal: literalOf(arg) }));
		checkArguments(call);
		return call;
	});
}
