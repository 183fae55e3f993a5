/**
 * Odoo's external API front ends, as the Hermes Odoo node, `check-odoo` and n8n's Odoo node (the
 * recorded transcripts test/unit/harness/odoo replays) speak them:
 * - JSON-RPC `POST /jsonrpc` (credential `odooApi`): `{jsonrpc, method: 'call', id, params:
 *   {service, method, args}}`; errors are HTTP 200 with `error: {code: 200, message: 'Odoo Server
 *   Error', data: {name, message, ...}}`.
 * - JSON-2 `POST /json/2/<model>/<method>` (credential `odooApiKeyApi`, Odoo 19+): keyword body,
 *   `Authorization: bearer <key>`; errors are HTTP 4xx/5xx with `{name, message, ...}`.
 * - XML-RPC `/xmlrpc/2/common` and `/xmlrpc/2/object` (`authenticate`, `execute_kw`).
 */
import { accessDenied, notFound, OdooError, privateMethod, rpcUnknownModel, rpcUnknownMethod, serializeException } from './errors';
import { bindKeywords, bindPositional, type OdooSession } from './session';
import { SIGNATURES } from './store';

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
			session.checkCredentials(db, uid, password);
			// Odoo 18's order: private names, then the model, then the method.
			if (entry.modelMethod.startsWith('_')) throw privateMethod(entry.model, entry.modelMethod);
			if (!session.store.hasModel(entry.model)) throw rpcUnknownModel(entry.model);
			if (!SIGNATURES[entry.modelMethod]) throw rpcUnknownMethod(entry.model, entry.modelMethod);
			const positional = name === 'execute' ? rest : ((rest[0] as unknown[]) ?? []);
			const kwargs = name === 'execute' ? {} : ((rest[1] as Record<string, unknown>) ?? {});
			return session.store.transaction(() => {
				const call = bindPositional(session.store, entry.model, entry.modelMethod, positional, kwargs);
				Object.assign(entry, { ids: call.ids, params: call.params });
				const result = session.store.execute(call);
				// The create runs, then `_call_kw_model_create` looks at `args[0]` to choose between
				// one id and a list: with the values passed by name there is none, and the error rolls
				// the new records back.
				if (entry.modelMethod === 'create' && positional.length === 0) throw new OdooError('builtins.IndexError', 'tuple index out of range', 500);
				return result;
			});
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

/**
 * The named parameters of a JSON-2 body: Odoo 19 merges the body into a dict (`params |= body`),
 * so a list of [name, value] pairs is taken as well, and anything else is a 400.
 */
function json2Params(body: unknown): Record<string, unknown> {
	if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
	if (Array.isArray(body)) {
		const bad = body.findIndex((pair) => !Array.isArray(pair) || pair.length !== 2);
		if (bad < 0) return Object.fromEntries(body as Array<[string, unknown]>);
		const length = Array.isArray(body[bad]) ? (body[bad] as unknown[]).length : typeof body[bad] === 'object' && body[bad] !== null ? Object.keys(body[bad] as object).length : 1;
		throw new OdooError('werkzeug.exceptions.BadRequest', `could not parse the body as json: dictionary update sequence element #${bad} has length ${length}; 2 is required`, 400);
	}
	throw new OdooError('werkzeug.exceptions.BadRequest', 'could not parse the body, expecting a json object', 400);
}

/** JSON-2's status for an error: 500 for what Python itself raised, the error's own otherwise. */
const json2Status = (error: OdooError): number => (/^(builtins|psycopg2)\./.test(error.odooName) ? 500 : error.httpStatus);

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
			if (!session.store.hasModel(model)) throw notFound(`the model '${model}' does not exist`);
			if (method.startsWith('_') || !SIGNATURES[method]) throw notFound(`The method '${model}.${method}' does not exist`);
			const call = bindKeywords(session.store, model, method, json2Params(body));
			Object.assign(entry, { ids: call.ids, params: call.params });
			const created = session.store.execute(call);
			// JSON-2 answers a create with the list of new ids, also for one dict.
			return method === 'create' && typeof created === 'number' ? [created] : created;
		});
		return { status: 200, body: result };
	} catch (error) {
		const e = error instanceof OdooError ? error : accessDenied();
		const { name, message, arguments: args, context, debug } = serializeException(e);
		return { status: json2Status(e), body: { name, message, arguments: args, context, debug } };
	}
}
