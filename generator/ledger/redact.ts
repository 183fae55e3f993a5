/**
 * Arguments as the ledger shows them: a secret-looking name or a field the config lists
 * (`ledger.redact`, `tool.argument` or `*.argument`) is replaced by its size, and any other long
 * text is cut. The execution store keeps the full call; the ledger is what gets copied into
 * tickets and dashboards.
 */
export const ARGUMENT_CHARS = 200;
/** Names that hold credentials whatever the tool. */
const SECRET_NAME = /pass(word)?|secret|token|api[_-]?key|authorization/i;

export interface RedactRules {
	/** `tool.argument` or `*.argument`. */
	fields: readonly string[];
}

const sizeOf = (value: unknown): number => (typeof value === 'string' ? value.length : (JSON.stringify(value) ?? '').length);

function capped(value: unknown): unknown {
	if (typeof value === 'string') return value.length > ARGUMENT_CHARS ? `${value.slice(0, ARGUMENT_CHARS)}... (${value.length} chars)` : value;
	if (typeof value !== 'object' || value === null) return value;
	const text = JSON.stringify(value);
	return text.length > ARGUMENT_CHARS ? `${text.slice(0, ARGUMENT_CHARS)}... (${text.length} chars as JSON)` : value;
}

export function redactArguments(tool: string, args: Record<string, unknown>, rules: RedactRules): Record<string, unknown> {
	const listed = new Set(rules.fields);
	return Object.fromEntries(
		Object.entries(args).map(([key, value]) => {
			const redacted = SECRET_NAME.test(key) || listed.has(`${tool}.${key}`) || listed.has(`*.${key}`);
			return [key, redacted ? `[redacted, ${sizeOf(value)} chars]` : capped(value)];
		}),
	);
}
