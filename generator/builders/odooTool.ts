/** One catalogue tool -> one `odooTool` (typeVersion 2) node's parameters, resource "custom". */
import { FILTER_OPERATORS, type FieldChoice, type Literal, type OdooTarget, type OdooWrite, type ParameterSpec, type ToolSpec } from '../toolSpec/schema';
import type { HermesConfig } from '../config';
import { expression, fromAiCall, quote } from '../fromAi';
import type { JsonObject, JsonValue } from './n8nTypes';
import { byId, fromList, mapper, mapperColumn } from './nodeParts';
import { valueConversion } from '../odoo/fieldTypes';

/** Operators n8n's Odoo node lists (the contract's, but `ilike`); ilike goes through as an expression, which Odoo receives verbatim. */
const NODE_OPERATORS = new Set<string>(FILTER_OPERATORS.filter((operator) => operator !== 'ilike'));

export type ParamLookup = (key: string) => ParameterSpec;

/**
 * The expression text that gives a parameter's value: a `$fromAI` call in a tool node, or a
 * reference to the sub-workflow's input where a gate runs the same node after approval.
 */
export type ValueOf = (spec: ParameterSpec) => string;

/** Expression text of a parameter's value, by key. */
export type Ref = (key: string) => string;

function literalValue(value: Literal): JsonValue {
	return typeof value === 'string' ? value : expression(JSON.stringify(value));
}

export function boundValue(b: { param?: string; value?: Literal }, ref: Ref): JsonValue {
	if (b.param !== undefined) return expression(ref(b.param));
	return literalValue(b.value as Literal);
}

export function writeValue(w: OdooWrite, ref: Ref): JsonValue {
	if (w.param !== undefined && w.fallback !== undefined) {
		return expression(`${ref(w.param)} || ${w.fallback}`);
	}
	return boundValue(w, ref);
}

/**
 * The chosen field's value with its field's type: the agent sends text, and a number or boolean
 * field gets a number or boolean. Text that is not one (`"lots"`) goes on unchanged, so Odoo
 * refuses it with its own message instead of storing 0.
 */
function typedValue(model: string, choice: FieldChoice, field: string, value: string): string {
	const fieldsOf = (conversion: string) => choice.allowed.filter((f) => valueConversion(model, f) === conversion);
	const list = (fields: string[]) => `[${fields.map(quote).join(', ')}]`;
	let typed = value;
	const booleans = fieldsOf('boolean');
	if (booleans.length) {
		typed = `(${list(booleans)}.includes(${field}) && ['true', 'false'].includes(${value}) ? ${value} === 'true' : ${typed})`;
	}
	const numbers = fieldsOf('number');
	if (numbers.length) {
		typed = `(${list(numbers)}.includes(${field}) && typeof ${value} === 'string' && ${value}.trim() !== '' && Number.isFinite(Number(${value})) ? Number(${value}) : ${typed})`;
	}
	return typed;
}

/**
 * The write for an "update one field" tool: an object built in the expression, holding only the
 * chosen field, its value typed for that field. A field outside the allow-list is sent as
 * `refused_field_<name>`, which Odoo rejects ("Invalid field"), so nothing is written and the
 * agent sees why.
 */
function fieldChoiceValue(model: string, choice: FieldChoice, ref: Ref): string {
	const field = ref(choice.fieldParam);
	const value = ref(choice.valueParam);
	const allowed = `[${choice.allowed.map(quote).join(', ')}]`;
	return expression(
		`${allowed}.includes(${field}) ? { [${field}]: ${typedValue(model, choice, field, value)} } : { ['refused_field_' + ${field}]: ${value} }`,
	);
}

function fieldsToSend(target: OdooTarget, ref: Ref): JsonObject {
	let value: JsonValue;
	let columns: string[];
	if (target.fieldChoice) {
		value = fieldChoiceValue(target.model, target.fieldChoice, ref);
		columns = target.fieldChoice.allowed;
	} else {
		const writes = target.writes ?? [];
		value = Object.fromEntries(writes.map((w) => [w.field, writeValue(w, ref)]));
		columns = writes.map((w) => w.field);
	}
	return mapper(value, columns.map((c) => mapperColumn(c)));
}

function operationParameters(target: OdooTarget, ref: Ref): JsonObject {
	const out: JsonObject = {};
	if (target.recordIdParam !== undefined) {
		out.recordId = byId(expression(ref(target.recordIdParam)));
	}
	if (target.operation === 'getAll') {
		out.returnAll = target.limitParam === undefined;
		if (target.limitParam !== undefined) out.limit = expression(ref(target.limitParam));
		out.filters = {
			filter: (target.filters ?? []).map((f) => ({
				fieldName: f.field,
				operator: NODE_OPERATORS.has(f.operator) ? f.operator : expression(quote(f.operator)),
				value: boundValue(f, ref),
			})),
		};
	}
	if (target.operation === 'create' || target.operation === 'update') {
		if (target.writes || target.fieldChoice) out.fieldsToSend = fieldsToSend(target, ref);
	}
	if (target.fieldsList) out.options = { fieldsList: target.fieldsList.join(',') };
	return out;
}

/** The Odoo node's own parameters for a tool's target (shared by the tool node and a gate's Odoo node). */
export function odooNodeParameters(tool: ToolSpec, config: HermesConfig, param: ParamLookup, valueOf: ValueOf = fromAiCall): JsonObject {
	const target = tool.target as OdooTarget;
	const ref: Ref = (key) => valueOf(param(key));
	return {
		authentication: config.odooCredentialType,
		resource: 'custom',
		customResource: fromList(target.model),
		operation: target.operation,
		...operationParameters(target, ref),
	};
}
