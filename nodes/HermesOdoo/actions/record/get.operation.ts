import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../../../core/markers';
import type { ItemParameters } from '../../../shared/operations';
import { HERMES_ODOO, recordNotFoundHint } from '../../../../core/odoo/contract';
import type { OdooContext } from '../../helpers/context';
import { checkFieldList, checkRecordId } from '../../helpers/validate';

/** One record by id. Odoo answers an unknown id with no record at all: that is __NOT_FOUND__, never `[]`. */
export async function execute(ctx: OdooContext, param: ItemParameters): Promise<IDataObject> {
	const fields = checkFieldList('Fields List', param(HERMES_ODOO.params.fieldsList));
	if (!fields.ok) return fields.answer;
	const id = checkRecordId(param(HERMES_ODOO.params.recordId));
	if (!id.ok) return id.answer;
	return await readRecord(ctx, id.value, fields.value);
}

/** The record's fields (all where none are named), or __NOT_FOUND__. */
export async function readRecord(ctx: OdooContext, id: number, fields: string[]): Promise<IDataObject> {
	const found = await ctx.call({ method: 'read', ids: [id], kwargs: { fields }, readOnly: true });
	if (!found.ok) return found.answer;
	const [record] = Array.isArray(found.value) ? (found.value as IDataObject[]) : [];
	if (!record) return errorAnswer('__NOT_FOUND__', recordNotFoundHint(ctx.model, id));
	return { success: true, model: ctx.model, record };
}

/** What a write's own checks add to its Check Only: a refusal, or the fields it would write, read as they are now too. */
export type WriteCheck = () => Promise<{ refused: IDataObject } | { fields: string[] }>;

/**
 * A write's Check Only on one record: its id and Fields List, then the write's own checks, each
 * before Odoo is called; then the record as it is now (with the fields the write would change),
 * marked checked.
 */
export async function checkedRecord(ctx: OdooContext, param: ItemParameters, write?: WriteCheck): Promise<IDataObject> {
	const id = checkRecordId(param(HERMES_ODOO.params.recordId));
	if (!id.ok) return id.answer;
	const fields = checkFieldList('Fields List', param(HERMES_ODOO.params.fieldsList));
	if (!fields.ok) return fields.answer;
	const checked = write ? await write() : { fields: [] };
	if ('refused' in checked) return checked.refused;
	// No Fields List reads every field, the written ones among them.
	const wanted = fields.value.length === 0 ? [] : [...new Set([...fields.value, ...checked.fields])];
	const read = await readRecord(ctx, id.value, wanted);
	return read.success === true ? { ...read, checked: true } : read;
}
