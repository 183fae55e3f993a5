/**
 * The Odoo stand-in answers as a real Odoo 18.0 did to 55 single JSON-RPC requests
 * (test/fixtures/odoo-18/probes-jsonrpc.jsonl): value conversion and refusal, constraints, dates,
 * clearing, unknown models and methods, the keyword forms Odoo refuses. Each probe is replayed in
 * order on a database seeded like the probed one (same ids), and a write is read back as it was.
 *
 * Not in the recordings, and needed by the node: `execute_kw` with create's list and write's
 * values by position on project.project and account.analytic.line (n8n's transcript sends them by
 * position through `execute`, which binds the same way). The stand-in binds positions as Python
 * does, whatever the parameter's name.
 *
 * Real: the recorded answers of a real Odoo 18.0. Stand-in: the Odoo server (test/harness/odoo).
 */
import { OdooStore, startOdooStandIn, type OdooStandIn } from '../../../harness/odoo';
import { MODELS } from '../../../harness/odoo/models';
import { firstLineOfMessage, readProbes, replaySummary, withoutAllowed, type AllowedDifference, type ProbeOutcome } from './recordedProbes';

const PROBES = readProbes('odoo-18/probes-jsonrpc.jsonl');

// The probed database, as its answers show it: the ids are the recorded ones.
const PROJECT = 2;
const TASK = 3;
const LEAD = 1;
const PARTNER = 8;
const LINE = 3;
const LINE_2 = 4;
const SEED: Array<[string, Record<string, unknown>]> = [
	['res.users', { id: 1, name: 'OdooBot', login: '__system__' }],
	['res.users', { id: 2, name: 'Administrator', login: 'admin' }],
	['res.partner', { id: 1, name: 'My Company', is_company: true }],
	['res.partner', { id: 3, name: 'Administrator' }],
	['res.partner', { id: PARTNER, name: 'Probe C' }],
	['project.project', { id: 1, name: 'Internal' }],
	['project.project', { id: PROJECT, name: 'Probe P' }],
	['project.task', { id: TASK, name: 'Probe T', project_id: PROJECT }],
	['crm.stage', { id: 1, name: 'New', sequence: 1 }],
	['crm.lead', { id: LEAD, name: 'Probe L', type: 'opportunity', stage_id: 1, user_id: 2 }],
	['hr.employee', { id: 1, name: 'Administrator', user_id: 2 }],
	['account.analytic.line', { id: LINE, name: 'Probe A', unit_amount: 1, project_id: PROJECT, employee_id: 1 }],
	['account.analytic.line', { id: LINE_2, name: 'Probe A2', unit_amount: 1, project_id: PROJECT, employee_id: 1 }],
];

type Request = { service: 'common'; method: 'login'; args: unknown[] } | { model: string; method: string; args: unknown[]; kwargs?: Record<string, unknown>; password?: string };
interface Probe {
	request: Request;
	/** The record and field read back after the request, as the recording did. */
	readBack?: [string, number, string];
}

const write = (model: string, id: number, vals: Record<string, unknown>, readBack = true): Probe => ({
	request: { model, method: 'write', args: [[id], vals] },
	...(readBack ? { readBack: [model, id, Object.keys(vals)[0]] as [string, number, string] } : {}),
});
const call = (model: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}): Probe => ({ request: { model, method, args, kwargs } });

/** The request behind each recorded label, rebuilt from what the label names. */
const REQUESTS: Record<string, Probe> = {
	'login wrong password': { request: { service: 'common', method: 'login', args: ['hermes', 'admin', 'wrong'] } },
	'login unknown database': { request: { service: 'common', method: 'login', args: ['nope_db', 'admin', 'admin'] } },
	'execute_kw with a wrong password': { request: { model: 'project.task', method: 'read', args: [[TASK]], kwargs: { fields: ['name'] }, password: 'wrong' } },
	'read project.task 999999': call('project.task', 'read', [[999999]], { fields: ['name'] }),
	'write project.task 999999': write('project.task', 999999, { name: 'ghost' }, false),
	'unlink project.task 999999': call('project.task', 'unlink', [[999999]]),
	'write crm.lead probability "55.5" (text)': write('crm.lead', LEAD, { probability: '55.5' }, false),
	'write crm.lead probability 55.5 (number)': write('crm.lead', LEAD, { probability: 55.5 }),
	'write crm.lead probability "" (empty text)': write('crm.lead', LEAD, { probability: '' }),
	'write crm.lead probability false': write('crm.lead', LEAD, { probability: false }),
	'write crm.lead expected_revenue "lots"': write('crm.lead', LEAD, { expected_revenue: 'lots' }, false),
	'write crm.lead expected_revenue "20000" (text)': write('crm.lead', LEAD, { expected_revenue: '20000' }),
	'write crm.lead expected_revenue -5': write('crm.lead', LEAD, { expected_revenue: -5 }),
	'write crm.lead probability 150': write('crm.lead', LEAD, { probability: 150 }),
	'write project.task date_deadline "31/12/2026"': write('project.task', TASK, { date_deadline: '31/12/2026' }, false),
	'write project.task date_deadline "2026-02-30"': write('project.task', TASK, { date_deadline: '2026-02-30' }, false),
	'write project.task date_deadline "2027-01-21T15:30:00"': write('project.task', TASK, { date_deadline: '2027-01-21T15:30:00' }),
	'write project.task date_deadline "2027-01-21 15:30"': write('project.task', TASK, { date_deadline: '2027-01-21 15:30' }),
	'write project.task date_deadline "2027-01-22"': write('project.task', TASK, { date_deadline: '2027-01-22' }),
	'write project.task date_deadline "" (empty)': write('project.task', TASK, { date_deadline: '' }),
	'write crm.lead date_deadline "2027-01-15 10:00:00" (datetime on a date)': write('crm.lead', LEAD, { date_deadline: '2027-01-15 10:00:00' }),
	'write crm.lead date_deadline "next friday"': write('crm.lead', LEAD, { date_deadline: 'next friday' }, false),
	'write project.task refused_field_stage_id': write('project.task', TASK, { refused_field_stage_id: 1 }, false),
	'search_read account.analytic.line date >= "last monday"': call('account.analytic.line', 'search_read', [[['date', '>=', 'last monday']]], { fields: ['id'] }),
	'search_read account.analytic.line date >= "2026-13-01"': call('account.analytic.line', 'search_read', [[['date', '>=', '2026-13-01']]], { fields: ['id'] }),
	'create account.analytic.line employee 999999': call('account.analytic.line', 'create', [[{ name: 'x', project_id: PROJECT, employee_id: 999999 }]]),
	'create account.analytic.line project 999999': call('account.analytic.line', 'create', [[{ name: 'x', project_id: 999999, employee_id: 1 }]]),
	'create project.task project 999999': call('project.task', 'create', [[{ name: 'x', project_id: 999999 }]]),
	'write project.task stage_id 999999': write('project.task', TASK, { stage_id: 999999 }, false),
	'write crm.lead stage_id 999': write('crm.lead', LEAD, { stage_id: 999 }, false),
	'write crm.lead user_id "2" (text id)': write('crm.lead', LEAD, { user_id: '2' }),
	'write account.analytic.line unit_amount "3.5" (text)': write('account.analytic.line', LINE, { unit_amount: '3.5' }),
	'write account.analytic.line unit_amount "two"': write('account.analytic.line', LINE, { unit_amount: 'two' }, false),
	'write account.analytic.line date "2026-13-01"': write('account.analytic.line', LINE, { date: '2026-13-01' }, false),
	'write account.analytic.line task_id 0': write('account.analytic.line', LINE, { task_id: 0 }),
	'write res.partner website "ada-trial.example"': write('res.partner', PARTNER, { website: 'ada-trial.example' }),
	'write res.partner is_company "false" (text)': write('res.partner', PARTNER, { is_company: 'false' }),
	'write project.project active "false" (text)': write('project.project', PROJECT, { active: 'false' }),
	'write project.project active true': write('project.project', PROJECT, { active: true }),
	'write project.project description "plain"': write('project.project', PROJECT, { description: 'plain' }),
	'create project.project vals_list kwargs': call('project.project', 'create', [], { vals_list: [{ name: 'Probe kw' }] }),
	'search_read unknown model x.nomodel': call('x.nomodel', 'search_read', [[]], { fields: ['id'] }),
	'project.task no_such_method': call('project.task', 'no_such_method', []),
	'project.task _private_method': call('project.task', '_compute_display_name', []),
	'read project.task field x_no_field': call('project.task', 'read', [[TASK]], { fields: ['x_no_field'] }),
	'search_read project.task limit 0': call('project.task', 'search_read', [[]], { fields: ['id'], limit: 0 }),
	'search_read res.partner name ilike "PROBE c"': call('res.partner', 'search_read', [[['name', 'ilike', 'PROBE c']]], { fields: ['name'] }),
	'search_read project.task.type project_ids in [P] (no stages)': call('project.task.type', 'search_read', [[['project_ids', 'in', [PROJECT]]]], { fields: ['id'] }),
	'search_read project.task.type project_ids in P (scalar)': call('project.task.type', 'search_read', [[['project_ids', 'in', PROJECT]]], { fields: ['id'] }),
	'unlink account.analytic.line A2': call('account.analytic.line', 'unlink', [[LINE_2]]),
	'unlink account.analytic.line A2 again': call('account.analytic.line', 'unlink', [[LINE_2]]),
	'check_access_rights crm.lead write': call('crm.lead', 'check_access_rights', ['write'], { raise_exception: false }),
	'fields_get crm.lead probability/expected_revenue/date_deadline': call('crm.lead', 'fields_get', [['probability', 'expected_revenue', 'date_deadline']], { attributes: ['type'] }),
	'fields_get project.task date_deadline': call('project.task', 'fields_get', [['date_deadline']], { attributes: ['type'] }),
	'write crm.lead partner_name 123 (number to char)': write('crm.lead', LEAD, { partner_name: 123 }),
};

const errorOf = (answer: Record<string, unknown>) => answer.error as Record<string, unknown> | undefined;

const ALLOWED: AllowedDifference[] = [
	{
		reason: 'the recorder kept the first line of each message; Odoo goes on with the record and user (MissingError) or the SQL (PostgreSQL)',
		applies: () => true,
		normalise: (answer) => firstLineOfMessage(answer, errorOf),
	},
	{
		reason: "psycopg2 names the PostgreSQL server it tried: the recorded Odoo's ran on another port",
		applies: (label) => label === 'login unknown database',
		normalise: (answer) => {
			const error = errorOf(answer);
			if (error) error.message = String(error.message).replace(/port \d+ failed/, 'port <port> failed');
			return answer;
		},
	},
];

let odoo: OdooStandIn;
const outcomes: ProbeOutcome[] = [];

beforeAll(async () => {
	odoo = await startOdooStandIn({ store: new OdooStore(MODELS, SEED), login: { db: 'hermes', username: 'admin', password: 'admin', uid: 2 } });
});
afterAll(async () => {
	await odoo?.stop();
	process.stdout.write(`${replaySummary('Odoo 18 JSON-RPC probes', outcomes, ALLOWED)}\n`);
});

async function rpc(service: string, method: string, args: unknown[]): Promise<Record<string, unknown>> {
	const response = await fetch(`${odoo.url}/jsonrpc`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { service, method, args } }),
		signal: AbortSignal.timeout(5_000),
	});
	const body = (await response.json()) as { result?: unknown; error?: { data: { name: string; message: string } } };
	return body.error ? { error: { name: body.error.data.name, message: body.error.data.message } } : { result: body.result };
}

async function send(request: Request): Promise<Record<string, unknown>> {
	if ('service' in request) return await rpc('common', 'login', request.args);
	return await rpc('object', 'execute_kw', ['hermes', 2, request.password ?? 'admin', request.model, request.method, request.args, request.kwargs ?? {}]);
}

it('has a request for every recorded probe', () => {
	expect(PROBES.map((p) => p.label).filter((label) => !(label in REQUESTS))).toEqual([]);
});

// One test, in order: each probe sees the database as the probes before it left it.
it(`answers all ${PROBES.length} recorded probes as the real Odoo 18 did`, async () => {
	for (const { label, real } of PROBES) {
		const probe = REQUESTS[label];
		const answer = await send(probe.request);
		if (probe.readBack) {
			const [model, id, field] = probe.readBack;
			const [record] = (await send({ model, method: 'read', args: [[id]], kwargs: { fields: [field] } })).result as Array<Record<string, unknown>>;
			const value = record[field];
			// The recorder read a many2one back as its id.
			answer.readBack = Array.isArray(value) && typeof value[0] === 'number' ? value[0] : value;
		}
		const compared = withoutAllowed(label, real, answer, ALLOWED);
		outcomes.push({ label, allowed: compared.used });
		expect({ label, answer: compared.stand }).toEqual({ label, answer: compared.real });
	}
	for (const difference of ALLOWED) {
		expect({ difference: difference.reason, used: outcomes.some((o) => o.allowed.includes(difference.reason)) }).toEqual({ difference: difference.reason, used: true });
	}
});
