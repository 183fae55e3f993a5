/**
 * The Hermes Odoo node's checks, all before anything is sent to Odoo. The operation, the model,
 * the fields to return and the filters are the operator's settings (a bad one is
 * `__UNAVAILABLE__` misconfigured); the record id, the limit and the fields to write carry the
 * agent's input. Pure: no n8n-workflow, no transport, so the generator can use them too.
 */
import { misconfigured, ok, refuse, type Checked } from '../../shared/checked';
import { errorAnswer } from '../../shared/markers';
import {
	ODOO_DOMAIN_OPERATORS,
	ODOO_FIELD,
	ODOO_MAX_LIMIT,
	ODOO_MODEL,
	ODOO_OPERATIONS,
	type OdooDomainOperator,
	type OdooOperation,
} from '../contract';

export function checkOperation(raw: unknown): Checked<OdooOperation> {
	if (typeof raw === 'string' && (ODOO_OPERATIONS as readonly string[]).includes(raw)) return ok(raw as OdooOperation);
	return misconfigured('Operation', `it must be one of ${ODOO_OPERATIONS.join(', ')}`);
}

export function checkModel(raw: unknown): Checked<string> {
	const model = typeof raw === 'string' ? raw.trim() : '';
	if (!ODOO_MODEL.test(model)) return misconfigured('Model', 'it must be an Odoo model name such as project.task');
	return ok(model);
}

/** Comma-separated field names; an empty setting is an empty list. */
export function checkFieldList(setting: string, raw: unknown): Checked<string[]> {
	if (raw === undefined || raw === null) return ok([]);
	if (typeof raw !== 'string') return misconfigured(setting, 'it is not text');
	const fields = raw
		.split(',')
		.map((f) => f.trim())
		.filter(Boolean);
	const bad = fields.find((f) => !ODOO_FIELD.test(f));
	if (bad !== undefined) return misconfigured(setting, `not a field name: ${JSON.stringify(bad.slice(0, 80))}; use comma-separated Odoo field names`);
	return ok([...new Set(fields)]);
}

/** A record id: a positive whole number, as a number or as digits. */
export function checkRecordId(raw: unknown, what = 'record id'): Checked<number> {
	const id = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
	if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return ok(id);
	return refuse(errorAnswer('__BAD_ARGUMENT__', `The ${what} must be a positive whole number (got ${JSON.stringify(raw)?.slice(0, 40) ?? 'nothing'}). List the records first and use an id it returns.`));
}

/** How many records getAll returns: a positive whole number, at most ODOO_MAX_LIMIT. */
export function checkLimit(raw: unknown): Checked<number> {
	const limit = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
	if (typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 && limit <= ODOO_MAX_LIMIT) return ok(limit);
	return refuse(errorAnswer('__BAD_ARGUMENT__', `limit must be a whole number from 1 to ${ODOO_MAX_LIMIT} (got ${JSON.stringify(raw)?.slice(0, 40) ?? 'nothing'}).`));
}

export interface FieldWrite {
	name: unknown;
	value: unknown;
}

/**
 * The fields to write. A name off the Allowed Fields setting (when it lists any) is refused
 * naming the allowed ones, so nothing reaches Odoo; so is a name that is not a field name.
 */
export function checkWrites(writes: readonly FieldWrite[], allowed: readonly string[]): Checked<Record<string, unknown>> {
	const values: Record<string, unknown> = {};
	const allowedHere = allowed.length ? ` Allowed here: ${allowed.join(', ')}.` : '';
	for (const write of writes) {
		const name = typeof write.name === 'string' ? write.name.trim() : write.name;
		if (typeof name !== 'string' || !ODOO_FIELD.test(name)) {
			return refuse(errorAnswer('__BAD_ARGUMENT__', `${JSON.stringify(write.name)?.slice(0, 80) ?? 'nothing'} is not a field name.${allowedHere}`));
		}
		if (allowed.length && !allowed.includes(name)) {
			return refuse(errorAnswer('__BAD_ARGUMENT__', `The field "${name}" is not one this tool writes.${allowedHere}`));
		}
		values[name] = write.value;
	}
	return ok(values);
}

export interface DomainFilter {
	field: unknown;
	operator: unknown;
	value: unknown;
}

export type DomainTerm = [string, string, unknown];

/** The filters as an Odoo domain (all terms AND-ed). */
export function checkFilters(filters: readonly DomainFilter[]): Checked<DomainTerm[]> {
	const domain: DomainTerm[] = [];
	for (const filter of filters) {
		if (typeof filter.field !== 'string' || !ODOO_FIELD.test(filter.field)) {
			return misconfigured('Filters', `not a field name: ${JSON.stringify(filter.field)?.slice(0, 80) ?? 'nothing'}`);
		}
		const operator = typeof filter.operator === 'string' && Object.hasOwn(ODOO_DOMAIN_OPERATORS, filter.operator) ? (filter.operator as OdooDomainOperator) : undefined;
		if (!operator) return misconfigured('Filters', `unknown operator ${JSON.stringify(filter.operator)?.slice(0, 40) ?? 'nothing'}; use one of ${Object.keys(ODOO_DOMAIN_OPERATORS).join(', ')}`);
		domain.push([filter.field, ODOO_DOMAIN_OPERATORS[operator], filter.value]);
	}
	return ok(domain);
}
