/**
 * Just enough MCP (streamable HTTP, JSON-RPC over POST) for doctor to ask an endpoint what an
 * agent would: initialize, tools/list, tools/call. n8n answers a POST with plain JSON or with one
 * server-sent event; either is read here. A bound on every request turns a call nobody answers
 * (in queue mode: no worker ran it) into a finding instead of a hang.
 */
export interface McpAnswer {
	status: number;
	result?: unknown;
	error?: { code: number; message: string };
	sessionId?: string;
	/** The JSON-RPC id the request carried (none for a notification): n8n records it with the call's execution. */
	requestId?: number;
}

export class McpTimeout extends Error {
	constructor(
		readonly url: string,
		readonly method: string,
		readonly timeoutMs: number,
	) {
		super(`${method} on ${url} got no answer within ${timeoutMs / 1000} s`);
	}
}

function messageOf(text: string): Pick<McpAnswer, 'result' | 'error'> {
	const data = text.trimStart().startsWith('{') ? text : text.split('\n').find((line) => line.startsWith('data: '))?.slice('data: '.length);
	if (!data) return {};
	try {
		const parsed = JSON.parse(data) as Pick<McpAnswer, 'result' | 'error'>;
		return { result: parsed.result, error: parsed.error };
	} catch {
		return {};
	}
}

export class McpProbe {
	private nextId = 1;
	/** The session n8n opened on initialize; each call's execution records it. */
	sessionId?: string;

	constructor(
		readonly url: string,
		private readonly token: string | undefined,
		private readonly timeoutMs: number,
	) {}

	async post(method: string, params?: unknown, notification = false): Promise<McpAnswer> {
		const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
		if (this.token !== undefined) headers.authorization = `Bearer ${this.token}`;
		if (this.sessionId) headers['mcp-session-id'] = this.sessionId;
		const requestId = notification ? undefined : this.nextId++;
		const body = { jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}), ...(requestId === undefined ? {} : { id: requestId }) };
		let response: Response;
		let text: string;
		try {
			response = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(this.timeoutMs) });
			text = await response.text();
		} catch (error) {
			// AbortSignal.timeout rejects with a DOMException, not always an Error of this realm.
			const name = (error as { name?: unknown } | null)?.name;
			if (name === 'TimeoutError' || name === 'AbortError') throw new McpTimeout(this.url, method, this.timeoutMs);
			throw error;
		}
		const sessionId = response.headers.get('mcp-session-id') ?? undefined;
		return { status: response.status, ...messageOf(text), ...(sessionId ? { sessionId } : {}), ...(requestId === undefined ? {} : { requestId }) };
	}

	/** initialize alone: what a caller is answered before any session (the auth checks ask no more). */
	initialize(): Promise<McpAnswer> {
		return this.post('initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'hermes-workflows-doctor', version: '1' } });
	}

	/** initialize and notifications/initialized; the answer of initialize. */
	async open(): Promise<McpAnswer> {
		const init = await this.initialize();
		if (init.status === 200 && init.sessionId) {
			this.sessionId = init.sessionId;
			await this.post('notifications/initialized', undefined, true);
		}
		return init;
	}

	request(method: string, params?: unknown): Promise<McpAnswer> {
		return this.post(method, params);
	}
}

/** What a tools/call answered: the JSON the tool's node returned (first text content), if any. */
export function toolAnswer(result: unknown): unknown {
	const content = (result as { content?: Array<{ type?: string; text?: string }> } | undefined)?.content;
	const text = content?.find((c) => c.type === 'text')?.text;
	if (text === undefined) return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}
