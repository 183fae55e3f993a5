/**
 * Compares what the catalogue needs from Odoo with what a live Odoo declares (`fields_get`) and
 * lets the user do (access rights), over JSON-RPC or JSON-2.
 */
import { moduleAddingField, moduleForModel } from './modules';
import type { OdooAccessMode, OdooRequirements } from './requirements';
import { modelsOf } from './requirements';
import { ACCESS_ERROR, classifyFault, faultSummary, OdooFault, type OdooLogin, type OdooProtocol, OdooRpcClient, settle } from './rpcClient';

export type { OdooLogin } from './rpcClient';

export type OdooProblemKind =
	| 'missing-model'
	| 'missing-field'
	| 'wrong-type'
	| 'wrong-relation'
	| 'no-access'
	| 'missing-record'
	| 'refused-request';

export interface OdooProblem {
	tool: string;
	kind: OdooProblemKind;
	model: string;
	field?: string;
	expected?: readonly string[];
	actual?: string;
	/** For `no-access`: the right the user lacks. */
	right?: OdooAccessMode;
	/** The Odoo module that provides the missing model or field. */
	module?: string;
	message: string;
	/** What to change, where the report knows it. */
	fix?: string;
}

export interface OdooCheckReport {
	ok: boolean;
	url: string;
	db: string;
	protocol: OdooProtocol;
	/** The JSON-RPC login; JSON-2 has none (the API key names the user). */
	login?: string;
	uid?: number;
	serverVersion?: string;
	models: Array<{ model: string; present: boolean; fields?: number }>;
	tools: Array<{ tool: string; ok: boolean }>;
	problems: OdooProblem[];
	missingModules: string[];
	/** What could not be checked on this Odoo, and why. */
	notes: string[];
}

type FieldsGet = Record<string, { type?: string; relation?: string; string?: string }>;
type ModelAnswer =
	| { present: true; fields: FieldsGet }
	| { present: false; reason: 'missing' }
	| { present: false; reason: 'no-access'; detail: string };

/** JSON-RPC answers `Object x doesn't exist` (a UserError); JSON-2 a NotFound `the model 'x' does not exist`. */
const MISSING_MODEL = /Object (\S+) doesn't exist|NotFound: the model '([^']+)' does not exist/;

function missingModelOf(fault: OdooFault): string | undefined {
	const match = MISSING_MODEL.exec(`${fault.odooName.split('.').pop()}: ${fault.message}`);
	return match ? (match[1] ?? match[2]) : undefined;
}

/** Odoo's own reason for an AccessError: its first line ("You are not allowed to ..."). */
const accessReason = (fault: OdooFault) => fault.message.split('\n')[0].trim();

async function readModel(client: OdooRpcClient, db: string, model: string): Promise<ModelAnswer> {
	const answer = await settle(client.execute(model, 'fields_get', { attributes: ['type', 'relation', 'string'] }));
	if (answer.ok) return { present: true, fields: (answer.value ?? {}) as FieldsGet };
	const error = answer.error;
	if (!(error instanceof OdooFault)) throw error;
	if (missingModelOf(error) === model) return { present: false, reason: 'missing' };
	if (error.odooName === ACCESS_ERROR) return { present: false, reason: 'no-access', detail: accessReason(error) };
	throw classifyFault(error, db);
}

const lacksRight = (right: OdooAccessMode, model: string, detail?: string) =>
	`the user lacks the right ${right} on model ${model}${detail ? ` (Odoo: ${detail})` : ''}`;
const ACCESS_FIX = "give the user a group with that right in Odoo (Settings > Users), or check with another user";

function unreadableModel(requirements: OdooRequirements, model: string, answer: Exclude<ModelAnswer, { present: true }>): OdooProblem[] {
	const tools = new Set([...requirements.models, ...requirements.fields].filter((r) => r.model === model).map((r) => r.tool));
	return [...tools].map((tool) => {
		if (answer.reason === 'no-access') {
			return { tool, kind: 'no-access', model, right: 'read', message: lacksRight('read', model, answer.detail), fix: ACCESS_FIX };
		}
		const module = moduleForModel(model);
		return { tool, kind: 'missing-model', model, module, message: `model ${model} does not exist${module ? ` (module ${module} not installed?)` : ''}` };
	});
}

function fieldProblems(requirements: OdooRequirements, model: string, fields: FieldsGet): OdooProblem[] {
	const problems: OdooProblem[] = [];
	for (const need of requirements.fields.filter((r) => r.model === model)) {
		const field = fields[need.field];
		const where = `${model}.${need.field}`;
		if (!field) {
			const module = moduleAddingField(model, need.field);
			problems.push({
				tool: need.tool,
				kind: 'missing-field',
				model,
				field: need.field,
				expected: need.types,
				module,
				message: `field ${where} does not exist${module ? ` (module ${module})` : ''}`,
			});
		} else if (need.types.length > 0 && !need.types.includes(String(field.type))) {
			problems.push({
				tool: need.tool,
				kind: 'wrong-type',
				model,
				field: need.field,
				expected: need.types,
				actual: String(field.type),
				message: `field ${where} is ${field.type}, expected ${need.types.join(' or ')}`,
			});
		} else if (need.relation && field.relation && field.relation !== need.relation) {
			problems.push({
				tool: need.tool,
				kind: 'wrong-relation',
				model,
				field: need.field,
				expected: [need.relation],
				actual: field.relation,
				message: `field ${where} points to ${field.relation}, expected ${need.relation}`,
			});
		}
	}
	return problems;
}

/**
 * Whether the user has each right the tools use (`fields_get` answers whatever the rights):
 * `check_access_rights(operation, raise_exception=False)` over JSON-RPC (Odoo 14-18), and
 * `has_access(operation)` on an empty record set over JSON-2 (Odoo 18 replaced the former with
 * it). Returns a note instead when this Odoo has no such method.
 */
async function accessProblems(
	client: OdooRpcClient,
	requirements: OdooRequirements,
	present: Set<string>,
): Promise<{ problems: OdooProblem[]; notes: string[] }> {
	const problems: OdooProblem[] = [];
	const answers = new Map<string, boolean>();
	for (const need of (requirements.access ?? []).filter((a) => present.has(a.model))) {
		const key = `${need.model} ${need.mode}`;
		if (!answers.has(key)) {
			const answer = await settle(
				client.protocol === 'json2'
					? client.execute(need.model, 'has_access', { operation: need.mode }, [])
					: client.execute(need.model, 'check_access_rights', { operation: need.mode, raise_exception: false }),
			);
			if (!answer.ok && !(answer.error instanceof OdooFault)) throw answer.error;
			if (!answer.ok) {
				return { problems: [], notes: [`access rights not checked: ${faultSummary(answer.error as OdooFault)}`] };
			}
			answers.set(key, answer.value === true);
		}
		if (!answers.get(key)) {
			problems.push({ tool: need.tool, kind: 'no-access', model: need.model, right: need.mode, message: lacksRight(need.mode, need.model), fix: ACCESS_FIX });
		}
	}
	return { problems, notes: [] };
}

/** An id no record has: Odoo's ids are PostgreSQL integers, and this is the largest. */
const NO_RECORD = 2147483647;

/** The answers that say Odoo took the shape of the request and only then refused it, as the probe meant. */
const SHAPE_ACCEPTED = new Set(['odoo.exceptions.MissingError']);
/** The answers that say Odoo refused the shape itself: the values passed in a way the method does not take. */
const SHAPE_REFUSED = /^(builtins\.(TypeError|IndexError)|werkzeug\.exceptions\.(UnprocessableEntity|BadRequest))$/;

/**
 * Each create and update is sent once the way the Hermes Odoo node sends it, harmlessly: a create of an empty list (Odoo creates nothing and answers no ids)
 * and a write to a record that does not exist (Odoo answers MissingError after binding the
 * values). A shape Odoo refuses is a problem of every tool that writes that way; a right the
 * user lacks was reported above, so its probe is not sent.
 */
async function requestProblems(client: OdooRpcClient, requirements: OdooRequirements, present: Set<string>, refused: OdooProblem[]): Promise<OdooProblem[]> {
	const problems: OdooProblem[] = [];
	const lacks = (model: string, mode: OdooAccessMode) => refused.some((p) => p.kind === 'no-access' && p.model === model && p.right === mode);
	const probes = new Map<string, { model: string; mode: 'create' | 'write'; tools: string[] }>();
	for (const need of requirements.access ?? []) {
		if ((need.mode !== 'create' && need.mode !== 'write') || !present.has(need.model) || lacks(need.model, need.mode)) continue;
		const key = `${need.model} ${need.mode}`;
		const probe = probes.get(key) ?? { model: need.model, mode: need.mode, tools: [] };
		probe.tools.push(need.tool);
		probes.set(key, probe);
	}
	for (const probe of probes.values()) {
		const sent =
			probe.mode === 'create'
				? client.execute(probe.model, 'create', { vals_list: [] })
				: client.execute(probe.model, 'write', { vals: { name: 'hermes-workflows check-odoo' } }, [NO_RECORD]);
		const answer = await settle(sent);
		if (!answer.ok && !(answer.error instanceof OdooFault)) throw answer.error;
		const fault = answer.ok ? undefined : (answer.error as OdooFault);
		const fine = probe.mode === 'create' ? answer.ok : fault !== undefined && SHAPE_ACCEPTED.has(fault.odooName);
		if (fine) continue;
		const what = fault ? faultSummary(fault) : `it answered ${JSON.stringify(answer.ok ? answer.value : undefined)}`;
		const shape = fault !== undefined && SHAPE_REFUSED.test(fault.odooName);
		for (const tool of probe.tools) {
			problems.push({
				tool,
				kind: 'refused-request',
				model: probe.model,
				message: shape
					? `Odoo refuses the ${probe.mode} request the Hermes Odoo node sends on ${probe.model} (${what})`
					: `the harmless ${probe.mode} probe on ${probe.model} did not answer as Odoo does (${what})`,
				fix: 'update n8n-nodes-hermes',
			});
		}
	}
	return problems;
}

async function recordProblems(client: OdooRpcClient, db: string, requirements: OdooRequirements): Promise<OdooProblem[]> {
	const problems: OdooProblem[] = [];
	for (const need of requirements.records ?? []) {
		const answer = await settle(client.execute(need.model, 'search_count', { domain: [['id', '=', need.id]] }));
		if (answer.ok && Number(answer.value) > 0) continue;
		if (!answer.ok && !(answer.error instanceof OdooFault)) throw answer.error;
		const fault = answer.ok ? undefined : (answer.error as OdooFault);
		if (fault?.odooName === ACCESS_ERROR) {
			problems.push({ tool: need.tool, kind: 'no-access', model: need.model, right: 'read', message: lacksRight('read', need.model, accessReason(fault)), fix: ACCESS_FIX });
			continue;
		}
		const missingModel = fault !== undefined && missingModelOf(fault) === need.model;
		if (fault && !missingModel) throw classifyFault(fault, db);
		const module = missingModel ? moduleForModel(need.model) : undefined;
		problems.push({
			tool: need.tool,
			kind: missingModel ? 'missing-model' : 'missing-record',
			model: need.model,
			module,
			message: missingModel
				? `model ${need.model} does not exist${module ? ` (module ${module} not installed?)` : ''}`
				: `no ${need.model} record with id ${need.id} (${need.source})`,
		});
	}
	return problems;
}

/**
 * Logs in and reads every model once. Throws OdooConnectionError when nothing can be checked
 * (unreachable, not Odoo, no JSON-2, wrong database, bad credentials); mismatches go into the report.
 */
export async function checkOdooSchema(login: OdooLogin, requirements: OdooRequirements): Promise<OdooCheckReport> {
	const client = new OdooRpcClient(login);
	// The version needs no login: it tells "not Odoo" apart from "bad login" before authenticating.
	const serverVersion = await client.version();
	const uid = await client.authenticate();

	const models: OdooCheckReport['models'] = [];
	const problems: OdooProblem[] = [];
	for (const model of modelsOf(requirements)) {
		const answer = await readModel(client, login.db, model);
		if (answer.present) {
			models.push({ model, present: true, fields: Object.keys(answer.fields).length });
			problems.push(...fieldProblems(requirements, model, answer.fields));
		} else {
			models.push({ model, present: false });
			problems.push(...unreadableModel(requirements, model, answer));
		}
	}
	const present = new Set(models.filter((m) => m.present).map((m) => m.model));
	const access = await accessProblems(client, requirements, present);
	problems.push(...access.problems);
	problems.push(...(await requestProblems(client, requirements, present, access.problems)));
	problems.push(...(await recordProblems(client, login.db, requirements)));

	const toolNames = [...new Set([...requirements.models, ...requirements.fields].map((r) => r.tool))];
	const failing = new Set(problems.map((p) => p.tool));
	const missingModules = [...new Set(problems.map((p) => p.module).filter((m): m is string => !!m))].sort();
	return {
		ok: problems.length === 0,
		url: login.url,
		db: login.db,
		protocol: login.protocol,
		...(login.protocol === 'jsonrpc' ? { login: login.login } : {}),
		uid,
		serverVersion,
		models,
		tools: toolNames.map((tool) => ({ tool, ok: !failing.has(tool) })),
		problems,
		missingModules,
		notes: access.notes,
	};
}
