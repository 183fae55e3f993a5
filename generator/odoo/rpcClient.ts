/**
 * Odoo's external API as check-odoo speaks it, with Node's fetch, in the two protocols the Hermes
 * Odoo credentials offer: JSON-RPC (`/jsonrpc`, a login with a password or an API key used as one,
 * Odoo 14-18) and JSON-2 (`/json/2/<model>/<method>` with an API key, Odoo 19+). Failures that end
 * the check become errors that say what to do; Odoo's own exceptions come back as OdooFault.
 */
import { ACCESS_DENIED, executeKwArguments, faultFromJson2, faultFromJsonRpc, json2Request, OdooFault } from '../contracts';

import { HermesError } from '../errors';

export type OdooConnectionErrorKind =
	| 'bad-url'
	| 'unreachable'
	| 'timeout'
	| 'not-odoo'
	| 'no-json2'
	| 'wrong-db'
	| 'database-server'
	| 'bad-credentials'
	| 'unexpected-fault';

/** A failure that ends the check (exit 2): the Odoo schema could not be read at all. */
export class OdooConnectionError extends HermesError<OdooConnectionErrorKind> {
	constructor(kind: OdooConnectionErrorKind, message: string, hint: string) {
		super(message, hint, kind);
	}
}

export { OdooFault };

export const ACCESS_ERROR = 'odoo.exceptions.AccessError';

/** JSON-RPC with a login (credential `odooApi`), or JSON-2 with an API key (`odooApiKeyApi`). */
export type OdooProtocol = 'jsonrpc' | 'json2';

export interface OdooLogin {
	url: string;
	db: string;
	protocol: OdooProtocol;
	/** JSON-RPC only: the user's login. */
	login?: string;
	/** JSON-RPC: the password or an API key; JSON-2: the API key. */
	secret: string;
	timeoutMs?: number;
}

/** Settles a promise into a value or an error, so callers branch outside a catch clause. */
export async function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
	return promise.then(
		(value) => ({ ok: true as const, value }),
		(error: unknown) => ({ ok: false as const, error }),
	);
}

/** Odoo's message without the traceback Odoo may append. */
export function faultSummary(fault: OdooFault): string {
	const text = fault.message.split('\nTraceback')[0].trim();
	return `${fault.odooName.split('.').pop()}: ${text.split('\n')[0] || fault.odooName}`;
}

/** The database name when none is given, as the Hermes Odoo credentials derive it: the first label of the host. */
export function defaultDatabase(url: string): string | undefined {
	return URL.canParse(url) ? new URL(url).hostname.split('.')[0] || undefined : undefined;
}

function parseBaseUrl(raw: string): URL {
	if (!URL.canParse(raw)) {
		throw new OdooConnectionError('bad-url', `Not a URL: ${JSON.stringify(raw)}`, 'Pass the Odoo base URL, e.g. --url https://odoo.example.com');
	}
	const url = new URL(raw);
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new OdooConnectionError('bad-url', `Unsupported URL scheme ${url.protocol} in ${raw}`, 'Use an http:// or https:// URL');
	}
	return url;
}

const NETWORK_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'UND_ERR_SOCKET'];

/** fetch's failures (no HTTP answer) as connection errors. */
function transportError(error: unknown, where: string, timeoutMs: number): OdooConnectionError {
	const name = (error as { name?: string } | null)?.name ?? '';
	if (name === 'TimeoutError' || name === 'AbortError') {
		return new OdooConnectionError(
			'timeout',
			`No answer from ${where} within ${timeoutMs / 1000} s`,
			'Check that the host and port are right and that no firewall drops the traffic; raise --timeout for a slow server',
		);
	}
	const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
	const code = cause?.code ?? '';
	return new OdooConnectionError(
		'unreachable',
		`Cannot reach ${where}: ${NETWORK_CODES.includes(code) ? code : (cause?.message ?? String(error))}`,
		'Check --url (scheme, host and port) and that Odoo is running and reachable from this machine',
	);
}

interface HttpAnswer {
	status: number;
	/** The parsed JSON body, or undefined when the body was not JSON. */
	json: unknown;
	text: string;
}

const WRONG_DB_HINT = 'Check --db: it is the database name shown on the Odoo login page or database manager (/web/database/selector)';

export class OdooRpcClient {
	private readonly base: URL;
	private readonly timeoutMs: number;
	private uid?: number;
	private requestId = 0;

	constructor(private readonly login: OdooLogin) {
		this.base = parseBaseUrl(login.url);
		this.timeoutMs = login.timeoutMs ?? 15000;
	}

	get protocol(): OdooProtocol {
		return this.login.protocol;
	}

	private where(path: string): string {
		return `${this.base.origin}${this.base.pathname.replace(/\/+$/, '')}${path}`;
	}

	private async request(path: string, init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> }): Promise<HttpAnswer> {
		const where = this.where(path);
		const response = await fetch(where, {
			method: init.method,
			headers: { Accept: 'application/json', ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
			body: init.body === undefined ? undefined : JSON.stringify(init.body),
			signal: AbortSignal.timeout(this.timeoutMs),
		}).catch((error: unknown) => {
			throw transportError(error, where, this.timeoutMs);
		});
		const text = await response.text().catch((error: unknown) => {
			throw transportError(error, where, this.timeoutMs);
		});
		let json: unknown;
		try {
			json = JSON.parse(text);
		} catch {
			json = undefined;
		}
		return { status: response.status, json, text };
	}

	private notOdoo(path: string, answer: HttpAnswer, expected: string): OdooConnectionError {
		const body = answer.text.replace(/\s+/g, ' ').trim().slice(0, 80);
		return new OdooConnectionError(
			'not-odoo',
			`${this.where(path)} did not answer as Odoo's ${expected} (HTTP ${answer.status})${body ? `: ${body}` : ''}`,
			'Pass the base URL of the Odoo server (the address of its web client, without /web or /odoo); ' +
				`a proxy in front must forward ${path === '/jsonrpc' ? '/jsonrpc' : '/json/2/'}`,
		);
	}

	/** One JSON-RPC service call: its result, or rejects with the OdooFault Odoo answered. */
	private async jsonRpc(service: 'common' | 'object', method: string, args: unknown[]): Promise<unknown> {
		const answer = await this.request('/jsonrpc', {
			method: 'POST',
			body: { jsonrpc: '2.0', method: 'call', id: ++this.requestId, params: { service, method, args } },
		});
		const body = answer.json as { result?: unknown; error?: unknown } | undefined;
		if (answer.status !== 200 || typeof body !== 'object' || body === null || !('result' in body || 'error' in body)) {
			throw this.notOdoo('/jsonrpc', answer, 'JSON-RPC API');
		}
		if (body.error === undefined) return body.result;
		throw faultFromJsonRpc(body.error);
	}

	/** One JSON-2 call: the body of a 200, or rejects with the OdooFault of an Odoo error body. */
	private async json2(path: string, body: Record<string, unknown>): Promise<unknown> {
		const answer = await this.request(path, {
			method: 'POST',
			body,
			headers: { Authorization: `bearer ${this.login.secret}`, ...(this.login.db ? { 'X-Odoo-Database': this.login.db } : {}) },
		});
		if (answer.status === 200 && answer.json !== undefined) return answer.json;
		const fault = faultFromJson2(answer.status, answer.json);
		if (fault) throw fault;
		// Odoo 19 routes /json/2 only inside a database: for one it does not serve, its HTML 404 says so.
		if (answer.status === 404 && answer.text.includes('No database is selected')) {
			throw new OdooConnectionError('wrong-db', `Odoo has no database ${JSON.stringify(this.login.db)}`, WRONG_DB_HINT);
		}
		// An Odoo before 19 has no such route: its HTML 404 page.
		if (answer.status === 404) {
			throw new OdooConnectionError(
				'no-json2',
				`${this.where(path)} is not found (HTTP 404): this server has no JSON-2 API`,
				'JSON-2 needs Odoo 19 or later. On Odoo 14-18 use JSON-RPC: pass --user with the API key as --password',
			);
		}
		throw this.notOdoo(path, answer, 'JSON-2 API');
	}

	/** The server version (`common.version`, or `/web/version` for JSON-2); undefined when it does not say. */
	async version(): Promise<string | undefined> {
		if (this.login.protocol === 'jsonrpc') {
			const answer = await settle(this.jsonRpc('common', 'version', []));
			if (!answer.ok && !(answer.error instanceof OdooFault)) throw answer.error;
			const value = answer.ok ? (answer.value as { server_version?: unknown } | null)?.server_version : undefined;
			return typeof value === 'string' && value ? value : undefined;
		}
		const answer = await this.request('/web/version', { method: 'GET' });
		const value = (answer.json as { version?: unknown } | undefined)?.version;
		return answer.status === 200 && typeof value === 'string' ? value : undefined;
	}

	/**
	 * Logs in (JSON-RPC `common.login`) or, for JSON-2, asks who the key belongs to
	 * (`res.users.context_get`). The uid, or a connection error that names the cause.
	 */
	async authenticate(): Promise<number | undefined> {
		const { db, login } = this.login;
		if (this.login.protocol === 'jsonrpc') {
			const answer = await settle(this.jsonRpc('common', 'login', [db, login, this.login.secret]));
			if (!answer.ok) throw answer.error instanceof OdooFault ? classifyFault(answer.error, db) : answer.error;
			if (typeof answer.value !== 'number' || answer.value <= 0) {
				throw new OdooConnectionError(
					'bad-credentials',
					`Odoo refused the login ${JSON.stringify(login)} on database ${JSON.stringify(db)}`,
					'Check --user (the login, usually an email) and --password (the password, or an API key made in ' +
						'Odoo under Preferences > Account Security > API Keys for that same user)',
				);
			}
			this.uid = answer.value;
			return this.uid;
		}
		const answer = await settle(this.execute('res.users', 'context_get', {}));
		if (!answer.ok) throw answer.error instanceof OdooFault ? classifyFault(answer.error, db) : answer.error;
		const uid = (answer.value as { uid?: unknown } | null)?.uid;
		return typeof uid === 'number' ? uid : undefined;
	}

	/** A model method with its arguments by name (and the record ids of a record method), sent as the Hermes Odoo node sends it; rejects with OdooFault. */
	execute(model: string, method: string, kwargs: Record<string, unknown>, ids?: number[]): Promise<unknown> {
		const call = { model, method, kwargs, ids };
		if (this.login.protocol === 'json2') {
			const { path, body } = json2Request(call);
			return this.json2(path, body);
		}
		const { db, secret } = this.login;
		return this.jsonRpc('object', 'execute_kw', [db, this.uid, secret, model, method, ...executeKwArguments(call)]);
	}
}

/** Faults that mean the whole check cannot go on (database, credentials), as connection errors. */
export function classifyFault(fault: OdooFault, db: string): OdooConnectionError {
	const text = `${fault.odooName}: ${fault.message}`;
	const missingDb = /database "([^"]*)" does not exist/.exec(text);
	if (missingDb) {
		return new OdooConnectionError(
			'wrong-db',
			`Odoo has no database ${JSON.stringify(missingDb[1])}`,
			WRONG_DB_HINT,
		);
	}
	if (/psycopg2\.OperationalError/.test(text)) {
		return new OdooConnectionError(
			'database-server',
			`Odoo could not open database ${JSON.stringify(db)}: ${faultSummary(fault)}`,
			'Odoo answers but its PostgreSQL does not; check the database server behind Odoo',
		);
	}
	if (fault.odooName === ACCESS_DENIED) {
		return new OdooConnectionError('bad-credentials', `Odoo denied access: ${faultSummary(fault)}`, 'Check --user and --password, or --api-key');
	}
	return new OdooConnectionError('unexpected-fault', `Odoo answered with an error: ${faultSummary(fault)}`, 'Look at the Odoo server log for the full traceback');
}
