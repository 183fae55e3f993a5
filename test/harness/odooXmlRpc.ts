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

export interface OdooFieldDescription {
	type: string;
	string: string;
	relation?: string;
	required?: boolean;
	readonly?: boolean;
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
 * Compact field list: `name:type:Label[:relation]`. The fields are real Odoo 17 fields of these
 * models (a subset: the ones a tool could use plus neighbours), with their Odoo 17 types.
 */
const ODOO_17_FIELDS: Record<string, string[]> = {
	'res.partner': [
		'id:integer:ID', 'name:char:Name', 'display_name:char:Display Name', 'email:char:Email',
		'phone:char:Phone', 'mobile:char:Mobile', 'street:char:Street', 'street2:char:Street2',
		'zip:char:Zip', 'city:char:City', 'state_id:many2one:State:res.country.state',
		'country_id:many2one:Country:res.country', 'is_company:boolean:Is a Company',
		'company_type:selection:Company Type', 'parent_id:many2one:Related Company:res.partner',
		'function:char:Job Position', 'website:char:Website Link', 'vat:char:Tax ID',
		'comment:html:Notes', 'active:boolean:Active', 'lang:selection:Language',
		'category_id:many2many:Tags:res.partner.category', 'user_id:many2one:Salesperson:res.users',
		'ref:char:Reference', 'type:selection:Address Type', 'company_name:char:Company Name',
	],
	'project.project': [
		'id:integer:ID', 'name:char:Name', 'display_name:char:Display Name', 'description:html:Description',
		'active:boolean:Active', 'partner_id:many2one:Customer:res.partner',
		'user_id:many2one:Project Manager:res.users', 'company_id:many2one:Company:res.company',
		'sequence:integer:Sequence', 'color:integer:Color Index', 'date_start:date:Start Date',
		'date:date:Expiration Date', 'task_count:integer:Task Count',
		'tag_ids:many2many:Tags:project.tags', 'type_ids:many2many:Tasks Stages:project.task.type',
		'label_tasks:char:Use Tasks as', 'privacy_visibility:selection:Visibility',
		'stage_id:many2one:Stage:project.project.stage', 'is_favorite:boolean:Show Project on Dashboard',
		'analytic_account_id:many2one:Analytic Account:account.analytic.account',
		'allow_timesheets:boolean:Timesheets', 'create_date:datetime:Created on',
		'write_date:datetime:Last Updated on',
	],
	'project.task.type': [
		'id:integer:ID', 'name:char:Name', 'display_name:char:Display Name', 'sequence:integer:Sequence',
		'fold:boolean:Folded in Kanban', 'active:boolean:Active',
		'project_ids:many2many:Projects:project.project', 'user_id:many2one:Stage Owner:res.users',
	],
	'project.task': [
		'id:integer:ID', 'name:char:Title', 'display_name:char:Display Name', 'description:html:Description',
		'project_id:many2one:Project:project.project', 'stage_id:many2one:Stage:project.task.type',
		'user_ids:many2many:Assignees:res.users', 'partner_id:many2one:Customer:res.partner',
		'date_deadline:datetime:Deadline', 'priority:selection:Priority', 'tag_ids:many2many:Tags:project.tags',
		'parent_id:many2one:Parent Task:project.task', 'child_ids:one2many:Sub-tasks:project.task',
		'active:boolean:Active', 'sequence:integer:Sequence', 'state:selection:Status',
		'date_assign:datetime:Assigning Date', 'date_end:datetime:Ending Date',
		'allocated_hours:float:Allocated Time', 'company_id:many2one:Company:res.company',
		'create_date:datetime:Created on', 'write_date:datetime:Last Updated on',
		'effective_hours:float:Time Spent', 'remaining_hours:float:Remaining Hours',
		'timesheet_ids:one2many:Timesheets:account.analytic.line',
	],
	'crm.stage': [
		'id:integer:ID', 'name:char:Stage Name', 'display_name:char:Display Name', 'sequence:integer:Sequence',
		'is_won:boolean:Is Won Stage?', 'fold:boolean:Folded in Pipeline', 'team_id:many2one:Sales Team:crm.team',
		'requirements:text:Requirements',
	],
	'crm.lead': [
		'id:integer:ID', 'name:char:Opportunity', 'display_name:char:Display Name',
		'partner_id:many2one:Customer:res.partner', 'contact_name:char:Contact Name',
		'partner_name:char:Company Name', 'email_from:char:Email', 'phone:char:Phone', 'mobile:char:Mobile',
		'expected_revenue:monetary:Expected Revenue', 'probability:float:Probability',
		'stage_id:many2one:Stage:crm.stage', 'user_id:many2one:Salesperson:res.users',
		'team_id:many2one:Sales Team:crm.team', 'type:selection:Type', 'description:html:Notes',
		'date_deadline:date:Expected Closing', 'priority:selection:Priority', 'tag_ids:many2many:Tags:crm.tag',
		'active:boolean:Active', 'company_id:many2one:Company:res.company', 'date_closed:datetime:Closed Date',
		'lost_reason_id:many2one:Lost Reason:crm.lost.reason', 'create_date:datetime:Created on',
		'write_date:datetime:Last Updated on',
	],
	'account.analytic.line': [
		'id:integer:ID', 'name:char:Description', 'display_name:char:Display Name', 'date:date:Date',
		'unit_amount:float:Quantity', 'amount:monetary:Amount',
		'account_id:many2one:Analytic Account:account.analytic.account',
		'partner_id:many2one:Partner:res.partner', 'user_id:many2one:User:res.users',
		'company_id:many2one:Company:res.company', 'project_id:many2one:Project:project.project',
		'task_id:many2one:Task:project.task', 'employee_id:many2one:Employee:hr.employee',
		'department_id:many2one:Department:hr.department', 'create_date:datetime:Created on',
	],
	'hr.employee': [
		'id:integer:ID', 'name:char:Employee Name', 'display_name:char:Display Name',
		'user_id:many2one:User:res.users', 'work_email:char:Work Email', 'job_title:char:Job Title',
		'department_id:many2one:Department:hr.department', 'active:boolean:Active',
	],
};

/** A fresh copy of a complete Odoo 17 schema (base, contacts, project, crm, hr, hr_timesheet). */
export function defaultOdooSchema(): OdooSchema {
	const schema: OdooSchema = {};
	for (const [model, fields] of Object.entries(ODOO_17_FIELDS)) {
		schema[model] = {};
		for (const entry of fields) {
			const [name, type, label, relation] = entry.split(':');
			schema[model][name] = relation ? { type, string: label, relation } : { type, string: label };
		}
	}
	return schema;
}
