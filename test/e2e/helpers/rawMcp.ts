/**
 * MCP streamable HTTP by hand, for what the SDK client hides: which process a request goes to.
 * A session opened on one n8n process (its `mcp-session-id`) can be continued on another one.
 */
export interface RawAnswer {
	status: number;
	/** The JSON-RPC message of the answer (plain JSON or the first SSE `data:` event). */
	message?: { result?: unknown; error?: { code: number; message: string } };
	sessionId?: string;
}

let nextId = 1;

async function post(url: string, token: string, body: unknown, sessionId?: string): Promise<RawAnswer> {
	const headers: Record<string, string> = {
		Authorization: `Bearer ${token}`,
		'Content-Type': 'application/json',
		Accept: 'application/json, text/event-stream',
	};
	if (sessionId) headers['mcp-session-id'] = sessionId;
	const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(90_000) });
	const text = await response.text();
	const data = text.startsWith('{') ? text : text.split('\n').find((line) => line.startsWith('data: '))?.slice('data: '.length);
	let message: RawAnswer['message'];
	try {
		message = data ? (JSON.parse(data) as RawAnswer['message']) : undefined;
	} catch {
		message = undefined;
	}
	return { status: response.status, message, sessionId: response.headers.get('mcp-session-id') ?? undefined };
}

/** initialize + notifications/initialized on `url`; answers the session id the server gave. */
export async function openRawSession(url: string, token: string): Promise<string> {
	const init = await post(url, token, {
		jsonrpc: '2.0',
		id: nextId++,
		method: 'initialize',
		params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'hermes-raw', version: '1' } },
	});
	if (init.status !== 200 || !init.sessionId) throw new Error(`initialize on ${url} answered ${init.status} without a session id`);
	await post(url, token, { jsonrpc: '2.0', method: 'notifications/initialized' }, init.sessionId);
	return init.sessionId;
}

/** One JSON-RPC request within a session (on whichever process `url` names). */
export function rawRequest(url: string, token: string, sessionId: string, method: string, params: unknown): Promise<RawAnswer> {
	return post(url, token, { jsonrpc: '2.0', id: nextId++, method, params }, sessionId);
}
