/**
 * Odoo stand-in for tests and the demo. No Odoo can run here (it needs PostgreSQL and a Python
 * stack this machine does not have), so this HTTP server on 127.0.0.1 speaks Odoo's real wire
 * protocols - JSON-RPC `/jsonrpc`, JSON-2 `/json/2/<model>/<method>` and XML-RPC `/xmlrpc/2/*` -
 * over an in-memory store of the models the catalogue uses, and logs every call so a test can
 * assert which Odoo node ran (model + method).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Deserializer from 'xmlrpc/lib/deserializer';
import { serializeFault, serializeMethodResponse } from 'xmlrpc/lib/serializer';
import { OdooError } from './errors';
import { dispatchService, handleJson2, handleJsonRpc, SERVER_VERSION, type JsonAnswer } from './protocols';
import { OdooSession, type OdooCallRecord, type OdooLogin } from './session';
import { OdooStore } from './store';

export type { OdooCallRecord } from './session';
export { OdooStore } from './store';

export interface OdooStandIn {
	url: string;
	port: number;
	login: OdooLogin;
	store: OdooStore;
	/** Every call received, in order. */
	calls: OdooCallRecord[];
	/** Object calls (model methods) received since `mark` (an index into `calls`). */
	objectCallsSince(mark: number): OdooCallRecord[];
	/** Data for an n8n `odooApi` credential (JSON-RPC, username + password). */
	odooApiCredential: { url: string; username: string; password: string; db: string };
	/** Data for an n8n `odooApiKeyApi` credential (JSON-2, bearer key). */
	odooApiKeyCredential: { url: string; db: string; apiKey: string };
	stop(): Promise<void>;
}

const MAX_BODY = 5 * 1024 * 1024;

const NOT_FOUND_PAGE =
	'<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n<p>The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.</p>\n';
const NO_DATABASE_PAGE =
	'<!DOCTYPE html>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n<p>No database is selected and the requested URL was not found in the server-wide controllers.</p>\n';

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY) reject(new Error('request body too large'));
			else chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function sendJson(res: ServerResponse, answer: JsonAnswer): void {
	res.writeHead(answer.status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify(answer.body));
}

function handleXmlRpc(session: OdooSession, service: string, req: IncomingMessage, res: ServerResponse): void {
	new Deserializer().deserializeMethodCall(req, (error, methodName, params) => {
		let xml: string;
		if (error) {
			xml = serializeFault({ faultCode: 1, faultString: `Malformed XML-RPC request: ${error.message}` });
		} else {
			try {
				xml = serializeMethodResponse(dispatchService(session, 'xmlrpc', service, methodName, params));
			} catch (e) {
				const odooError = e instanceof OdooError ? e : new OdooError('builtins.Exception', String(e), 500);
				// Odoo's XML-RPC faults: 3 for access denied, 1 for application errors.
				const faultCode = odooError.odooName === 'odoo.exceptions.AccessDenied' ? 3 : 1;
				xml = serializeFault({ faultCode, faultString: `${odooError.odooName}: ${odooError.message}` });
			}
		}
		res.writeHead(200, { 'Content-Type': 'text/xml' });
		res.end(xml);
	});
}

async function route(session: OdooSession, req: IncomingMessage, res: ServerResponse): Promise<void> {
	const path = (req.url ?? '/').split('?')[0];
	// Odoo's unauthenticated version route, which JSON-2 clients read (it answers before any login).
	if (req.method === 'GET' && path === '/web/version') {
		sendJson(res, { status: 200, body: { version_info: SERVER_VERSION.server_version_info, version: SERVER_VERSION.server_version } });
		return;
	}
	if (req.method !== 'POST') {
		res.writeHead(405, { Allow: 'POST' }).end();
		return;
	}
	const xmlrpc = /^\/xmlrpc\/2\/(common|object|db)$/.exec(path);
	if (xmlrpc) {
		handleXmlRpc(session, xmlrpc[1], req, res);
		return;
	}
	const raw = await readBody(req);
	let body: unknown;
	try {
		body = raw ? JSON.parse(raw) : {};
	} catch {
		sendJson(res, { status: 400, body: { name: 'werkzeug.exceptions.BadRequest', message: 'Invalid JSON data' } });
		return;
	}
	if (path === '/jsonrpc') {
		sendJson(res, handleJsonRpc(session, body));
		return;
	}
	const json2 = /^\/json\/2\/([a-z0-9_.]+)\/([a-z0-9_]+)$/i.exec(path);
	if (json2) {
		const database = req.headers['x-odoo-database'];
		if (typeof database === 'string' && database !== session.login.db) {
			// Odoo routes /json/2 only inside a database: for one it does not serve, werkzeug's HTML 404.
			res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
			res.end(NO_DATABASE_PAGE);
			return;
		}
		sendJson(
			res,
			handleJson2(session, json2[1], json2[2], { authorization: req.headers.authorization, database: typeof database === 'string' ? database : undefined }, body),
		);
		return;
	}
	// A route Odoo does not have: werkzeug's HTML page, as an Odoo before 19 answers /json/2.
	res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
	res.end(NOT_FOUND_PAGE);
}

/** `store` replaces the default seed, e.g. with the records a recorded database held. */
export async function startOdooStandIn(options: { port?: number; login?: Partial<OdooLogin>; store?: OdooStore } = {}): Promise<OdooStandIn> {
	const login: OdooLogin = {
		db: 'hermes',
		username: 'admin',
		password: `pw-${randomBytes(6).toString('hex')}`,
		apiKey: randomBytes(20).toString('hex'),
		uid: 2,
		...options.login,
	};
	const store = options.store ?? new OdooStore();
	const session = new OdooSession(store, login);
	const server: Server = createServer((req, res) => {
		route(session, req, res).catch((error: unknown) => {
			if (!res.headersSent) sendJson(res, { status: 500, body: { name: 'builtins.Exception', message: String(error) } });
			else res.end();
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
	});
	const port = (server.address() as AddressInfo).port;
	const url = `http://127.0.0.1:${port}`;
	return {
		url,
		port,
		login,
		store,
		calls: session.calls,
		objectCallsSince: (mark) => session.calls.slice(mark).filter((c) => c.service === 'object'),
		odooApiCredential: { url, username: login.username, password: login.password, db: login.db },
		odooApiKeyCredential: { url, db: login.db, apiKey: login.apiKey },
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
