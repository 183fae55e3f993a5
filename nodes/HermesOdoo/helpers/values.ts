/**
 * Values reach Odoo with their field's type, as `fields_get` reports it: the agent often sends
 * text ("60", "true"), and Odoo does not convert everywhere (crm.lead compares the probability
 * with numbers before converting it). Text that cannot be the field's value (a bad date, words
 * for a number) is refused here with the field and the expected form, before Odoo sees it.
 */
import { ok, refuse, type Checked } from '../../../core/checked';
import { errorAnswer } from '../../../core/markers';
import { shown } from '../../../core/text';

/** What `fields_get` says of one field (the attributes the node asks for). */
interface OdooFieldInfo {
	type: string;
	string?: string;
	relation?: string;
}

export type OdooFields = Readonly<Record<string, OdooFieldInfo>>;

type Conversion = { ok: true; value: unknown } | { ok: false; expected: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function realDate(year: string, month: string, day: string): boolean {
	const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
	return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

function toNumber(value: unknown, whole: boolean): unknown {
	const digits = text(value);
	const number = digits !== undefined && digits !== '' ? Number(digits) : value;
	if (typeof number !== 'number' || !Number.isFinite(number)) return undefined;
	return whole && !Number.isSafeInteger(number) ? undefined : number;
}

const converted = (value: unknown): Conversion => ({ ok: true, value });
const expected = (form: string): Conversion => ({ ok: false, expected: form });

function convert(type: string, value: unknown): Conversion {
	// false clears a field in Odoo, whatever its type; empty text is that for non-text fields.
	if (value === false || value === null) return converted(false);
	const blank = text(value) === '';
	switch (type) {
		case 'integer':
		case 'float':
		case 'monetary': {
			const number = toNumber(value, type === 'integer');
			return number === undefined ? expected(type === 'integer' ? 'a whole number' : 'a number written with digits, e.g. 12.5') : converted(number);
		}
		case 'many2one': {
			if (blank) return converted(false);
			const id = toNumber(value, true);
			return typeof id === 'number' && id >= 0 ? converted(id || false) : expected('the id of a record (a whole number), or false for none');
		}
		case 'boolean': {
			if (typeof value === 'boolean') return converted(value);
			const word = text(value)?.toLowerCase();
			return word === 'true' || word === 'false' ? converted(word === 'true') : expected('true or false');
		}
		case 'date': {
			if (blank) return converted(false);
			const match = DATE.exec(text(value) ?? '');
			return match && realDate(match[1], match[2], match[3]) ? converted(match[0]) : expected('a date as YYYY-MM-DD');
		}
		case 'datetime': {
			if (blank) return converted(false);
			const match = DATETIME.exec(text(value) ?? '');
			const time = match && (match[4] === undefined || (Number(match[4]) < 24 && Number(match[5]) < 60 && Number(match[6] ?? 0) < 60));
			return match && time && realDate(match[1], match[2], match[3]) ? converted(match[0].replace('T', ' ')) : expected('a date as YYYY-MM-DD (or YYYY-MM-DD HH:MM:SS)');
		}
		case 'char':
		case 'text':
		case 'html':
			return typeof value === 'number' ? converted(String(value)) : converted(value);
		default:
			return converted(value);
	}
}

/** The values to write, each converted to its field's type; the first that cannot be is refused. */
export function typedValues(model: string, values: Readonly<Record<string, unknown>>, fields: OdooFields): Checked<Record<string, unknown>> {
	const out: Record<string, unknown> = {};
	for (const [name, value] of Object.entries(values)) {
		const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
		if (!field) return refuse(errorAnswer('__BAD_ARGUMENT__', `Odoo's ${model} has no field "${name}". Use a field the tool's description names.`));
		const result = convert(field.type, value);
		if (!result.ok) {
			return refuse(errorAnswer('__BAD_ARGUMENT__', `${shown(value)} is not a value for ${name} (${field.type}): send ${result.expected}.`));
		}
		out[name] = result.value;
	}
	return ok(out);
}
