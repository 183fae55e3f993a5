/**
 * Odoo search domains: prefix-notation `&`, `|`, `!` over `[field, operator, value]` terms,
 * implicit `&` between consecutive terms, as the ORM evaluates them (enough of it for the
 * catalogue: comparisons, (i)like, in, many2one by id or by name, many2many membership).
 */
import { badDomain, OdooError, type OdooVersion } from './errors';
import type { ModelSpec } from './models';
import { checkSqlDate } from './values';

export type StoredRecord = Record<string, unknown> & { id: number };

/** Looks up a related record's display name (for `partner_id ilike 'azure'`). */
export type NameOf = (model: string, id: number) => string | undefined;

type Predicate = (record: StoredRecord) => boolean;

const likeToRegExp = (pattern: string, caseInsensitive: boolean, anchored: boolean): RegExp => {
	const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*').replace(/_/g, '.');
	return new RegExp(anchored ? `^${escaped}$` : escaped, caseInsensitive ? 'i' : '');
};

function compareScalar(left: unknown, operator: string, right: unknown): boolean {
	const l = left === undefined ? false : left;
	switch (operator) {
		case '=':
		case '=?':
			return right === false ? l === false || l === null || l === '' : l === right;
		case '!=':
		case '<>':
			return right === false ? !(l === false || l === null || l === '') : l !== right;
		case '>':
			return l !== false && (l as number) > (right as number);
		case '<':
			return l !== false && (l as number) < (right as number);
		case '>=':
			return l !== false && (l as number) >= (right as number);
		case '<=':
			return l !== false && (l as number) <= (right as number);
		case 'in':
			return (right as unknown[]).includes(l);
		case 'not in':
			return !(right as unknown[]).includes(l);
		default:
			return likeMatch(l, operator, right);
	}
}

function likeMatch(value: unknown, operator: string, pattern: unknown): boolean {
	const text = typeof value === 'string' ? value : '';
	const p = String(pattern);
	switch (operator) {
		case 'like':
			return text.includes(p);
		case 'not like':
			return !text.includes(p);
		case 'ilike':
			return text.toLowerCase().includes(p.toLowerCase());
		case 'not ilike':
			return !text.toLowerCase().includes(p.toLowerCase());
		case '=like':
			return likeToRegExp(p, false, true).test(text);
		case '=ilike':
			return likeToRegExp(p, true, true).test(text);
		default:
			throw badDomain(`unknown operator ${JSON.stringify(operator)}`);
	}
}

const OPERATORS = new Set([
	'=', '=?', '!=', '<>', '>', '<', '>=', '<=', 'in', 'not in', 'like', 'not like', 'ilike',
	'not ilike', '=like', '=ilike', 'child_of', 'parent_of',
]);

const COMPARISONS = new Set(['=', '!=', '<>', '>', '<', '>=', '<=']);

function termPredicate(model: string, spec: ModelSpec, term: unknown[], nameOf: NameOf, version: OdooVersion): Predicate {
	const [path, rawOperator, value] = term;
	if (typeof path !== 'string' || typeof rawOperator !== 'string' || !OPERATORS.has(rawOperator)) {
		throw badDomain(JSON.stringify(term));
	}
	// child_of/parent_of on flat data: the record itself.
	const operator = rawOperator === 'child_of' || rawOperator === 'parent_of' ? 'in' : rawOperator;
	const right = operator === 'in' && !Array.isArray(value) ? [value] : value;
	if ((operator === 'in' || operator === 'not in') && !Array.isArray(right)) {
		throw badDomain(`${operator} needs a list: ${JSON.stringify(term)}`);
	}
	const [fieldName] = path.split('.');
	if (fieldName === 'id') return (r) => compareScalar(r.id, operator, right);
	const field = spec.fields[fieldName];
	if (!field) throw badDomain(`Invalid field ${model}.${fieldName} in leaf ${JSON.stringify(term)}`);
	// Odoo 18 passes a compared date through to PostgreSQL, which refuses what it cannot cast;
	// Odoo 19 first reads text that is not an ISO date as a relative date ("today -1d").
	if ((field.type === 'date' || field.type === 'datetime') && COMPARISONS.has(operator)) {
		if (version === 19 && typeof right === 'string' && !/^\d+-/.test(right)) {
			const term = right.split(/\s+/).find((t) => !/^(now|today|[-+=]\d+[dwmyHMS])$/.test(t)) ?? right;
			throw new OdooError('builtins.ValueError', `Invalid term '${term}' in expression date: '${right}'`, 500);
		}
		checkSqlDate(right, field.type === 'date' ? 'date' : 'timestamp');
	}

	if (field.type === 'many2one' && field.relation) {
		const relation = field.relation;
		const byName = typeof right === 'string' || path.endsWith('.name') || path.endsWith('.display_name');
		return (r) => {
			const id = r[fieldName] as number | false;
			if (!byName) return compareScalar(id, operator, right);
			const name = id === false ? false : (nameOf(relation, id) ?? false);
			return compareScalar(name, operator, right);
		};
	}
	if (field.type === 'many2many') {
		return (r) => {
			const ids = (r[fieldName] as number[]) ?? [];
			const wanted = Array.isArray(right) ? right : [right];
			const hit = ids.some((id) => wanted.includes(id));
			if (right === false) return operator === '=' ? ids.length === 0 : ids.length > 0;
			return operator === '!=' || operator === 'not in' ? !hit : hit;
		};
	}
	return (r) => compareScalar(r[fieldName], operator, right);
}

/**
 * Builds a predicate from a domain. Models with an `active` field hide archived records
 * unless the domain mentions `active` (Odoo's active_test).
 */
export function compileDomain(model: string, spec: ModelSpec, domain: unknown, nameOf: NameOf, version: OdooVersion = 18): Predicate {
	if (domain === undefined || domain === null || domain === false) domain = [];
	if (!Array.isArray(domain)) throw badDomain(JSON.stringify(domain));
	const stack: Predicate[] = [];
	let mentionsActive = false;
	// Evaluate right to left, which makes the prefix notation a plain stack machine.
	for (let i = domain.length - 1; i >= 0; i--) {
		const element: unknown = domain[i];
		if (element === '!') {
			const a = stack.pop();
			if (!a) throw badDomain(JSON.stringify(domain));
			stack.push((r) => !a(r));
		} else if (element === '&' || element === '|') {
			const a = stack.pop();
			const b = stack.pop();
			if (!a || !b) throw badDomain(JSON.stringify(domain));
			stack.push(element === '&' ? (r) => a(r) && b(r) : (r) => a(r) || b(r));
		} else if (Array.isArray(element) && element.length === 3) {
			if (element[0] === 'active') mentionsActive = true;
			stack.push(termPredicate(model, spec, element, nameOf, version));
		} else {
			throw badDomain(JSON.stringify(element));
		}
	}
	const all: Predicate = (r) => stack.every((p) => p(r));
	if (spec.fields.active && !mentionsActive) return (r) => r.active !== false && all(r);
	return all;
}
