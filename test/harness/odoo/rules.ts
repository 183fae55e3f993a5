/**
 * What particular Odoo models do on write beyond field conversion, where the catalogue's tools
 * meet it. crm.lead's `write` compares the incoming probability with numbers before any field
 * converts it, so text there is a TypeError (a number is fine), and a lead moved into a won
 * stage gets probability 100.
 */
import { OdooError } from './errors';
import type { StoredRecord } from './domain';

export interface ModelRules {
	/** Runs on the raw values of a write, before conversion. */
	beforeWrite?(vals: Record<string, unknown>): void;
	/** Runs on each written record, after conversion, with the converted changes; `lookup` reads another model's record. */
	afterWrite?(record: StoredRecord, changes: Record<string, unknown>, lookup: (model: string, id: number) => StoredRecord | undefined): void;
}

const pyType = (value: unknown): string =>
	typeof value === 'string' ? 'str' : typeof value === 'boolean' ? 'bool' : typeof value === 'number' ? (Number.isInteger(value) ? 'int' : 'float') : 'dict';

export const MODEL_RULES: Readonly<Record<string, ModelRules>> = {
	'crm.lead': {
		beforeWrite(vals) {
			const probability = vals.probability;
			if (probability !== undefined && typeof probability !== 'number' && probability !== false) {
				throw new OdooError('builtins.TypeError', `'>=' not supported between instances of '${pyType(probability)}' and 'int'`, 422);
			}
		},
		afterWrite(record, changes, lookup) {
			// Moving a lead into a won stage wins it; other writes leave its probability as sent.
			if (!('stage_id' in changes)) return;
			const stage = typeof record.stage_id === 'number' ? lookup('crm.stage', record.stage_id) : undefined;
			if (stage?.is_won === true) record.probability = 100;
		},
	},
};
