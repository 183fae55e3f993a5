/**
 * The MCP Server Trigger's `instructions`: sent to a client when it connects, and put by most
 * clients in the model's system prompt, so every session pays for them. The generator writes
 * them and the linter holds any workflow to the same two facts.
 */
export const MCP_INSTRUCTIONS = {
	/** The trigger's first typeVersion with the parameter (n8n 2.41; 2.20 has none). */
	sinceTriggerVersion: 2.1,
	/**
	 * At most this many characters: about 420 tokens (test/bench/sessionTokens.bench.ts counts
	 * them), a seventh of the 2,853 the default endpoint's tool list costs a session. A local model
	 * reads every token of the first message before it answers.
	 */
	maxChars: 1_800,
} as const;
