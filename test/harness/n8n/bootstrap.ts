/**
 * Headless first-run of a fresh n8n: owner account -> login cookie -> public API key.
 * These are n8n's internal REST routes (`/rest/...`, what the editor calls), not the public API.
 */
export interface N8nOwner {
	email: string;
	firstName: string;
	lastName: string;
	/** 8-64 characters with a digit and an uppercase letter (n8n's rule). */
	password: string;
}

export const DEFAULT_OWNER: N8nOwner = {
	email: 'owner@hermes.test',
	firstName: 'Hermes',
	lastName: 'Owner',
	password: 'Hermes-e2e-Passw0rd',
};

async function restCall(
	baseUrl: string,
	method: string,
	path: string,
	body?: unknown,
	cookie?: string,
): Promise<{ response: Response; json: unknown }> {
	const headers: Record<string, string> = { accept: 'application/json' };
	if (body !== undefined) headers['content-type'] = 'application/json';
	// No browser-id header: a cookie issued with one is bound to it and the API key call would fail.
	if (cookie) headers.cookie = cookie;
	const response = await fetch(`${baseUrl}/rest${path}`, {
		method,
		headers,
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	let json: unknown = text;
	try {
		json = JSON.parse(text);
	} catch {
		// keep the raw text for the error message
	}
	if (!response.ok) {
		throw new Error(`n8n bootstrap: ${method} /rest${path} answered ${response.status}: ${text.slice(0, 500)}`);
	}
	return { response, json };
}

function dataOf<T>(json: unknown): T {
	return (json as { data: T }).data;
}

function authCookie(response: Response): string {
	const cookie = response.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
	if (!cookie) throw new Error('n8n bootstrap: login set no n8n-auth cookie');
	return cookie.split(';')[0];
}

export interface BootstrapResult {
	cookie: string;
	apiKey: string;
	scopes: string[];
}

export async function bootstrapOwner(baseUrl: string, owner: N8nOwner = DEFAULT_OWNER): Promise<BootstrapResult> {
	await restCall(baseUrl, 'POST', '/owner/setup', owner);
	const login = await restCall(baseUrl, 'POST', '/login', {
		emailOrLdapLoginId: owner.email,
		password: owner.password,
	});
	const cookie = authCookie(login.response);
	// Every scope the owner role may grant: push, pull, diff, credentials and the executions API.
	const scopes = dataOf<string[]>((await restCall(baseUrl, 'GET', '/api-keys/scopes', undefined, cookie)).json);
	const created = await restCall(
		baseUrl,
		'POST',
		'/api-keys',
		{ label: 'hermes-e2e', scopes, expiresAt: null },
		cookie,
	);
	const apiKey = dataOf<{ rawApiKey?: string }>(created.json).rawApiKey;
	if (!apiKey) throw new Error('n8n bootstrap: POST /rest/api-keys returned no rawApiKey');
	return { cookie, apiKey, scopes };
}
