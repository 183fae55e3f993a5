/**
 * Value conversion as Odoo 18's fields do it (`convert_to_cache`) with Python's own parsing,
 * so a value the real server refuses is refused here with the same exception and message:
 * `float('lots')`, `int('3.5')`, `datetime.strptime('31/12/2026', '%Y-%m-%d')`.
 */
import { OdooError, pyRepr } from './errors';

const valueError = (message: string) => new OdooError('builtins.ValueError', message, 422);

// Python's float() grammar: decimal or exponent form (digits may be grouped with _), inf, nan.
const PY_FLOAT = /^[+-]?((\d(_?\d)*)?\.?\d(_?\d)*([eE][+-]?\d(_?\d)*)?|\d(_?\d)*\.|inf|infinity|nan)$/i;

/** `float(value or 0.0)`: what Float and Monetary fields do with what they are given. */
export function toPyFloat(value: unknown): number {
	if (value === '' || value === 0 || value === true) return Number(value);
	if (typeof value === 'number') return value;
	if (typeof value === 'string') {
		const text = value.trim();
		if (PY_FLOAT.test(text)) return Number(text.replace(/_/g, '').replace(/^([+-]?)inf(inity)?$/i, '$1Infinity'));
		throw valueError(`could not convert string to float: ${pyRepr(value)}`);
	}
	throw new OdooError('builtins.TypeError', `float() argument must be a string or a real number, not '${typeof value}'`, 422);
}

/** `int(value or 0)`: what Integer fields do. */
export function toPyInt(value: unknown): number {
	if (value === '' || value === true) return Number(value);
	if (typeof value === 'number') return Math.trunc(value);
	if (typeof value === 'string') {
		const text = value.trim();
		if (/^[+-]?\d(_?\d)*$/.test(text)) return Number(text.replace(/_/g, ''));
		throw valueError(`invalid literal for int() with base 10: ${pyRepr(value)}`);
	}
	throw new OdooError('builtins.TypeError', `int() argument must be a string, a bytes-like object or a real number, not '${typeof value}'`, 422);
}

const DATE_FORMAT = '%Y-%m-%d';
const DATETIME_FORMAT = '%Y-%m-%d %H:%M:%S';
// The regular expressions Python's strptime builds for %Y, %m, %d, %H, %M, %S.
const PART: Record<string, string> = {
	Y: '(\\d\\d\\d\\d)',
	m: '(1[0-2]|0[1-9]|[1-9])',
	d: '(3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])',
	H: '(2[0-3]|[0-1]\\d|\\d)',
	M: '([0-5]\\d|\\d)',
	S: '(6[0-1]|[0-5]\\d|\\d)',
};

/** `datetime.strptime(text, format)`, returning the fields or raising Python's ValueError. */
function strptime(text: string, format: string): number[] {
	if (/(^|[^%])%$/.test(format)) throw valueError(`stray % in format ${pyRepr(format)}`);
	const pattern = format.replace(/%([YmdHMS])/g, (_, part: string) => PART[part]);
	const match = new RegExp(`^${pattern}`).exec(text);
	if (!match) throw valueError(`time data ${pyRepr(text)} does not match format ${pyRepr(format)}`);
	if (match[0].length < text.length) throw valueError(`unconverted data remains: ${text.slice(match[0].length)}`);
	const [year, month, day, ...time] = match.slice(1).map(Number);
	const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
	if (day > lastDay) throw valueError('day is out of range for month');
	return [year, month, day, ...time];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `fields.Date.to_date`: the first 10 characters parsed as `%Y-%m-%d`, stored as Odoo writes it. */
export function toOdooDate(value: string): string {
	const [year, month, day] = strptime(value.slice(0, 10), DATE_FORMAT);
	return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * `fields.Datetime.to_datetime`: `strptime(value, DATETIME_FORMAT[:len(value) - 2])`, so a date
 * alone is midnight and a time may stop after the hour or the minute ("2027-01-21 15:30").
 */
export function toOdooDatetime(value: string): string {
	const format = DATETIME_FORMAT.slice(0, Math.max(0, value.length - 2));
	const [year, month, day, hour = 0, minute = 0, second = 0] = strptime(value, format);
	return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

// Block-level tags that Odoo's sanitizer leaves at the top of an html value.
const BLOCK = /^<(p|div|ul|ol|h[1-6]|table|blockquote|pre|section|article|header|footer|hr|br)\b/i;

/**
 * What an Html field keeps of a value: Odoo's sanitizer puts top-level text and inline markup
 * in a paragraph (`Hello <b>you</b>` reads back as `<p>Hello <b>you</b></p>`); an empty value
 * stays empty.
 */
export function toOdooHtml(value: string): string {
	const text = value.trim();
	if (!text || BLOCK.test(text)) return value;
	return `<p>${text}</p>`;
}

/**
 * PostgreSQL's cast of a domain value compared with a date or timestamp column (Odoo passes it
 * through untouched). The real message goes on with a `LINE 1:` excerpt of the SQL Odoo built;
 * the stand-in builds no SQL, so its message is the first line only.
 */
export function checkSqlDate(value: unknown, type: 'date' | 'timestamp'): void {
	if (value === false || value === null) return;
	const text = String(value);
	const match = /^(\d{4})-(\d{1,2})-(\d{1,2})([ T]\d{1,2}:\d{2}(:\d{2})?)?$/.exec(text);
	if (!match || (type === 'date' && match[4])) {
		throw new OdooError('psycopg2.errors.InvalidDatetimeFormat', `invalid input syntax for type ${type}: "${text}"`, 500);
	}
	const [year, month, day] = match.slice(1, 4).map(Number);
	if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) {
		throw new OdooError('psycopg2.errors.DatetimeFieldOverflow', `date/time field value out of range: "${text}"`, 500);
	}
}
