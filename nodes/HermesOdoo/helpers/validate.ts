/**
 * The Hermes Odoo node's checks, all before anything is sent to Odoo. The model,
 * the fields to return and the filters are the operator's settings (a bad one is
 * `__UNAVAILABLE__` misconfigured); the record id, the limit and the fields to write carry the
 * agent's input. Pure: no n8n-workflow, no transport, so the generator can use them too.
 */
import { misconfigured, ok, refuse, type Checked } from '../../../core/checked';
import { isObject } from '../../../core/json';
import { errorAnswer } from '../../../core/markers';
import { commaList, shown } from '../../../core/text';
import { ODOO_DOMAIN_OPERATORS, ODOO_FIELD, ODOO_MAX_LIMIT, ODOO_MODEL, type OdooDomainOperator } from '../../../core/odoo/contract';

/** The entries of a fixedCollection (`{ <entry>: [...] }`), whatever n8n handed over. */
export function collectionEntries(raw: unknown, entry: string): Array<Record<string, unknown>> {
	const list = isObject(raw) ? raw[entry] : undefined;
	return Array.isArray(list) ? list.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null) : [];
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
	const fields = commaList(raw);
	const bad = fields.find((f) => !ODOO_FIELD.test(f));
	if (bad !== undefined) return misconfigured(setting, `not a field name: ${JSON.stringify(bad.slice(0, 80))}; use comma-separated Odoo field names`);
	return ok([...new Set(fields)]);
}

/** A record id: a positive whole number, as a number or as digits. */
export function checkRecordId(raw: unknown, what = 'record id'): Checked<number> {
	const id = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
	if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return ok(id);
	return refuse(errorAnswer('__BAD_ARGUMENT__', `The ${what} must be a positive whole number (got ${shown(raw, 40)}). List the records first and use an id it returns.`));
}

/** How many records getAll returns: a positive whole number, at most ODOO_MAX_LIMIT. */
export function checkLimit(raw: unknown): Checked<number> {
	const limit = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
	if (typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 && limit <= ODOO_MAX_LIMIT) return ok(limit);
	return refuse(errorAnswer('__BAD_ARGUMENT__', `limit must be a whole number from 1 to ${ODOO_MAX_LIMIT} (got ${shown(raw, 40)}).`));
}

interface FieldWrite {
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
			return refuse(errorAnswer('__BAD_ARGUMENT__', `${shown(write.name)} is not a field name.${allowedHere}`));
		}
		if (allowed.length && !allowed.includes(name)) {
			return refuse(errorAnswer('__BAD_ARGUMENT__', `The field "${name}" is not one this tool writes.${allowedHere}`));
		}
		values[name] = write.value;
	}
	return ok(values);
}

interface DomainFilter {
	field: unknown;
	operator: unknown;
	value: unknown;
}

type DomainTerm = [string, string, unknown];

/** The filters as an Odoo domain (all terms AND-ed). */
export function checkFilters(filters: readonly DomainFilter[]): Checked<DomainTerm[]> {
	const domain: DomainTerm[] = [];
	for (const filter of filters) {
		if (typeof filter.field !== 'string' || !ODOO_FIELD.test(filter.field)) {
			return misconfigured('Filters', `not a field name: ${shown(filter.field)}`);
		}
		const operator = typeof filter.operator === 'string' && Object.hasOwn(ODOO_DOMAIN_OPERATORS, filter.operator) ? (filter.operator as OdooDomainOperator) : undefined;
		if (!operator) return misconfigured('Filters', `unknown operator ${shown(filter.operator, 40)}; use one of ${Object.keys(ODOO_DOMAIN_OPERATORS).join(', ')}`);
		domain.push([filter.field, ODOO_DOMAIN_OPERATORS[operator], filter.value]);
	}
	return ok(domain);
}
