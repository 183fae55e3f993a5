/**
 * How long an MCP client should wait for a call of an endpoint: its slowest tool's own time caps
 * (plan/toolSeconds.ts) and a margin for what runs around the node. A client that gives up
 * sooner calls a write failed while it still runs; one that waits longer leaves the agent hanging
 * on a call that can no longer answer.
 */

/**
 * n8n's own work around a call (queue, sub-workflow), the SSH connection (10 s at most) and an
 * approval gate's or create's claim (about 10 s of waits, up to twice that with its random part).
 */
export const TIMEOUT_MARGIN_SECONDS = 90;
/** Timeouts are given in steps of this many seconds. */
const STEP_SECONDS = 30;
/** The Hermes Agent's own tool-call timeout: what a server with a tool nothing bounds gets at least. */
export const CLIENT_DEFAULT_TIMEOUT_SECONDS = 300;

/**
 * The slowest bounded tool's seconds and the margin, rounded up to a step. With a tool nothing
 * bounds, at least the client's default: a guess no shorter than what the client does anyway.
 */
export function serverTimeout(tools: ReadonlyArray<number | undefined>): number {
	const bounded = tools.filter((s): s is number => s !== undefined);
	const slowest = bounded.length > 0 ? Math.ceil((Math.max(...bounded) + TIMEOUT_MARGIN_SECONDS) / STEP_SECONDS) * STEP_SECONDS : 0;
	return bounded.length < tools.length || bounded.length === 0 ? Math.max(slowest, CLIENT_DEFAULT_TIMEOUT_SECONDS) : slowest;
}
