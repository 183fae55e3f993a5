/**
 * Odoo's external API over XML-RPC (`/xmlrpc/2/common`, `/xmlrpc/2/object`) with the `xmlrpc`
 * package, and the translation of its failures into errors that say what to do.
 */
import { URL } from 'url';
import * as xmlrpc from 'xmlrpc';

import { HermesError } from '../errors';

export type OdooConnectionErrorKind =
	| 'bad-url'
	| 'unreachable'
	| 'timeout'
	| 'not-odoo'
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

/** An XML-RPC fault as Odoo sends it (faultCode 1 application error, 2 user error, 3 access denied, 4 access error). */
export interface OdooFault {
	faultCode: number;
	faultString: string;
}

export const FAULT_WARNING = 2;
export const FAULT_ACCESS_DENIED = 3;
export const FAULT_ACCESS_ERROR = 4;

export function isOdooFault(error: unknown): error is OdooFault & Error {
	return typeof error === 'object' && error !== null && 'faultCode' in error && 'faultString' in error;
}

/** The last line of a Python traceback is the exception itself. */
export function faultSummary(fault: OdooFault): string {
	const lines = String(fault.faultString).trim().split('\n');
	return lines[lines.length - 1].trim() || `fault ${fault.faultCode}`;
}

export interface OdooEndpoint {
	url: string;
	timeoutMs?: number;
}

/** Settles a promise into a value or an error, so callers branch outside a catch clause. */
export async function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
	return promise.then(
		(value) => ({ ok: true as const, value }),
		(error: unknown) => ({ ok: false as const, error }),
	);
}

function parseBaseUrl(raw: string): URL {
	if (!URL.canParse(raw)) {
		throw new OdooConnectionError(
			'bad-url',
			`Not a URL: ${JSON.stringify(raw)}`,
			'Pass the Odoo base URL, e.g. --url https://odoo.example.com',
		);
	}
	const url = new URL(raw);
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new OdooConnectionError(
			'bad-url',
			`Unsupported URL scheme ${url.protocol} in ${raw}`,
			'Use an http:// or https:// URL',
		);
	}
	return url;
}

/** Turns transport failures (not Odoo faults) into connection errors. */
function transportError(error: Error & { code?: string; name?: string }, where: string, timeoutMs: number) {
	const code = error.code ?? '';
	if (error.name === 'AbortError' || code === 'ABORT_ERR') {
		return new OdooConnectionError(
			'timeout',
			`No answer from ${where} within ${timeoutMs / 1000} s`,
			'Check that the host and port are right and that no firewall drops the traffic; raise --timeout for a slow server',
		);
	}
	if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET'].includes(code)) {
		return new OdooConnectionError(
			'unreachable',
			`Cannot reach ${where}: ${code}`,
			'Check --url (scheme, host and port) and that Odoo is running and reachable from this machine',
		);
	}
	const status = (error as { res?: { statusCode?: number } }).res?.statusCode;
	return new OdooConnectionError(
		'not-odoo',
		`${where} did not answer as Odoo's XML-RPC API${status ? ` (HTTP ${status})` : ''}: ${error.message}`,
		'Pass the base URL of the Odoo server (the address of its web client, without /web or /odoo); ' +
			'a proxy in front must forward /xmlrpc/2/',
	);
}

export class OdooXmlRpcClient {
	private readonly base: URL;
	private readonly timeoutMs: number;

	constructor(endpoint: OdooEndpoint) {
		this.base = parseBaseUrl(endpoint.url);
		this.timeoutMs = endpoint.timeoutMs ?? 15000;
	}

	/** Rejects with an OdooFault (as the xmlrpc package raises it) or an OdooConnectionError. */
	call(service: 'common' | 'object', method: string, params: unknown[]): Promise<unknown> {
		const path = `${this.base.pathname.replace(/\/+$/, '')}/xmlrpc/2/${service}`;
		const where = `${this.base.origin}${path}`;
		const options = {
			host: this.base.hostname.replace(/^\[|\]$/g, ''),
			port: Number(this.base.port) || (this.base.protocol === 'https:' ? 443 : 80),
			path,
			signal: AbortSignal.timeout(this.timeoutMs),
		};
		const client =
			this.base.protocol === 'https:' ? xmlrpc.createSecureClient(options) : xmlrpc.createClient(options);
		return new Promise((resolve, reject) => {
			client.methodCall(method, params, (error: unknown, value: unknown) => {
				if (!error) return resolve(value);
				if (isOdooFault(error)) return reject(error);
				reject(transportError(error as Error, where, this.timeoutMs));
			});
		});
	}

	async version(): Promise<Record<string, unknown>> {
		return (await this.call('common', 'version', [])) as Record<string, unknown>;
	}

	/** uid, or throws a connection error that names the cause (bad login, unknown database ...). */
	async authenticate(db: string, login: string, password: string): Promise<number> {
		const answer = await settle(this.call('common', 'authenticate', [db, login, password, {}]));
		if (!answer.ok) throw isOdooFault(answer.error) ? classifyFault(answer.error, db) : answer.error;
		const uid = answer.value;
		if (typeof uid !== 'number' || uid <= 0) {
			throw new OdooConnectionError(
				'bad-credentials',
				`Odoo refused the login ${JSON.stringify(login)} on database ${JSON.stringify(db)}`,
				'Check --user (the login, usually an email) and the password; with --api-key pass a key made in ' +
					'Odoo under Preferences > Account Security > API Keys, for that same user',
			);
		}
		return uid;
	}

	executeKw(
		auth: { db: string; uid: number; password: string },
		model: string,
		method: string,
		args: unknown[],
		kwargs: Record<string, unknown> = {},
	): Promise<unknown> {
		return this.call('object', 'execute_kw', [auth.db, auth.uid, auth.password, model, method, args, kwargs]);
	}
}

/** Faults that mean the whole check cannot go on (database, credentials), as connection errors. */
export function classifyFault(fault: OdooFault, db: string): OdooConnectionError {
	const text = String(fault.faultString);
	const missingDb = /database "([^"]*)" does not exist/.exec(text);
	if (missingDb) {
		return new OdooConnectionError(
			'wrong-db',
			`Odoo has no database ${JSON.stringify(missingDb[1])}`,
			'Check --db: it is the database name shown on the Odoo login page or database manager (/web/database/selector)',
		);
	}
	if (/psycopg2\.OperationalError/.test(text)) {
		return new OdooConnectionError(
			'database-server',
			`Odoo could not open database ${JSON.stringify(db)}: ${faultSummary(fault)}`,
			'Odoo answers but its PostgreSQL does not; check the database server behind Odoo',
		);
	}
	if (fault.faultCode === FAULT_ACCESS_DENIED || /AccessDenied|Access Denied/.test(text)) {
		return new OdooConnectionError(
			'bad-credentials',
			`Odoo denied access: ${faultSummary(fault)}`,
			'Check --user and the password or API key',
		);
	}
	return new OdooConnectionError(
		'unexpected-fault',
		`Odoo answered with a fault (code ${fault.faultCode}): ${faultSummary(fault)}`,
		'Look at the Odoo server log for the full traceback',
	);
}
