import { TOOL_REFUSAL_INFIX } from './gatewayContract';

/**
 * A generated tool that takes only some values of a node parameter (docker_read: status, logs,
 * list) sends a value off its list as `<value> is not allowed by this tool, use one of: a, b`.
 * Reading it back lets the node name the tool's own values in its hint instead of every value
 * the node takes.
 */

export interface ToolRefusal {
	/** What the agent sent. */
	value: string;
	/** The values the tool takes. */
	allowed: string[];
}

export function parseToolRefusal(raw: unknown): ToolRefusal | undefined {
	if (typeof raw !== 'string') return undefined;
	const at = raw.indexOf(TOOL_REFUSAL_INFIX);
	if (at < 0) return undefined;
	const allowed = raw
		.slice(at + TOOL_REFUSAL_INFIX.length)
		.split(',')
		.map((value) => value.trim())
		.filter(Boolean);
	return allowed.length ? { value: raw.slice(0, at).trim(), allowed } : undefined;
}
