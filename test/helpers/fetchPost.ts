import type { IHttpRequestOptions } from 'n8n-workflow';

import type { HttpPost } from '../../core/odoo/types';

/** The transport's HTTP POST over fetch: the answer's status and parsed body, a rejection only when none came. */
export const fetchPost: HttpPost = async (url, body, headers, timeoutMs) => {
	let response: Response;
	try {
		response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
	} catch (error) {
		const cause = (error as { cause?: { code?: string } }).cause?.code;
		throw new Error(cause ? `connect ${cause}` : String(error));
	}
	const text = await response.text();
	try {
		return { status: response.status, body: JSON.parse(text) as unknown };
	} catch {
		return { status: response.status, body: text };
	}
};

/**
 * n8n's `helpers.httpRequest` for what the Hermes Odoo node asks of it (a JSON POST, the full
 * response, no throw on an HTTP status), over fetch.
 */
export async function fetchHttpRequest(options: IHttpRequestOptions): Promise<{ statusCode: number; body: unknown }> {
	const answer = await fetchPost(options.url, options.body, (options.headers ?? {}) as Record<string, string>, options.timeout ?? 30_000);
	return { statusCode: answer.status, body: answer.body };
}
