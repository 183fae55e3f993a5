/**
 * Reads node parameter values back into catalogue bindings: `$fromAI` calls become parameters,
 * plain values become literals. Anything else is reported by the caller; the final rebuild
 * comparison (verify.ts) is what guarantees nothing was misread.
 */
import type { Literal, ParameterSpec, ParamType } from '../toolSpec/schema';
import { extractFromAiCalls, type FromAiCall } from '../fromAi';

export class UnmappableError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'UnmappableError';
	}
}

export function isExpression(value: unknown): value is string {
	return typeof value === 'string' && value.startsWith('={{') && value.trimEnd().endsWith('}}');
}

/** The JS between `={{` and `}}`. */
export function expressionBody(value: string): string {
	return value.trim().slice(3, -2).trim();
}

/** Collects the agent parameters of one tool, refusing one key with two meanings. */
export class ParameterCollector {
	private readonly byKey = new Map<string, ParameterSpec>();

	add(call: FromAiCall): string {
		const spec = toParameterSpec(call);
		const seen = this.byKey.get(spec.key);
		if (seen && JSON.stringify(seen) !== JSON.stringify(spec)) {
			throw new UnmappableError(`$fromAI key "${spec.key}" is used twice with different description, type or default`);
		}
		if (!seen) this.byKey.set(spec.key, spec);
		return spec.key;
	}

	list(): ParameterSpec[] {
		return [...this.byKey.values()];
	}
}

function toParameterSpec(call: FromAiCall): ParameterSpec {
	const base = { key: call.key, type: call.type as ParamType, description: call.description ?? '' };
	if (call.defaultValue === undefined) return { ...base, required: true };
	const value = call.defaultValue;
	if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
		throw new UnmappableError(`$fromAI key "${call.key}" has a default the catalogue cannot express: ${call.raw}`);
	}
	return { ...base, required: false, default: value };
}

/** The calls of one expression, with n8n's own parse errors turned into a reason. */
export function fromAiCalls(text: string): FromAiCall[] {
	try {
		return extractFromAiCalls(text);
	} catch (error) {
		return fail(`cannot parse $fromAI: ${(error as Error).message}`);
	}
}

/** Stops reading a node: it cannot be expressed in the catalogue, for this reason. */
export function fail(reason: string): never {
	throw new UnmappableError(reason);
}

const SINGLE_CALL = /^\$fromAI\s*\((.*)\)$/s;

/** `={{ $fromAI(...) }}` -> its key (registered in the collector), else undefined. */
export function singleFromAi(value: unknown, params: ParameterCollector): string | undefined {
	if (!isExpression(value)) return undefined;
	const body = expressionBody(value);
	if (!SINGLE_CALL.test(body)) return undefined;
	const calls = fromAiCalls(body);
	if (calls.length !== 1 || `$fromAI(${calls[0].raw})` !== body) return undefined;
	return params.add(calls[0]);
}

/** A literal as the builders write it: strings plain, numbers and booleans as `={{ 5 }}`. */
export function literalOf(value: unknown): Literal | undefined {
	if (typeof value === 'string' && !value.startsWith('=')) return value;
	if (typeof value === 'number' || typeof value === 'boolean') return value;
	if (!isExpression(value)) return undefined;
	const body = expressionBody(value);
	if (body === 'true' || body === 'false') return body === 'true';
	if (/^-?\d+(\.\d+)?$/.test(body)) return Number(body);
	return undefined;
}

/** A value bound to a parameter or a literal; anything else cannot be expressed. */
export function binding(value: unknown, params: ParameterCollector, where: string): { param: string } | { value: Literal } {
	const param = singleFromAi(value, params);
	if (param !== undefined) return { param };
	const literal = literalOf(value);
	if (literal !== undefined) return { value: literal };
	for (const call of isExpression(value) ? fromAiCalls(value) : []) params.add(call);
	return fail(`${where}: expression the catalogue cannot express: ${JSON.stringify(value)}`);
}

/** `['a', 'b']` -> ['a', 'b'] (single-quoted items as fromAi's quote() writes them). */
export function quotedList(text: string): string[] | undefined {
	const trimmed = text.trim();
	if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return undefined;
	const items = [...trimmed.slice(1, -1).matchAll(/'((?:\\.|[^'\\])*)'/g)].map((m) =>
		m[1].replace(/\\'/g, "'").replace(/\\\\/g, '\\'),
	);
	return items;
}

/**
 * `[allowed].includes($fromAI(x)) ? ... : ...` -> the allowed list and the distinct calls in
 * order of appearance (used by "one field out of a list" and gateway action allow-lists).
 */
export function allowListExpression(
	value: unknown,
	params: ParameterCollector,
): { allowed: string[]; keys: string[] } | undefined {
	if (!isExpression(value)) return undefined;
	const body = expressionBody(value);
	const match = /^(\[[^\]]*\])\.includes\(/.exec(body);
	const allowed = match ? quotedList(match[1]) : undefined;
	if (!allowed) return undefined;
	const keys = [...new Set(fromAiCalls(body).map((call) => params.add(call)))];
	return { allowed, keys };
}
