/**
 * What one answer of the admin channel may hold. n8n's own answers are uncapped (passed through
 * as they were, the default tool workflow was 107,228 characters and one execution of it 55,630),
 * and an agent's context is not the place for them. The tools' descriptions and answers read
 * these numbers from here; docs/admin.md states them.
 */
export const ADMIN_CAPS = {
	/**
	 * Characters of one answer as the agent receives it: the item n8n's Call n8n Workflow tool
	 * returns, as JSON indented by two spaces inside a list. 20,000 is this project's answer
	 * budget (Hermes Monitoring's results and Hermes Docker's logs hold to the same), about
	 * 5,000 tokens: well inside Claude Code's 25,000-token limit on an MCP answer and its
	 * 50,000 characters above which it moves an answer out of the conversation into a file.
	 */
	chars: 20_000,
	/** Rows a list answers at most (its `limit`): 50 execution rows are about 12,000 characters, so a full list fits `chars`. */
	rows: 50,
	/** Rows when the agent gives no `limit`. */
	defaultRows: 20,
	/** Pages of 250 (n8n's page maximum) that n8n_list_workflows reads to sort every workflow: 5,000 workflows. */
	workflowPages: 20,
	/** Names an `omitted` entry lists; the rest are counted. */
	names: 20,
	/** Milliseconds n8n's API may take to answer one request. */
	requestMs: 30_000,
} as const;

/** 20000 -> "20,000", for the prose of descriptions and hints. */
export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
