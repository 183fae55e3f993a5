/**
 * What both protocol front ends share: the database's login data, authentication, the
 * binding of positional/keyword arguments to a method's parameters, and the call log tests
 * read to prove which Odoo node ran.
 */
import { accessDenied, asOdooError, badArguments, OdooError } from './errors';
import { SIGNATURES, type MethodCall, type OdooStore } from './store';

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
			throw new OdooError('psycopg2.OperationalError', `FATAL:  database "${String(db)}" does not exist`, 500);
		}
	}

	/** `object.execute(_kw)` after checking uid and password as Odoo does on every call. */
	executeAuthenticated(db: unknown, uid: unknown, password: unknown, call: MethodCall): unknown {
		this.checkDb(db);
		if (uid !== this.login.uid || password !== this.login.password) throw accessDenied();
		return this.store.execute(call);
	}

	checkApiKey(authorization: string | undefined): void {
		const match = /^bearer\s+(.+)$/i.exec(authorization ?? '');
		if (!match || match[1] !== this.login.apiKey) throw accessDenied();
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

/** Binds `execute(model, method, *args)` / `execute_kw(..., args, kwargs)` to a MethodCall. */
export function bindPositional(
	model: string,
	method: string,
	args: unknown[],
	kwargs: Record<string, unknown> = {},
): MethodCall {
	const signature = SIGNATURES[method];
	if (!signature) return { model, method, params: {} };
	const rest = [...args];
	let ids: number[] | undefined;
	if (signature.recordMethod) {
		const first = rest.shift() ?? kwargs.ids;
		ids = (Array.isArray(first) ? first : [first]) as number[];
	}
	if (rest.length > signature.params.length) {
		throw badArguments(method, `takes ${signature.params.length} positional arguments but ${rest.length} were given`);
	}
	const params: Record<string, unknown> = {};
	rest.forEach((value, i) => (params[signature.params[i]] = value));
	for (const [key, value] of Object.entries(kwargs)) {
		if (key === 'context' || (key === 'ids' && signature.recordMethod)) continue;
		if (!signature.params.includes(key)) throw badArguments(method, `got an unexpected keyword argument '${key}'`);
		params[key] = value;
	}
	return { model, method, ids, params };
}

/** Binds a JSON-2 body (`ids`, `context` and named parameters) to a MethodCall. */
export function bindKeywords(model: string, method: string, body: Record<string, unknown>): MethodCall {
	const signature = SIGNATURES[method];
	if (!signature) return { model, method, params: {} };
	const { ids, ...kwargs } = body;
	if (signature.recordMethod && ids === undefined) throw badArguments(method, "missing required argument 'ids'");
	const call = bindPositional(model, method, signature.recordMethod ? [ids] : [], kwargs);
	return call;
}
