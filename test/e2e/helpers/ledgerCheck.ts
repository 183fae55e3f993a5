/**
 * The call ledger held to what the agent received: every call a suite made through the MCP SDK
 * client (helpers/mcp.ts records each answer) must be in `hermes-workflows calls`, read from the
 * real n8n's execution store, with the outcome the agent saw: the same marker, n8n's error as
 * n8n's error, a success as a success. Per tool, as multisets: concurrent calls may start in
 * either order.
 */
import { ANSWERED_CALLS, type ToolAnswer } from './mcp';
import type { HermesStack } from './stack';

interface LedgerJson {
	ok: boolean;
	calls: Array<{ tool: string; endpoint: string; outcome: { class: string; marker?: string }; executions: { tool: string } }>;
	unfinished: number;
	truncated: boolean;
	gaps: unknown[];
}

/** What the agent got, in the ledger's words: `success`, the marker, `n8n_error`, or `no_marker`. */
export function agentSignature(answer: ToolAnswer): string {
	if (answer.isError) return 'n8n_error';
	let value = answer.value;
	if (Array.isArray(value)) value = value[0];
	if (typeof value === 'object' && value !== null && 'response' in value && Object.keys(value).length === 1) value = (value as { response: unknown }).response;
	if (Array.isArray(value)) value = value[0];
	const { success, error } = (typeof value === 'object' && value !== null ? value : {}) as { success?: unknown; error?: unknown };
	if (success !== false) return 'success';
	return typeof error === 'string' ? error : 'no_marker';
}

const byTool = (entries: Array<[string, string]>) => {
	const map: Record<string, string[]> = {};
	for (const [tool, signature] of entries) (map[tool] ??= []).push(signature);
	for (const list of Object.values(map)) list.sort();
	return map;
};

/** The calls made since `from` (an index into the recorded calls) on the stack's endpoint, and the ledger's, once it shows them all. */
export async function ledgerAgainstAnswers(stack: HermesStack, from: number, timeoutMs = 60_000): Promise<{ agent: Record<string, string[]>; ledger: Record<string, string[]>; read: LedgerJson; text: string }> {
	const made = ANSWERED_CALLS.slice(from).filter((call) => call.url === stack.mcpUrl);
	const agent = byTool(made.map((call) => [call.tool, agentSignature(call.answer)]));
	const endpoint = stack.mcpUrl.slice(stack.mcpUrl.lastIndexOf('/mcp/') + '/mcp/'.length);
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const result = await stack.cli('calls', '--endpoint', endpoint, '--format', 'json', '--limit', '100000');
		const read = JSON.parse(result.stdout) as LedgerJson;
		const mine = read.calls;
		const ledger = byTool(mine.map((call) => [call.tool, call.outcome.marker ?? (call.outcome.class === 'success' ? 'success' : 'no_marker')]));
		// Queue workers save an execution after answering: wait until the last ones are in.
		if ((mine.length >= made.length && read.unfinished === 0) || Date.now() > deadline) {
			const text = (await stack.cli('calls', '--endpoint', endpoint, '--outcome', 'refused,failed,approval', '--limit', '6')).stdout;
			return { agent, ledger, read, text };
		}
		await new Promise((done) => setTimeout(done, 1000));
	}
}
