/**
 * The Odoo stand-in's JSON-2 front end answers as a real Odoo 19.0 did to 28 single requests
 * (test/fixtures/odoo-19/probes-json2.jsonl): status codes, werkzeug's and Odoo's error names and
 * messages, the HTML 404 of an unknown database, argument binding by name, and Odoo 19's own
 * wording where it differs from 18. Each probe is replayed in order on a database seeded like the
 * probed one (same ids).
 *
 * Not in the recording, and needed by the node: a JSON-2 write of project.project and of
 * account.analytic.line. The stand-in binds `vals` there as on every model, as Odoo 19's source
 * has it (its overrides were renamed from Odoo 18's `values`); the e2e writes both over JSON-2.
 *
 * Real: the recorded answers of a real Odoo 19.0. Stand-in: the Odoo server (test/harness/odoo).
 */
import { OdooStore, startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';
import { MODELS } from '../../../harness/odoo/models';
import { firstLineOfMessage, readProbes, replaySummary, withoutAllowed, type AllowedDifference, type ProbeOutcome } from './recordedProbes';

const PROBES = readProbes('odoo-19/probes-json2.jsonl');

const PROJECT = 2;
const TASK = 5;
const LEAD = 1;
const SEED: Array<[string, Record<string, unknown>]> = [
	['res.users', { id: 1, name: 'OdooBot', login: '__system__' }],
	['res.users', { id: 2, name: 'Administrator', login: 'admin' }],
	['res.partner', { id: 3, name: 'Administrator' }],
	['project.project', { id: 1, name: 'Internal' }],
	['project.project', { id: PROJECT, name: 'Probe2 P' }],
	['project.task', { id: 1, name: 'Welcome Administrator!' }],
	['project.task', { id: 2, name: 'Training', project_id: 1 }],
	['project.task', { id: 3, name: 'Meeting', project_id: 1 }],
	['project.task', { id: TASK, name: 'Probe2 T', project_id: PROJECT }],
	['crm.stage', { id: 1, name: 'New', sequence: 1 }],
	['crm.lead', { id: LEAD, name: 'Probe2 L', type: 'opportunity', stage_id: 1 }],
	['hr.employee', { id: 1, name: 'Administrator', user_id: 2 }],
];

interface Request {
	path: string;
	body?: unknown;
	/** `undefined`: the right key; `null`: no Authorization header. */
	key?: string | null;
	database?: string;
}

const post = (model: string, method: string, body: unknown, extra: Partial<Request> = {}): Request => ({ path: `/json/2/${model}/${method}`, body, ...extra });

/** The request behind each recorded label, rebuilt from what the label names. */
const REQUESTS: Record<string, Request> = {
	'GET /web/version': { path: '/web/version' },
	'context_get (who the key belongs to)': post('res.users', 'context_get', {}),
	'wrong key': post('project.task', 'search_read', {}, { key: 'wrong' }),
	'no key': post('project.task', 'search_read', {}, { key: null }),
	'unknown database header': post('project.task', 'search_read', {}, { database: 'nope_db' }),
	'read 999999': post('project.task', 'read', { ids: [999999], fields: ['name'] }),
	'write 999999': post('project.task', 'write', { ids: [999999], vals: { name: 'ghost' } }),
	'unlink 999999': post('project.task', 'unlink', { ids: [999999] }),
	'write probability "55.5" text': post('crm.lead', 'write', { ids: [LEAD], vals: { probability: '55.5' } }),
	'write probability 55.5': post('crm.lead', 'write', { ids: [LEAD], vals: { probability: 55.5 } }),
	'write probability 150': post('crm.lead', 'write', { ids: [LEAD], vals: { probability: 150 } }),
	'write expected_revenue "lots"': post('crm.lead', 'write', { ids: [LEAD], vals: { expected_revenue: 'lots' } }),
	'write date_deadline "31/12/2026"': post('project.task', 'write', { ids: [TASK], vals: { date_deadline: '31/12/2026' } }),
	'write refused_field_x': post('project.task', 'write', { ids: [TASK], vals: { refused_field_x: 1 } }),
	'write stage_id 999999': post('project.task', 'write', { ids: [TASK], vals: { stage_id: 999999 } }),
	'create task project 999999': post('project.task', 'create', { vals_list: [{ name: 'ghost', project_id: 999999 }] }),
	'create with vals (not vals_list)': post('project.task', 'create', { vals: { name: 'Probe2 vals' } }),
	// Its id, 3, is the next project's (task 3 exists, see the last probe).
	'create with vals_list a dict': post('project.project', 'create', { vals_list: { name: 'Probe2 dict' } }),
	'search_read date >= "last monday"': post('account.analytic.line', 'search_read', { domain: [['date', '>=', 'last monday']], fields: ['id'] }),
	'unknown model': post('x.nomodel', 'search_read', {}),
	'unknown method': post('project.task', 'no_such_method', {}),
	'unknown keyword argument': post('project.task', 'search_read', { domain: [], fields: ['id'], bogus: 1 }),
	'read field x_no_field': post('project.task', 'read', { ids: [TASK], fields: ['x_no_field'] }),
	'has_access write (empty ids)': post('crm.lead', 'has_access', { operation: 'write' }),
	'check_access_rights (removed in 19?)': post('crm.lead', 'check_access_rights', { operation: 'write', raise_exception: false }),
	'fields_get crm.lead probability': post('crm.lead', 'fields_get', { allfields: ['probability'], attributes: ['type'] }),
	'fields_get project.task date_deadline': post('project.task', 'fields_get', { allfields: ['date_deadline'], attributes: ['type'] }),
	// Odoo 19 merges the body into its parameters (`params |= body`): an empty list adds none.
	'body is a list': post('project.task', 'search_read', []),
};

const errorBody = (answer: Record<string, unknown>) => (typeof answer.body === 'object' && answer.body !== null && !Array.isArray(answer.body) ? (answer.body as Record<string, unknown>) : undefined);

const ALLOWED: AllowedDifference[] = [
	{
		reason: 'the recorder kept the first line of each message; a MissingError goes on with the record and user',
		applies: () => true,
		normalise: (answer) => firstLineOfMessage(answer, errorBody),
	},
	{
		reason: 'the recorder kept the first 120 characters of a body that is not JSON',
		applies: () => true,
		normalise: (answer) => (typeof answer.body === 'string' ? { ...answer, body: answer.body.slice(0, 120) } : answer),
	},
	{
		reason: 'the answer reads every field of each task (over 100 in Odoo 19); the stand-in models those the catalogue uses, so ids and names are compared',
		applies: (label) => label === 'body is a list',
		normalise: (answer) => (Array.isArray(answer.body) ? { ...answer, body: (answer.body as Array<Record<string, unknown>>).map((r) => ({ id: r.id, name: r.name })) } : answer),
	},
];

let odoo: OdooStandIn;
const outcomes: ProbeOutcome[] = [];

beforeAll(async () => {
	odoo = await startOdooStandIn({ store: new OdooStore(MODELS, SEED) });
});
afterAll(async () => {
	await odoo?.stop();
	process.stdout.write(`${replaySummary('Odoo 19 JSON-2 probes', outcomes, ALLOWED)}\n`);
});

/** The answer as the recorder kept it: the status, and a JSON body (an error's name and message) or the text. */
async function send(request: Request): Promise<Record<string, unknown>> {
	const key = request.key === undefined ? odoo.login.apiKey : request.key;
	const response = await fetch(`${odoo.url}${request.path}`, {
		method: request.body === undefined ? 'GET' : 'POST',
		headers: {
			'Content-Type': 'application/json',
			'X-Odoo-Database': request.database ?? odoo.login.db,
			...(key === null ? {} : { Authorization: `bearer ${key}` }),
		},
		body: request.body === undefined ? undefined : JSON.stringify(request.body),
		signal: AbortSignal.timeout(5_000),
	});
	const text = await response.text();
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		return { status: response.status, body: text };
	}
	if (request.path === '/web/version') {
		// The recorder kept the types of the version, not its value.
		const version = body as { version?: unknown; version_info?: unknown };
		body = { version: typeof version.version, version_info: Array.isArray(version.version_info) };
	} else if (response.status !== 200) {
		const error = body as { name?: unknown; message?: unknown };
		body = { name: error.name, message: error.message };
	}
	return { status: response.status, body };
}

it('has a request for every recorded probe', () => {
	expect(PROBES.map((p) => p.label).filter((label) => !(label in REQUESTS))).toEqual([]);
});

it(`answers all ${PROBES.length} recorded probes as the real Odoo 19 did`, async () => {
	for (const { label, real } of PROBES) {
		const compared = withoutAllowed(label, real, await send(REQUESTS[label]), ALLOWED);
		outcomes.push({ label, allowed: compared.used });
		expect({ label, answer: compared.stand }).toEqual({ label, answer: compared.real });
	}
	for (const difference of ALLOWED) {
		expect({ difference: difference.reason, used: outcomes.some((o) => o.allowed.includes(difference.reason)) }).toEqual({ difference: difference.reason, used: true });
	}
});
