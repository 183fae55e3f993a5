/**
 * An Odoo stand-in for tests, served over XML-RPC by the `xmlrpc` package's server.
 *
 * STAND-IN, not the real thing: no Odoo (Python + PostgreSQL) can run on this machine. It speaks
 * Odoo's real external-API wire protocol as Odoo 17/18 serves it (odoo/addons/base/controllers/
 * rpc.py, odoo/service/common.py, odoo/service/model.py):
 * - `POST /xmlrpc/2/common`: `version()` -> RPC_VERSION_1; `authenticate(db, login, password,
 *   user_agent_env)` and `login(db, login, password)` -> uid, or `false` on a bad login/password
 *   (Odoo 18 catches AccessDenied and answers false). An API key is accepted in place of the password.
 * - `POST /xmlrpc/2/object`: `execute_kw(db, uid, password, model, method, args, kwargs)`;
 *   `fields_get(allfields?, attributes?)` -> `{field: {type, string, relation?, ...}}`, filtered
 *   to the requested attributes as Odoo's `fields_get` does.
 * - Faults as `xmlrpc_handle_exception_int` builds them: AccessDenied -> faultCode 3 "Access
 *   Denied"; UserError -> 2 ("Object crm.lead doesn't exist" for an unknown model); anything else
 *   -> 1 with the Python traceback as faultString (an unknown database ends in
 *   `psycopg2.OperationalError: ... FATAL:  database "x" does not exist`).
 * - Any other path -> 404, as Odoo's router answers.
 * The schema is a plain mutable object so a test can remove a model or a field, or change a type.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as xmlrpc from 'xmlrpc';

import { MODELS } from './odoo/models';

export interface OdooFieldDescription {
	type: string;
	string: string;
	relation?: string;
	required?: boolean;
	readonly?: boolean;
	selection?: Array<[string, string]>;
}
export type OdooSchema = Record<string, Record<string, OdooFieldDescription>>;

export interface OdooStandInOptions {
	db?: string;
	login?: string;
	password?: string;
	apiKeys?: string[];
	uid?: number;
	serverVersion?: string;
	schema?: OdooSchema;
	/** Record ids per model, for `search_count` (default: employee 1). */
	records?: Record<string, number[]>;
	/** Access modes (read, create, write, unlink) the user lacks, per model. */
	denied?: Record<string, string[]>;
	/** false: behave like an Odoo without `check_access_rights` (unknown method fault). */
	checkAccessRights?: boolean;
}

export interface OdooCall {
	service: 'common' | 'object';
	method: string;
	params: unknown[];
}

export interface OdooStandIn {
	url: string;
	port: number;
	/** Live settings: change db/login/password/apiKeys/schema between calls. */
	state: Required<OdooStandInOptions>;
	calls: OdooCall[];
	stop(): Promise<void>;
}

type Reply = (error: unknown, value?: unknown) => void;
type Handler = (params: unknown[], reply: Reply) => void;

const FAULT_APPLICATION_ERROR = 1;
const FAULT_WARNING = 2;
const FAULT_ACCESS_DENIED = 3;
const ODOO_ROOT = '/usr/lib/python3/dist-packages/odoo';

function frame(file: string, line: number, fn: string, code: string): string {
	return `  File "${ODOO_ROOT}/${file}", line ${line}, in ${fn}\n    ${code}\n`;
}

/** A traceback shaped like Python's `traceback.format_exception`, as Odoo puts in faultString. */
function traceback(frames: string[], last: string): string {
	const head =
		frame('addons/base/controllers/rpc.py', 147, '_xmlrpc_common', 'response = self._xmlrpc(service)') +
		frame('addons/base/controllers/rpc.py', 127, '_xmlrpc', 'result = dispatch_rpc(service, method, params)') +
		frame('http.py', 397, 'dispatch_rpc', 'return dispatch(method, params)');
	return `Traceback (most recent call last):\n${head}${frames.join('')}${last}\n`;
}

function unknownDatabaseFault(db: string, service: 'common' | 'object') {
	const entry =
		service === 'common'
			? frame('service/common.py', 40, 'exp_authenticate', "res_users = Registry(db)['res.users']")
			: frame('service/model.py', 32, 'dispatch', 'security.check(db, uid, passwd)');
	const frames = [
		entry,
		frame('modules/registry.py', 88, '__new__', 'return cls.new(db_name)'),
		frame('sql_db.py', 729, 'borrow', 'result = psycopg2.connect('),
		'  File "/usr/lib/python3/dist-packages/psycopg2/__init__.py", line 122, in connect\n' +
			'    conn = _connect(dsn, connection_factory=connection_factory, **kwasync)\n',
	];
	return {
		faultCode: FAULT_APPLICATION_ERROR,
		faultString: traceback(
			frames,
			`psycopg2.OperationalError: connection to server at "db" (172.18.0.2), port 5432 failed: FATAL:  database "${db}" does not exist`,
		),
	};
}

const accessDenied = { faultCode: FAULT_ACCESS_DENIED, faultString: 'Access Denied' };

function pickAttributes(description: OdooFieldDescription, attributes: unknown): Record<string, unknown> {
	if (!Array.isArray(attributes) || attributes.length === 0) return { ...description };
	const picked: Record<string, unknown> = {};
	for (const name of attributes) {
		const value = (description as unknown as Record<string, unknown>)[String(name)];
		if (value !== undefined) picked[String(name)] = value;
	}
	return picked;
}

function fieldsGet(fields: Record<string, OdooFieldDescription>, args: unknown[], kwargs: Record<string, unknown>) {
	const allfields = (kwargs.allfields ?? args[0]) as unknown;
	const attributes = kwargs.attributes ?? args[1];
	const wanted = Array.isArray(allfields) && allfields.length > 0 ? allfields.map(String) : Object.keys(fields);
	const answer: Record<string, unknown> = {};
	for (const name of wanted) {
		if (fields[name]) answer[name] = pickAttributes(fields[name], attributes);
	}
	return answer;
}

/** `search_count(domain)` for the domains the check sends: `[]` or `[['id', '=', n]]`. */
function searchCount(ids: number[], args: unknown[]): number {
	const domain = (args[0] ?? []) as unknown[];
	if (domain.length === 0) return ids.length;
	const [field, operator, value] = domain[0] as [string, string, number];
	if (domain.length !== 1 || field !== 'id' || operator !== '=') {
		throw new Error(`stand-in search_count supports only [('id', '=', n)], got ${JSON.stringify(domain)}`);
	}
	return ids.includes(Number(value)) ? 1 : 0;
}

function commonHandlers(state: Required<OdooStandInOptions>): Record<string, Handler> {
	const authenticate: Handler = (params, reply) => {
		const [db, login, password] = params as [string, string, string];
		if (db !== state.db) return reply(unknownDatabaseFault(db, 'common'));
		const good = login === state.login && (password === state.password || state.apiKeys.includes(password));
		reply(null, good ? state.uid : false);
	};
	const major = Number.parseInt(state.serverVersion, 10);
	return {
		version: (_params, reply) =>
			reply(null, {
				server_version: state.serverVersion,
				server_version_info: [major, 0, 0, 'final', 0, ''],
				server_serie: state.serverVersion,
				protocol_version: 1,
			}),
		authenticate,
		login: authenticate,
	};
}

function objectHandlers(state: Required<OdooStandInOptions>): Record<string, Handler> {
	return {
		execute_kw: (params, reply) => {
			const [db, uid, password, model, method, args, kwargs] = params as [
				string,
				number,
				string,
				string,
				string,
				unknown[] | undefined,
				Record<string, unknown> | undefined,
			];
			if (db !== state.db) return reply(unknownDatabaseFault(db, 'object'));
			const passwordOk = password === state.password || state.apiKeys.includes(password);
			if (Number(uid) !== state.uid || !passwordOk) return reply(accessDenied);
			const fields = state.schema[model];
			if (!fields) return reply({ faultCode: FAULT_WARNING, faultString: `Object ${model} doesn't exist` });
			if (method === 'fields_get') return reply(null, fieldsGet(fields, args ?? [], kwargs ?? {}));
			if (method === 'check_access_rights' && state.checkAccessRights) {
				return reply(null, !(state.denied[model] ?? []).includes(String((args ?? [])[0])));
			}
			if (method === 'search_count') return reply(null, searchCount(state.records[model] ?? [], args ?? []));
			reply({
				faultCode: FAULT_APPLICATION_ERROR,
				faultString: traceback(
					[frame('api.py', 466, 'call_kw', 'method = getattr(model, name, None)')],
					`AttributeError: The method '${model}.${method}' does not exist`,
				),
			});
		},
	};
}

/** One xmlrpc.Server per Odoo service; the front server routes by path as Odoo's router does. */
function serviceServer(
	service: 'common' | 'object',
	handlers: Record<string, Handler>,
	calls: OdooCall[],
): xmlrpc.Server {
	const server = xmlrpc.createServer({ host: '127.0.0.1', port: 0 });
	for (const [method, handle] of Object.entries(handlers)) {
		server.on(method, (_error: unknown, params: unknown[], reply: Reply) => {
			calls.push({ service, method, params });
			handle(params, reply);
		});
	}
	server.on('NotFound', (method: string, params: unknown[]) => calls.push({ service, method, params }));
	return server;
}

function closeHttp(server: http.Server): Promise<void> {
	return new Promise((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
}

export async function startOdooStandIn(options: OdooStandInOptions = {}): Promise<OdooStandIn> {
	const state: Required<OdooStandInOptions> = {
		db: options.db ?? 'hermes',
		login: options.login ?? 'admin',
		password: options.password ?? 'admin-password',
		apiKeys: options.apiKeys ?? [],
		uid: options.uid ?? 2,
		serverVersion: options.serverVersion ?? '17.0',
		schema: options.schema ?? defaultOdooSchema(),
		records: options.records ?? { 'hr.employee': [1] },
		denied: options.denied ?? {},
		checkAccessRights: options.checkAccessRights ?? true,
	};
	const calls: OdooCall[] = [];
	const services = {
		'/xmlrpc/2/common': serviceServer('common', commonHandlers(state), calls),
		'/xmlrpc/2/object': serviceServer('object', objectHandlers(state), calls),
	};
	const front = http.createServer((request, response) => {
		const target = services[(request.url ?? '').split('?')[0] as keyof typeof services];
		if (request.method === 'POST' && target) {
			target.httpServer.emit('request', request, response);
			return;
		}
		response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
		response.end('<!doctype html><title>404: Not Found</title>');
	});
	await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
	const port = (front.address() as AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		state,
		calls,
		async stop() {
			await closeHttp(front);
			await Promise.all(Object.values(services).map((s) => closeHttp(s.httpServer as http.Server)));
		},
	};
}

/**
 * A fresh copy of a complete Odoo 17 schema of the models the catalogue touches (base, contacts,
 * project, crm, hr, hr_timesheet), from the same model table as the JSON-RPC stand-in, plus the
 * `id` and `display_name` every model has.
 */
export function defaultOdooSchema(): OdooSchema {
	const schema: OdooSchema = {};
	for (const [model, spec] of Object.entries(MODELS)) {
		schema[model] = {
			id: { type: 'integer', string: 'ID', readonly: true },
			display_name: { type: 'char', string: 'Display Name', readonly: true },
		};
		for (const [name, field] of Object.entries(spec.fields)) {
			const { type, string, relation, required, readonly, selection } = field;
			schema[model][name] = JSON.parse(JSON.stringify({ type, string, relation, required, readonly, selection }));
		}
	}
	return schema;
}
