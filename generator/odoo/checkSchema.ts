/**
 * Compares what the catalogue needs from Odoo with what a live Odoo declares (`fields_get`).
 */
import { moduleAddingField, moduleForModel } from './modules';
import type { OdooRequirements } from './requirements';
import { modelsOf } from './requirements';
import {
	classifyFault,
	FAULT_ACCESS_ERROR,
	faultSummary,
	isOdooFault,
	type OdooFault,
	OdooXmlRpcClient,
	settle,
} from './xmlRpcClient';

export type OdooProblemKind =
	| 'missing-model'
	| 'missing-field'
	| 'wrong-type'
	| 'wrong-relation'
	| 'no-access'
	| 'missing-record';

export interface OdooProblem {
	tool: string;
	kind: OdooProblemKind;
	model: string;
	field?: string;
	expected?: readonly string[];
	actual?: string;
	/** The Odoo module that provides the missing model or field. */
	module?: string;
	message: string;
}

export interface OdooCheckReport {
	ok: boolean;
	url: string;
	db: string;
	login: string;
	uid: number;
	serverVersion?: string;
	models: Array<{ model: string; present: boolean; fields?: number }>;
	tools: Array<{ tool: string; ok: boolean }>;
	problems: OdooProblem[];
	missingModules: string[];
	/** What could not be checked on this Odoo, and why. */
	notes: string[];
}

export interface OdooLogin {
	url: string;
	db: string;
	login: string;
	/** A password or an API key: Odoo's XML-RPC takes either in the same place. */
	secret: string;
	timeoutMs?: number;
}

type FieldsGet = Record<string, { type?: string; relation?: string; string?: string }>;
type ModelAnswer = { present: true; fields: FieldsGet } | { present: false; reason: 'missing' | 'no-access'; detail: string };

const MISSING_MODEL = /Object (\S+) doesn't exist|KeyError: '([^']+)'/;

async function readModel(
	client: OdooXmlRpcClient,
	auth: { db: string; uid: number; password: string },
	model: string,
): Promise<ModelAnswer> {
	const answer = await settle(
		client.executeKw(auth, model, 'fields_get', [], { attributes: ['type', 'relation', 'string'] }),
	);
	if (answer.ok) return { present: true, fields: (answer.value ?? {}) as FieldsGet };
	const error = answer.error;
	if (!isOdooFault(error)) throw error;
	const missing = MISSING_MODEL.exec(String(error.faultString));
	if (missing && (missing[1] ?? missing[2]) === model) {
		return { present: false, reason: 'missing', detail: faultSummary(error) };
	}
	if (error.faultCode === FAULT_ACCESS_ERROR) {
		return { present: false, reason: 'no-access', detail: faultSummary(error) };
	}
	throw classifyFault(error, auth.db);
}

function fieldProblems(
	requirements: OdooRequirements,
	model: string,
	answer: ModelAnswer,
): OdooProblem[] {
	const problems: OdooProblem[] = [];
	if (!answer.present) {
		const tools = new Set(
			[...requirements.models, ...requirements.fields].filter((r) => r.model === model).map((r) => r.tool),
		);
		for (const tool of tools) {
			const module = answer.reason === 'missing' ? moduleForModel(model) : undefined;
			problems.push({
				tool,
				kind: answer.reason === 'missing' ? 'missing-model' : 'no-access',
				model,
				module,
				message:
					answer.reason === 'missing'
						? `model ${model} does not exist${module ? ` (module ${module} not installed?)` : ''}`
						: `the user may not read model ${model}: ${answer.detail}`,
			});
		}
		return problems;
	}
	for (const need of requirements.fields.filter((r) => r.model === model)) {
		const field = answer.fields[need.field];
		if (!field) {
			const module = moduleAddingField(model, need.field);
			problems.push({
				tool: need.tool,
				kind: 'missing-field',
				model,
				field: need.field,
				expected: need.types,
				module,
				message: `field ${model}.${need.field} does not exist${module ? ` (module ${module})` : ''}`,
			});
		} else if (need.types.length > 0 && !need.types.includes(String(field.type))) {
			problems.push({
				tool: need.tool,
				kind: 'wrong-type',
				model,
				field: need.field,
				expected: need.types,
				actual: String(field.type),
				message: `field ${model}.${need.field} is ${field.type}, expected ${need.types.join(' or ')}`,
			});
		} else if (need.relation && field.relation && field.relation !== need.relation) {
			problems.push({
				tool: need.tool,
				kind: 'wrong-relation',
				model,
				field: need.field,
				expected: [need.relation],
				actual: field.relation,
				message: `field ${model}.${need.field} points to ${field.relation}, expected ${need.relation}`,
			});
		}
	}
	return problems;
}

/**
 * `check_access_rights(mode, raise_exception=False)` per model and mode the tools use (fields_get
 * itself answers whatever the rights). Returns a note instead when this Odoo has no such method.
 */
async function accessProblems(
	client: OdooXmlRpcClient,
	auth: { db: string; uid: number; password: string },
	requirements: OdooRequirements,
	present: Set<string>,
): Promise<{ problems: OdooProblem[]; notes: string[] }> {
	const problems: OdooProblem[] = [];
	const answers = new Map<string, boolean>();
	for (const need of (requirements.access ?? []).filter((a) => present.has(a.model))) {
		const key = `${need.model} ${need.mode}`;
		if (!answers.has(key)) {
			const answer = await settle(
				client.executeKw(auth, need.model, 'check_access_rights', [need.mode], { raise_exception: false }),
			);
			if (!answer.ok && !isOdooFault(answer.error)) throw answer.error;
			if (!answer.ok) {
				return {
					problems: [],
					notes: [`access rights not checked: ${faultSummary(answer.error as OdooFault)}`],
				};
			}
			answers.set(key, answer.value === true);
		}
		if (!answers.get(key)) {
			problems.push({
				tool: need.tool,
				kind: 'no-access',
				model: need.model,
				message: `the user has no ${need.mode} right on ${need.model}`,
			});
		}
	}
	return { problems, notes: [] };
}

async function recordProblems(
	client: OdooXmlRpcClient,
	auth: { db: string; uid: number; password: string },
	requirements: OdooRequirements,
): Promise<OdooProblem[]> {
	const problems: OdooProblem[] = [];
	for (const need of requirements.records ?? []) {
		const answer = await settle(client.executeKw(auth, need.model, 'search_count', [[['id', '=', need.id]]]));
		if (answer.ok && Number(answer.value) > 0) continue;
		if (!answer.ok && !isOdooFault(answer.error)) throw answer.error;
		const missingModel = !answer.ok && MISSING_MODEL.test(String((answer.error as OdooFault).faultString));
		if (!answer.ok && !missingModel) throw classifyFault(answer.error as OdooFault, auth.db);
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
 * (unreachable, not Odoo, wrong database, bad credentials); mismatches go into the report.
 */
export async function checkOdooSchema(login: OdooLogin, requirements: OdooRequirements): Promise<OdooCheckReport> {
	const client = new OdooXmlRpcClient({ url: login.url, timeoutMs: login.timeoutMs });
	// version() needs no login: it tells "not Odoo" apart from "bad login" before authenticating.
	const version = await settle(client.version());
	if (!version.ok && !isOdooFault(version.error)) throw version.error;
	const serverVersion = version.ok ? String(version.value?.server_version ?? '') || undefined : undefined;
	const uid = await client.authenticate(login.db, login.login, login.secret);
	const auth = { db: login.db, uid, password: login.secret };

	const models: OdooCheckReport['models'] = [];
	const problems: OdooProblem[] = [];
	for (const model of modelsOf(requirements)) {
		const answer = await readModel(client, auth, model);
		models.push(answer.present ? { model, present: true, fields: Object.keys(answer.fields).length } : { model, present: false });
		problems.push(...fieldProblems(requirements, model, answer));
	}
	const present = new Set(models.filter((m) => m.present).map((m) => m.model));
	const access = await accessProblems(client, auth, requirements, present);
	problems.push(...access.problems);
	problems.push(...(await recordProblems(client, auth, requirements)));

	const toolNames = [...new Set([...requirements.models, ...requirements.fields].map((r) => r.tool))];
	const failing = new Set(problems.map((p) => p.tool));
	const missingModules = [...new Set(problems.map((p) => p.module).filter((m): m is string => !!m))].sort();
	return {
		ok: problems.length === 0,
		url: login.url,
		db: login.db,
		login: login.login,
		uid,
		serverVersion,
		models,
		tools: toolNames.map((tool) => ({ tool, ok: !failing.has(tool) })),
		problems,
		missingModules,
		notes: access.notes,
	};
}
