/**
 * What particular Odoo models do beyond field conversion, where the catalogue's tools meet it:
 * - crm.lead's `write` compares the incoming probability with numbers before any field converts
 *   it, so text there is a TypeError (a number is fine); a lead moved into a won stage gets
 *   probability 100; a probability outside 0-100 breaks the table's CHECK constraint.
 * - res.partner's `create` and `write` give a website without a scheme `http://`.
 */
import { constraintError, OdooError } from './errors';
import type { StoredRecord } from './domain';

export interface ModelRules {
	/** Runs on the raw values of a create, before conversion; answers the values to convert. */
	beforeCreate?(vals: Record<string, unknown>): Record<string, unknown>;
	/** Runs on the raw values of a write, before conversion; answers the values to convert. */
	beforeWrite?(vals: Record<string, unknown>): Record<string, unknown>;
	/** Runs on each written record, after conversion, with the converted changes; `lookup` reads another model's record. */
	afterWrite?(record: StoredRecord, changes: Record<string, unknown>, lookup: (model: string, id: number) => StoredRecord | undefined): void;
	/** The model's constraints, on each created or written record. */
	check?(record: StoredRecord): void;
}

const pyType = (value: unknown): string =>
	typeof value === 'string' ? 'str' : typeof value === 'boolean' ? 'bool' : typeof value === 'number' ? (Number.isInteger(value) ? 'int' : 'float') : 'dict';

/** `_clean_website`: a website with no scheme is read as a host name and gets `http://`. */
function cleanWebsite(vals: Record<string, unknown>): Record<string, unknown> {
	const website = vals.website;
	if (typeof website === 'string' && website && !/^[a-z][a-z0-9+.-]*:/i.test(website)) vals.website = `http://${website.replace(/^\/\//, '')}`;
	return vals;
}

export const MODEL_RULES: Readonly<Record<string, ModelRules>> = {
	'crm.lead': {
		beforeWrite(vals) {
			const probability = vals.probability;
			if (probability !== undefined && typeof probability !== 'number' && probability !== false) {
				throw new OdooError('builtins.TypeError', `'>=' not supported between instances of '${pyType(probability)}' and 'int'`, 422);
			}
			return vals;
		},
		afterWrite(record, changes, lookup) {
			// Moving a lead into a won stage wins it; other writes leave its probability as sent.
			if (!('stage_id' in changes)) return;
			const stage = typeof record.stage_id === 'number' ? lookup('crm.stage', record.stage_id) : undefined;
			if (stage?.is_won === true) record.probability = 100;
		},
		check(record) {
			const probability = record.probability;
			if (typeof probability === 'number' && (probability < 0 || probability > 100)) {
				throw constraintError('The probability of closing the deal should be between 0% and 100%!');
			}
		},
	},
	'res.partner': { beforeCreate: cleanWebsite, beforeWrite: cleanWebsite },
};
