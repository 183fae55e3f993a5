/**
 * Odoo's external API front ends, as n8n's Odoo node and `check-odoo` speak them:
 * - JSON-RPC `POST /jsonrpc` (credential `odooApi`): `{jsonrpc, method: 'call', id, params:
 *   {service, method, args}}`; errors are HTTP 200 with `error: {code: 200, message: 'Odoo Server
 *   Error', data: {name, message, ...}}`.
 * - JSON-2 `POST /json/2/<model>/<method>` (credential `odooApiKeyApi`, Odoo 19+): keyword body,
 *   `Authorization: bearer <key>`; errors are HTTP 4xx/5xx with `{name, message, ...}`.
 * - XML-RPC `/xmlrpc/2/common` and `/xmlrpc/2/object` (`authenticate`, `execute_kw`).
 */
import { accessDenied, OdooError, serializeException } from './errors';
import { bindKeywords, bindPositional, type OdooSession } from './session';

export const SERVER_VERSION = {
	server_version: '17.0',
	server_version_info: [17, 0, 0, 'final', 0, ''],
	server_serie: '17.0',
	protocol_version: 1,
};

/** One service call (`common`, `object`, `db`) with positional args, shared by JSON-RPC and XML-RPC. */
export function dispatchService(
	session: OdooSession,
	protocol: 'jsonrpc' | 'xmlrpc',
	service: unknown,
	method: unknown,
	args: unknown[],
): unknown {
	const name = String(method);
	if (service === 'common') {
		return session.record({ protocol, service, method: name }, () => {
			if (name === 'version') return SERVER_VERSION;
			if (name === 'login' || name === 'authenticate') return session.authenticate(args[0], args[1], args[2]);
			throw new OdooError('builtins.NameError', `method ${name} does not exist in service common`, 404);
		});
	}
	if (service === 'db') {
		return session.record({ protocol, service, method: name }, () => {
			if (name === 'list') return [session.login.db];
			if (name === 'server_version') return SERVER_VERSION.server_version;
			throw new OdooError('builtins.NameError', `method ${name} does not exist in service db`, 404);
		});
	}
	if (service === 'object' && (name === 'execute' || name === 'execute_kw')) {
		const [db, uid, password, model, modelMethod, ...rest] = args;
		const entry = { protocol, service: 'object' as const, method: name, model: String(model), modelMethod: String(modelMethod) };
		return session.record(entry, () => {
			const call =
				name === 'execute'
					? bindPositional(String(model), String(modelMethod), rest)
					: bindPositional(
							String(model),
							String(modelMethod),
							(rest[0] as unknown[]) ?? [],
							(rest[1] as Record<string, unknown>) ?? {},
						);
			Object.assign(entry, { ids: call.ids, params: call.params });
			return session.executeAuthenticated(db, uid, password, call);
		});
	}
	throw new OdooError('werkzeug.exceptions.NotFound', `No such service or method: ${String(service)}.${name}`, 404);
}

export interface JsonAnswer {
	status: number;
	body: unknown;
}

/** `POST /jsonrpc`. */
export function handleJsonRpc(session: OdooSession, request: unknown): JsonAnswer {
	const envelope = (request ?? {}) as { id?: unknown; params?: { service?: unknown; method?: unknown; args?: unknown } };
	const id = envelope.id ?? null;
	try {
		const params = envelope.params ?? {};
		const args = Array.isArray(params.args) ? params.args : [];
		const result = dispatchService(session, 'jsonrpc', params.service, params.method, args);
		return { status: 200, body: { jsonrpc: '2.0', id, result } };
	} catch (error) {
		const odooError = error instanceof OdooError ? error : new OdooError('builtins.Exception', String(error), 500);
		return {
			status: 200,
			body: {
				jsonrpc: '2.0',
				id,
				error: { code: 200, message: 'Odoo Server Error', data: serializeException(odooError) },
			},
		};
	}
}

/** `POST /json/2/<model>/<method>`. */
export function handleJson2(
	session: OdooSession,
	model: string,
	method: string,
	headers: { authorization?: string; database?: string },
	body: unknown,
): JsonAnswer {
	const entry = { protocol: 'json2' as const, service: 'object' as const, method: 'json2', model, modelMethod: method };
	try {
		const result = session.record(entry, () => {
			session.checkApiKey(headers.authorization);
			if (headers.database !== undefined) session.checkDb(headers.database);
			if (typeof body !== 'object' || body === null || Array.isArray(body)) {
				throw new OdooError('werkzeug.exceptions.BadRequest', 'The request body must be a JSON object.', 400);
			}
			const call = bindKeywords(model, method, body as Record<string, unknown>);
			Object.assign(entry, { ids: call.ids, params: call.params });
			// JSON-2 always creates from a list and answers the list of new ids.
			if (method === 'create' && !Array.isArray(call.params.vals_list)) {
				throw new OdooError('builtins.TypeError', 'create() vals_list must be a list of dictionaries', 422);
			}
			return session.store.execute(call);
		});
		return { status: 200, body: result };
	} catch (error) {
		const e = error instanceof OdooError ? error : accessDenied();
		const { name, message, arguments: args, context, debug } = serializeException(e);
		return { status: e.httpStatus, body: { name, message, arguments: args, context, debug } };
	}
}
