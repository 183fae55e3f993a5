/**
 * What the node hands the transport: the credential's data as an OdooConnection, and one HTTP
 * POST made with n8n's own request helper (proxy settings, no throw on an HTTP error status).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { misconfigured, ok, type Checked } from '../../../core/checked';
import type { OdooCredentialType } from '../../../core/odoo/contract';
import type { HttpPost, OdooConnection } from '../../../core/odoo/types';

const given = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** As n8n's Odoo node does: no database name means the first label of the site's host name. */
function databaseName(db: string, url: URL): string {
	return db || url.hostname.split('.')[0];
}

export function connectionFrom(type: OdooCredentialType, data: IDataObject): Checked<OdooConnection> {
	const siteUrl = given(data.url).replace(/\/+$/, '');
	let url: URL;
	try {
		url = new URL(siteUrl);
	} catch {
		return misconfigured('credential', 'its Site URL is not a URL');
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return misconfigured('credential', 'its Site URL must start with http:// or https://');
	const db = databaseName(given(data.db), url);
	if (type === 'odooApiKeyApi') {
		const apiKey = given(data.apiKey);
		if (!apiKey) return misconfigured('credential', 'it has no API key');
		return ok({ protocol: 'json2', url: siteUrl, db, apiKey });
	}
	const username = given(data.username);
	const password = typeof data.password === 'string' ? data.password : '';
	if (!username || !password) return misconfigured('credential', 'it needs a username and a password or API key');
	return ok({ protocol: 'jsonrpc', url: siteUrl, db, username, password });
}

export function n8nHttpPost(ctx: IExecuteFunctions): HttpPost {
	return async (url, body, headers, timeoutMs) => {
		const response = (await ctx.helpers.httpRequest({
			method: 'POST',
			url,
			body: body as IDataObject,
			headers,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: timeoutMs,
		})) as { statusCode: number; body: unknown };
		return { status: response.statusCode, body: response.body };
	};
}
