/**
 * Sorting as PostgreSQL does for Odoo's `ORDER BY`: a model's `_order` or a call's `order`
 * ("sequence, name, id desc"). Text compares as the database's en_US collation does (case
 * and accents second), NULL (false) sorts last ascending and first descending, a many2one by
 * the related id.
 */
import { badArguments } from './errors';
import type { StoredRecord } from './domain';

type Comparator = (a: StoredRecord, b: StoredRecord) => number;

const collator = new Intl.Collator('en-US');

function compareValues(a: unknown, b: unknown): number {
	const aNull = a === false || a === null || a === undefined;
	const bNull = b === false || b === null || b === undefined;
	if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
	if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
	if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
	return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/** One comparator for an order clause; an unknown field is refused as Odoo refuses it. */
export function compileOrder(model: string, order: string, fields: ReadonlySet<string>): Comparator {
	const keys = order
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean)
		.map((part) => {
			const [field, direction = 'asc'] = part.split(/\s+/);
			if (field !== 'id' && !fields.has(field)) throw badArguments('search', `Invalid field ${JSON.stringify(field)} on model ${JSON.stringify(model)} in order`);
			return { field, descending: direction.toLowerCase() === 'desc' };
		});
	return (a, b) => {
		for (const { field, descending } of keys) {
			const result = compareValues(a[field], b[field]);
			if (result !== 0) return descending ? -result : result;
		}
		return a.id - b.id;
	};
}
