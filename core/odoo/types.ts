/**
 * What the Hermes Odoo node needs to reach an Odoo server: the credential's data, one HTTP POST
 * (the node passes n8n's request helper, tests pass fetch) and the model method to call.
 * Constants and types only; no n8n-workflow import, so the transport can be tested on its own.
 */

/** JSON-RPC (`/jsonrpc`, login + password, Odoo 14-18) or JSON-2 (`/json/2/...`, API key, Odoo 19+). */
type OdooProtocol = 'jsonrpc' | 'json2';

export interface OdooConnection {
	protocol: OdooProtocol;
	/** Base URL without a trailing slash, e.g. `https://odoo.example.com`. */
	url: string;
	db: string;
	/** JSON-RPC only. */
	username?: string;
	/** JSON-RPC: the password (or an API key used as one). */
	password?: string;
	/** JSON-2 only. */
	apiKey?: string;
}

export interface HttpAnswer {
	status: number;
	/** The parsed JSON body, or the raw text when it was not JSON. */
	body: unknown;
}

/** One POST with a JSON body; rejects only when no HTTP answer came (refused, reset, timeout). */
export type HttpPost = (url: string, body: unknown, headers: Record<string, string>, timeoutMs: number) => Promise<HttpAnswer>;

/** A model method with its arguments by name, as JSON-2 takes them (JSON-RPC gets `execute_kw`). */
export interface OdooCall {
	model: string;
	method: 'create' | 'read' | 'search_read' | 'write' | 'unlink' | 'fields_get';
	/** Record ids of a record method (read, write, unlink). */
	ids?: number[];
	/** Every argument by name, as JSON-2 takes them; JSON-RPC sends create's and write's values by position. */
	kwargs: Record<string, unknown>;
	/** Read-only calls may log in again and retry once when Odoo refuses a cached login. */
	readOnly: boolean;
}

/** Seconds one HTTP request to Odoo may take. */
export const ODOO_REQUEST_SECONDS = 30;
