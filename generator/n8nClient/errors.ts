/** Failures of the n8n public API, each with the URL and what the user should do about it. */
import { HINT_QUOTE_CAPS } from '../contracts';
import { HermesError } from '../errors';

export class N8nApiError extends HermesError {
	constructor(
		message: string,
		/** HTTP status, or undefined when no answer came (connection refused, DNS, timeout). */
		readonly status: number | undefined,
		readonly method: string,
		readonly url: string,
		hint: string,
	) {
		super(message, hint, 'n8n');
	}
}

/** The message n8n put in an error body (`{ message }`), if any. */
function serverMessage(body: string): string | undefined {
	try {
		const parsed = JSON.parse(body) as { message?: unknown };
		if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
	} catch {
		// not JSON
	}
	const text = body.trim();
	if (/^<(!doctype|html|\?xml|head|body)/i.test(text)) {
		// A proxy's or n8n's HTML page (a 404 of the editor): its title says enough, the markup does not.
		const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
		return `an HTML page${title ? ` titled "${title.slice(0, 120)}"` : ''}, not the n8n API`;
	}
	return text ? text.replace(/\s+/g, ' ').slice(0, HINT_QUOTE_CAPS.short) : undefined;
}

export function httpError(method: string, url: string, status: number, body: string, scope?: string): N8nApiError {
	const said = serverMessage(body);
	const what = `${method} ${url} answered ${status}${said ? `: ${said}` : ''}`;
	switch (status) {
		case 401:
			return new N8nApiError(
				`n8n refused the API key (${what})`,
				status,
				method,
				url,
				'check --api-key or N8N_API_KEY: create a key in n8n under Settings > n8n API and pass it whole',
			);
		case 403:
			return new N8nApiError(
				`the API key is not allowed to do this (${what})`,
				status,
				method,
				url,
				scope
					? `give the key the scope ${scope} (Settings > n8n API > edit the key), or use a key of the instance owner`
					: 'use a key with more scopes (Settings > n8n API), or one of the instance owner',
			);
		case 404:
			return new N8nApiError(
				`not found (${what})`,
				status,
				method,
				url,
				'check --url or N8N_API_URL points at the n8n base URL (e.g. http://127.0.0.1:5678) and that the public API is enabled (N8N_PUBLIC_API_DISABLED must not be true)',
			);
		default:
			return new N8nApiError(
				what,
				status,
				method,
				url,
				status >= 500 ? 'n8n failed on its side: see the n8n log' : 'n8n rejected the request: see its message above',
			);
	}
}

const UNREACHABLE: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host name lookup failed',
	ECONNRESET: 'connection reset',
	EHOSTUNREACH: 'host unreachable',
	ENETUNREACH: 'network unreachable',
	ETIMEDOUT: 'connection timed out',
	UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
};

/** fetch() threw: nothing answered. */
export function networkError(method: string, url: string, error: unknown, timeoutMs: number): N8nApiError {
	const cause = (error as { cause?: { code?: string; message?: string } }).cause;
	const name = (error as { name?: string }).name;
	const reason =
		name === 'TimeoutError' || name === 'AbortError'
			? `no answer within ${timeoutMs / 1000} s`
			: (cause?.code && UNREACHABLE[cause.code]) ?? cause?.message ?? (error as Error).message;
	return new N8nApiError(
		`cannot reach n8n at ${url} (${reason})`,
		undefined,
		method,
		url,
		'is n8n running, and are --url / N8N_API_URL right (scheme, host and port, e.g. http://127.0.0.1:5678)?',
	);
}
