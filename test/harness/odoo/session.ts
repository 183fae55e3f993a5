/**
 * What both protocol front ends share: the database's login data, authentication, the
 * binding of positional/keyword arguments to a method's parameters, and the call log tests
 * read to prove which Odoo node ran.
 */
import { accessDenied, asOdooError, badArguments, OdooError, type OdooVersion, unauthorized, unprocessable } from './errors';
import { SIGNATURES, type MethodCall, type MethodSignature, type OdooStore } from './store';

export interface OdooLogin {
	db: string;
	username: string;
	password: string;
	/** Key for the JSON-2 API (`Authorization: bearer <key>`). */
	apiKey: string;
	uid: number;
}

export interface OdooCallRecord {
	protocol: 'jsonrpc' | 'json2' | 'xmlrpc';
	service: 'common' | 'object' | 'db';
	method: string;
	/** For object calls: the model and the model method. */
	model?: string;
	modelMethod?: string;
	ids?: number[];
	params?: Record<string, unknown>;
	/** Odoo exception name when the call failed. */
	error?: string;
}

export class OdooSession {
	readonly calls: OdooCallRecord[] = [];

	constructor(
		readonly store: OdooStore,
		readonly login: OdooLogin,
	) {}

	/** `common.login` / `authenticate`: the uid, or false for wrong credentials (Odoo does not raise). */
	authenticate(db: unknown, username: unknown, password: unknown): number | false {
		this.checkDb(db);
		return username === this.login.username && password === this.login.password ? this.login.uid : false;
	}

	checkDb(db: unknown): void {
		if (db !== this.login.db) {
			// psycopg2 names the PostgreSQL server it tried; the stand-in names the default one.
			throw new OdooError('psycopg2.OperationalError', `connection to server at "127.0.0.1", port 5432 failed: FATAL:  database "${String(db)}" does not exist`, 500);
		}
	}

	/** What `object.execute(_kw)` checks first on every call: the database, the uid and its password. */
	checkCredentials(db: unknown, uid: unknown, password: unknown): void {
		this.checkDb(db);
		if (uid !== this.login.uid || password !== this.login.password) throw accessDenied();
	}

	/** Odoo 19's answers to a JSON-2 call without a key, or with one it does not know. */
	checkApiKey(authorization: string | undefined): void {
		const match = /^bearer\s+(.+)$/i.exec(authorization ?? '');
		if (!match) throw unauthorized('User not authenticated, use an API Key with a Bearer Authorization header.');
		if (match[1] !== this.login.apiKey) throw unauthorized('Invalid apikey');
	}

	/** Runs `fn`, logging the call and its outcome; errors come back as OdooError. */
	record<T>(entry: OdooCallRecord, fn: () => T): T {
		try {
			const result = fn();
			this.calls.push(entry);
			return result;
		} catch (error) {
			const odooError = asOdooError(error);
			this.calls.push({ ...entry, error: odooError.odooName });
			throw odooError;
		}
	}
}

/**
 * A method's parameter names for one model and its Python name for messages. In Odoo 18 some
 * `write` overrides name the values `values`; Odoo 19 renamed them all `vals`.
 */
function parametersOf(store: OdooStore, model: string, method: string, signature: MethodSignature, version: OdooVersion): { names: string[]; pyName: string } {
	const renamed = method === 'write' && version === 18 ? store.modelSpec(model).writeParameter : undefined;
	if (!renamed) return { names: signature.params, pyName: method };
	return { names: signature.params.map((p) => (p === 'vals' ? renamed.name : p)), pyName: `${renamed.pyClass}.${method}` };
}

/**
 * Binds `execute(model, method, *args)` / `execute_kw(..., args, kwargs)` to a MethodCall as
 * Python calls the method: a keyword that is no parameter is a TypeError naming the function
 * (before a missing argument), unless the method passes keywords on (search_read to read).
 */
export function bindPositional(
	store: OdooStore,
	model: string,
	method: string,
	args: unknown[],
	kwargs: Record<string, unknown> = {},
): MethodCall {
	const signature = SIGNATURES[method];
	if (!signature) return { model, method, params: {} };
	const { names, pyName } = parametersOf(store, model, method, signature, 18);
	const rest = [...args];
	let ids: number[] | undefined;
	if (signature.recordMethod) {
		const first = rest.shift() ?? kwargs.ids;
		ids = (Array.isArray(first) ? first : [first]) as number[];
	}
	if (rest.length > names.length) {
		throw badArguments(pyName, `takes ${names.length} positional arguments but ${rest.length} were given`);
	}
	const params: Record<string, unknown> = {};
	rest.forEach((value, i) => (params[signature.params[i]] = value));
	for (const [key, value] of Object.entries(kwargs)) {
		if (key === 'context' || (key === 'ids' && signature.recordMethod)) continue;
		const at = names.indexOf(key);
		if (at < 0) throw badArguments(signature.passesKeywordsTo ?? pyName, `got an unexpected keyword argument '${key}'`);
		params[signature.params[at]] = value;
	}
	const missing = (signature.required ?? []).find((p) => !(p in params));
	if (missing) throw badArguments(pyName, `missing 1 required positional argument: '${names[signature.params.indexOf(missing)]}'`);
	return { model, method, ids, params };
}

/**
 * Binds a JSON-2 body (`ids`, `context` and named parameters) to a MethodCall as Odoo 19 does,
 * with `inspect.signature(method).bind`: a missing argument, then a keyword no parameter takes,
 * is werkzeug's UnprocessableEntity; `ids` may be left out (an empty recordset).
 */
export function bindKeywords(store: OdooStore, model: string, method: string, body: Record<string, unknown>): MethodCall {
	const signature = SIGNATURES[method];
	if (!signature) return { model, method, params: {}, version: 19 };
	const { names } = parametersOf(store, model, method, signature, 19);
	const { ids, ...named } = body;
	// The context rides along with any method; it binds to no parameter.
	const kwargs = Object.fromEntries(Object.entries(named).filter(([key]) => key !== 'context'));
	const params: Record<string, unknown> = {};
	for (const [at, name] of names.entries()) {
		if (name in kwargs) params[signature.params[at]] = kwargs[name];
		else if (signature.required?.includes(signature.params[at])) throw unprocessable(`missing a required argument: '${name}'`);
	}
	const unknown = Object.keys(kwargs).find((key) => !names.includes(key));
	if (unknown !== undefined) {
		if (!signature.passesKeywordsTo) throw unprocessable(`got an unexpected keyword argument '${unknown}'`);
		throw new OdooError('builtins.TypeError', `${signature.passesKeywordsTo}() got an unexpected keyword argument '${unknown}'`, 500);
	}
	return { model, method, ids: signature.recordMethod ? ((Array.isArray(ids) ? ids : ids === undefined ? [] : [ids]) as number[]) : undefined, params, version: 19 };
}
