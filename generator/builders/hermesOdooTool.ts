/**
 * One catalogue Odoo tool -> the Hermes Odoo node's parameters (its tool variant wired to the
 * trigger, or the node itself in an approval gate). The agent's inputs are `$fromAI` calls; a
 * field-choice tool's allowed fields become the node's Allowed Fields, which the node enforces.
 */
import { HERMES_ODOO, HERMES_ODOO_CREDENTIALS, ODOO_COLLECTIONS } from '../contracts';

import type { HermesConfig } from '../config';
import { settingParameters } from '../config/nodeSettings';
import { expression, fromAiCall } from '../fromAi';
import type { Literal, OdooTarget, OdooWrite, ToolSpec } from '../toolSpec/schema';
import type { JsonObject, JsonValue } from './n8nTypes';
import type { ParamLookup, ValueOf } from './nodeParts';

const { params } = HERMES_ODOO;
const { write, filter } = ODOO_COLLECTIONS;

/** Expression text of a parameter's value, by key. */
type Ref = (key: string) => string;

function literalValue(value: Literal): JsonValue {
	return typeof value === 'string' ? value : expression(JSON.stringify(value));
}

function boundValue(b: { param?: string; value?: Literal }, ref: Ref): JsonValue {
	if (b.param !== undefined) return expression(ref(b.param));
	return literalValue(b.value as Literal);
}

function writeValue(w: OdooWrite, ref: Ref): JsonValue {
	if (w.param !== undefined && w.fallback !== undefined) {
		return expression(`${ref(w.param)} || ${w.fallback}`);
	}
	return boundValue(w, ref);
}

/** The Hermes twin of the config's Odoo credential type, under the config's credential name. */
export function hermesOdooCredentials(config: Pick<HermesConfig, 'odooCredentialType' | 'credentials'>): Record<string, { name: string }> {
	return { [HERMES_ODOO_CREDENTIALS[config.odooCredentialType]]: { name: config.credentials.odoo } };
}

function fieldsToWrite(target: OdooTarget, ref: Ref): JsonObject | undefined {
	let entries: Array<[JsonValue, JsonValue]>;
	if (target.fieldChoice) entries = [[expression(ref(target.fieldChoice.fieldParam)), expression(ref(target.fieldChoice.valueParam))]];
	else if (target.writes) entries = target.writes.map((w) => [w.field, writeValue(w, ref)]);
	else return undefined;
	return { [write.entry]: entries.map(([name, value]) => ({ [write.field]: name, [write.value]: value })) };
}

export function hermesOdooNodeParameters(tool: ToolSpec, config: HermesConfig, param: ParamLookup, valueOf: ValueOf = fromAiCall): JsonObject {
	const target = tool.target as OdooTarget;
	const ref: Ref = (key) => valueOf(param(key));
	const out: JsonObject = { ...settingParameters(HERMES_ODOO, config), [params.operation]: target.operation, [params.model]: target.model };
	if (target.recordIdParam !== undefined) out[params.recordId] = expression(ref(target.recordIdParam));
	if (target.operation === 'create' || target.operation === 'update') {
		const fields = fieldsToWrite(target, ref);
		if (fields) out[params.fieldsToWrite] = fields;
		if (target.fieldChoice) out[params.allowedFields] = target.fieldChoice.allowed.join(',');
	}
	if (target.operation === 'getAll') {
		const filters = (target.filters ?? []).map((f) => ({ [filter.field]: f.field, [filter.operator]: f.operator, [filter.value]: boundValue(f, ref) }));
		if (filters.length) out[params.filters] = { [filter.entry]: filters };
		out[params.returnAll] = target.limitParam === undefined;
		if (target.limitParam !== undefined) out[params.limit] = expression(ref(target.limitParam));
	}
	if (target.fieldsList) out[params.fieldsList] = target.fieldsList.join(',');
	return out;
}
