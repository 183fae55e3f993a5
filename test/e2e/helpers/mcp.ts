/**
 * The official MCP SDK client against an n8n MCP Server Trigger (`/mcp/<path>`, streamable
 * HTTP, Bearer token), as an agent connects to it.
 */
// The SDK publishes these paths through package.json "exports", which the lint resolver does not read.
// eslint-disable-next-line import-x/no-unresolved
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
// eslint-disable-next-line import-x/no-unresolved
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface McpSession {
	client: Client;
	/** The endpoint's URL: the ledger check picks the calls of its endpoint by it. */
	url: string;
	close(): Promise<void>;
}

/** A call as the agent saw it: every `callTool` of this process, for the ledger check (helpers/ledgerCheck.ts). */
export interface AnsweredCall {
	url: string;
	tool: string;
	answer: ToolAnswer;
}
export const ANSWERED_CALLS: AnsweredCall[] = [];

export async function connectMcp(url: string, token: string): Promise<McpSession> {
	return await connectMcpWith(url, { Authorization: `Bearer ${token}` });
}

/** Connects with the headers an MCP client's config gives (agent-config's output, as a client reads it). */
export async function connectMcpWith(url: string, headers: Record<string, string>): Promise<McpSession> {
	const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
	const client = new Client({ name: 'hermes-e2e', version: '1.0.0' });
	await client.connect(transport);
	return {
		client,
		url,
		close: async () => {
			await client.close().catch(() => undefined);
		},
	};
}

export interface ToolAnswer {
	isError: boolean;
	/** The text content, JSON-parsed when it is JSON. */
	value: unknown;
	text: string;
}

/** Calls a tool (always with an `arguments` object, n8n requires one) and decodes its text answer. */
export async function callTool(session: McpSession, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
	const result = await session.client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 });
	const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
	const text = content
		.filter((c) => c.type === 'text')
		.map((c) => c.text ?? '')
		.join('\n');
	let value: unknown = text;
	try {
		value = JSON.parse(text);
	} catch {
		// plain text answer
	}
	const answer = { isError: result.isError === true, value, text };
	ANSWERED_CALLS.push({ url: session.url, tool: name, answer });
	return answer;
}

/** Status of a raw MCP initialize request with the given Authorization header (or none). */
export async function mcpStatusWith(url: string, authorization?: string): Promise<number> {
	const headers: Record<string, string> = {
		'Content-Type': 'application/json',
		Accept: 'application/json, text/event-stream',
	};
	if (authorization !== undefined) headers.Authorization = authorization;
	const response = await fetch(url, {
		method: 'POST',
		headers,
		body: JSON.stringify({
			jsonrpc: '2.0',
			id: 1,
			method: 'initialize',
			params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
		}),
	});
	await response.body?.cancel();
	return response.status;
}

/**
 * Publishing returns before n8n has registered the trigger's webhooks; until then the
 * endpoint answers 404. Waits for the unauthenticated 403 that means "registered".
 */
export async function waitForMcpEndpoint(url: string, timeoutMs = 30_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	let status = 0;
	while (Date.now() < deadline) {
		status = await mcpStatusWith(url);
		if (status !== 404) return;
		await new Promise((done) => setTimeout(done, 250));
	}
	throw new Error(`MCP endpoint ${url} still answers ${status} after ${timeoutMs} ms`);
}
