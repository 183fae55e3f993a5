/**
 * n8n checks a call's arguments against the tool's schema before the tool node runs, and answers
 * a mismatch ("Received tool input did not match expected schema") as an error of its own. It
 * keeps the execution, with the call in the MCP trigger's output and no tool node run, but not
 * its reason. The ledger knows the tool's parameters: arguments of another type, or a required one
 * left out, are the agent's mistake, counted refused like a marker with retry change_arguments, and
 * never paged.
 */
import type { ToolSpec } from '../toolSpec/schema';

const JS_TYPE = { string: 'string', number: 'number', boolean: 'boolean' } as const;

/** What n8n's schema check refuses in these arguments, one phrase per parameter; empty when it would pass them. */
export function schemaMismatches(tool: Pick<ToolSpec, 'parameters'>, args: Readonly<Record<string, unknown>>): string[] {
	return tool.parameters.flatMap((p) => {
		const value = args[p.key];
		if (value === undefined || value === null) return p.required ? [`${p.key}: required, not sent`] : [];
		// A json parameter takes what JSON holds: n8n's check does not refuse it by type.
		if (p.type === 'json') return [];
		const sent = Array.isArray(value) ? 'array' : typeof value;
		return sent === JS_TYPE[p.type] ? [] : [`${p.key}: expected ${p.type}, received ${sent}`];
	});
}
