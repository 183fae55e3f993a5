/**
 * Calls Odoo's external API for one credential. JSON-RPC needs a uid from `common.login`, and
 * Odoo hashes the password on every login (about 400 ms on a real server), so the uid is kept per
 * credential for the life of the n8n process (each worker in queue mode has its own) and reused
 * until Odoo refuses it. Then the node logs in once more, and retries a read-only call once; a
 * write is never sent twice. JSON-2 sends the API key with every call and needs no login.
 * Failures are returned, never thrown, so the node turns each into the agent's answer.
 */
import { messageOf } from '../../../core/text';
import { ACCESS_DENIED, faultFromJson2, faultFromJsonRpc, OdooFault, OdooTransportError } from '../../../core/odoo/faults';
import { executeKwArguments, json2Request } from '../../../core/odoo/requests';
import { ODOO_REQUEST_SECONDS, type HttpAnswer, type HttpPost, type OdooCall, type OdooConnection } from '../../../core/odoo/types';

/** What one call came to: Odoo's result, or why there is none. */
export type OdooOutcome = { ok: true; value: unknown } | { ok: false; failure: OdooFault | OdooTransportError };

const success = (value: unknown): OdooOutcome => ({ ok: true, value });
const failed = (failure: OdooFault | OdooTransportError): OdooOutcome => ({ ok: false, failure });

const logins = new Map<string, Promise<OdooOutcome>>();
let requestId = 0;

/** One cached login per credential data: a changed password is another credential. */
function loginKey(connection: OdooConnection): string {
	return JSON.stringify([connection.url, connection.db, connection.username ?? '', connection.password ?? '']);
}

/** The outcome for `key`, asked once; a failure is forgotten, so the next call asks again. */
export function cachedOutcome(cache: Map<string, Promise<OdooOutcome>>, key: string, start: () => Promise<OdooOutcome>): Promise<OdooOutcome> {
	let pending = cache.get(key);
	if (!pending) {
		const started = start();
		pending = started;
		cache.set(key, started);
		void started.then((outcome) => {
			if (!outcome.ok && cache.get(key) === started) cache.delete(key);
		});
	}
	return pending;
}

/** Forgets every cached login (tests; a credential's data changing gives it a new key anyway). */
export function forgetLogins(): void {
	logins.clear();
}

function transportFault(error: unknown): OdooTransportError {
	const text = messageOf(error);
	const timedOut = /timeout|timed out|ETIMEDOUT|aborted/i.test(text);
	const neverSent = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN/.test(text);
	return new OdooTransportError(
		timedOut ? 'timeout' : 'unreachable',
		timedOut ? `Odoo did not answer within ${ODOO_REQUEST_SECONDS} s` : `Odoo could not be reached (${text})`,
		!neverSent,
	);
}

async function post(http: HttpPost, url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer | OdooTransportError> {
	return await http(url, body, { 'Content-Type': 'application/json', Accept: 'application/json', ...headers }, ODOO_REQUEST_SECONDS * 1000).catch(transportFault);
}

/** One JSON-RPC call: its result, or the fault Odoo answered. */
async function jsonRpc(http: HttpPost, connection: OdooConnection, service: string, method: string, args: unknown[]): Promise<OdooOutcome> {
	const answer = await post(http, `${connection.url}/jsonrpc`, { jsonrpc: '2.0', method: 'call', id: ++requestId, params: { service, method, args } });
	if (answer instanceof OdooTransportError) return failed(answer);
	const body = answer.body as { result?: unknown; error?: unknown } | null;
	if (answer.status !== 200 || typeof body !== 'object' || body === null || !('result' in body || 'error' in body)) {
		return failed(new OdooTransportError('not_odoo', `${connection.url}/jsonrpc answered HTTP ${answer.status} without a JSON-RPC answer: is the URL the Odoo server?`));
	}
	return body.error !== undefined ? failed(faultFromJsonRpc(body.error)) : success(body.result);
}

function login(http: HttpPost, connection: OdooConnection): Promise<OdooOutcome> {
	return cachedOutcome(logins, loginKey(connection), async () => {
		const outcome = await jsonRpc(http, connection, 'common', 'login', [connection.db, connection.username, connection.password]);
		// Odoo answers false, not an error, for a wrong login or password.
		if (outcome.ok && typeof outcome.value !== 'number') {
			return failed(new OdooFault(ACCESS_DENIED, `Odoo refused the login of "${connection.username ?? ''}" on database "${connection.db}"`));
		}
		return outcome;
	});
}

async function executeKw(http: HttpPost, connection: OdooConnection, uid: number, call: OdooCall): Promise<OdooOutcome> {
	return await jsonRpc(http, connection, 'object', 'execute_kw', [connection.db, uid, connection.password, call.model, call.method, ...executeKwArguments(call)]);
}

async function json2(http: HttpPost, connection: OdooConnection, call: OdooCall): Promise<OdooOutcome> {
	const { path, body } = json2Request(call);
	const answer = await post(http, `${connection.url}${path}`, body, {
		Authorization: `bearer ${connection.apiKey ?? ''}`,
		...(connection.db ? { 'X-Odoo-Database': connection.db } : {}),
	});
	if (answer instanceof OdooTransportError) return failed(answer);
	if (answer.status === 200) return success(answer.body);
	// Odoo answers its HTML 404 page when the X-Odoo-Database header names no database it serves.
	if (answer.status === 404 && typeof answer.body === 'string' && answer.body.includes('No database is selected')) {
		return failed(new OdooTransportError('not_odoo', `Odoo at ${connection.url} serves no database "${connection.db}" (it answered 404, no database is selected): check the credential's Database Name.`));
	}
	const fault = faultFromJson2(answer.status, answer.body);
	return failed(
		fault ?? new OdooTransportError('not_odoo', `${connection.url}/json/2 answered HTTP ${answer.status} without an Odoo error: is the URL the Odoo server (19 or later for JSON-2)?`),
	);
}

const accessDenied = (outcome: OdooOutcome) => !outcome.ok && outcome.failure instanceof OdooFault && outcome.failure.odooName === ACCESS_DENIED;

/** Runs one model method on Odoo with the credential's protocol. */
export async function callOdoo(http: HttpPost, connection: OdooConnection, call: OdooCall): Promise<OdooOutcome> {
	if (connection.protocol === 'json2') return await json2(http, connection, call);
	const pending = login(http, connection);
	// A login Odoo refuses is final: only a cached uid that stops working earns a fresh login.
	const uid = await pending;
	if (!uid.ok) return uid;
	const outcome = await executeKw(http, connection, uid.value as number, call);
	if (!accessDenied(outcome)) return outcome;
	// The uid (or the password behind it) is no longer accepted: the next call logs in again,
	// unless a concurrent call already did.
	const key = loginKey(connection);
	if (logins.get(key) === pending) logins.delete(key);
	if (!call.readOnly) return outcome;
	const fresh = await login(http, connection);
	return fresh.ok ? await executeKw(http, connection, fresh.value as number, call) : fresh;
}
