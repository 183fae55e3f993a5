/**
 * Which n8n runs, and in which mode. The public API says neither. What n8n 2.41 does give: the
 * editor page carries its release in the `n8n:config:sentry` meta tag (`"release":"n8n@2.41.1"`)
 * to anyone; `/rest/settings` answers `versionCli` and `executionMode` only to a logged-in user
 * (without a login it gives a public subset). So doctor reads the page, and the settings when it
 * may log in; otherwise the mode is what `--mode` says, or unknown.
 */
import type { N8nMode } from '../lint/core';

export interface N8nInstance {
	version?: string;
	mode?: N8nMode;
	/** Where each came from, said in the check's message. */
	versionFrom?: 'editor page' | 'settings';
	modeFrom?: 'settings' | '--mode';
	/** Why the mode could not be read (no login, login refused). */
	modeProblem?: string;
}

export interface InstanceOptions {
	baseUrl: string;
	login?: { email: string; password: string };
	mode?: N8nMode;
	timeoutMs: number;
}

/** `n8n@2.41.1` in the base64 JSON of the sentry meta tag -> `2.41.1`. */
export function versionFromEditorPage(html: string): string | undefined {
	const meta = /<meta\s+name="n8n:config:sentry"\s+content="([^"]+)"/.exec(html);
	if (!meta) return undefined;
	try {
		const release = (JSON.parse(Buffer.from(meta[1], 'base64').toString('utf8')) as { release?: unknown }).release;
		const match = typeof release === 'string' ? /^n8n@(\d+\.\d+\.\d+\S*)$/.exec(release) : null;
		return match?.[1];
	} catch {
		return undefined;
	}
}

/** `executionMode` of the logged-in settings: `queue` or `regular` (anything else is unknown). */
export function modeFromSettings(settings: unknown): N8nMode | undefined {
	const mode = (settings as { data?: { executionMode?: unknown } } | undefined)?.data?.executionMode;
	return mode === 'queue' || mode === 'regular' ? mode : undefined;
}

async function text(url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: string; headers: Headers }> {
	const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
	return { status: response.status, body: await response.text(), headers: response.headers };
}

/** The logged-in settings, or why they could not be read. */
async function loggedInSettings(options: InstanceOptions): Promise<{ settings?: unknown; problem?: string }> {
	if (!options.login) return { problem: 'no n8n login given (N8N_EMAIL and N8N_PASSWORD)' };
	const login = await text(
		`${options.baseUrl}/rest/login`,
		{
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: options.login.email, password: options.login.password }),
		},
		options.timeoutMs,
	);
	const cookie = login.headers.get('set-cookie')?.split(';')[0];
	if (login.status !== 200 || !cookie) return { problem: `n8n refused the login of ${options.login.email} (HTTP ${login.status})` };
	const settings = await text(`${options.baseUrl}/rest/settings`, { headers: { cookie } }, options.timeoutMs);
	try {
		return { settings: JSON.parse(settings.body) as unknown };
	} catch {
		return { problem: `/rest/settings answered ${settings.status} without JSON` };
	}
}

export async function readInstance(options: InstanceOptions): Promise<N8nInstance> {
	const instance: N8nInstance = {};
	const page = await text(`${options.baseUrl}/`, {}, options.timeoutMs);
	const version = versionFromEditorPage(page.body);
	if (version) Object.assign(instance, { version, versionFrom: 'editor page' });
	const { settings, problem } = await loggedInSettings(options);
	const versionCli = (settings as { data?: { versionCli?: unknown } } | undefined)?.data?.versionCli;
	if (!instance.version && typeof versionCli === 'string') Object.assign(instance, { version: versionCli, versionFrom: 'settings' });
	const mode = modeFromSettings(settings);
	if (mode) Object.assign(instance, { mode, modeFrom: 'settings' });
	else if (options.mode) Object.assign(instance, { mode: options.mode, modeFrom: '--mode' });
	else instance.modeProblem = problem ?? '/rest/settings named no executionMode';
	return instance;
}
