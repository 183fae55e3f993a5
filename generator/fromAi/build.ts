/** Writes `$fromAI(...)` calls: the only way a tool parameter reaches the agent's JSON schema. */
import type { ParameterSpec } from '../toolSpec/schema';

/** A single-quoted JS string literal, as n8n's parser unquotes it (\\ and \' escapes). */
export function quote(text: string): string {
	return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function literal(value: string | number | boolean): string {
	return typeof value === 'string' ? quote(value) : String(value);
}

/**
 * `$fromAI('key', 'description', 'type')` for a required parameter, with the default as 4th
 * argument for an optional one (n8n has no other way to make a key optional).
 */
export function fromAiCall(param: ParameterSpec): string {
	const args = [quote(param.key), quote(param.description), quote(param.type)];
	if (!param.required) {
		if (param.default === undefined) throw new Error(`optional parameter ${param.key} has no default`);
		args.push(literal(param.default));
	}
	return `$fromAI(${args.join(', ')})`;
}

/** Wraps a JS expression body as an n8n expression parameter value. */
export function expression(body: string): string {
	return `={{ ${body} }}`;
}
