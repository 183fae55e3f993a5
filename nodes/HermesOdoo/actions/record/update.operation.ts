import type { IDataObject } from 'n8n-workflow';

import type { ItemParameters } from '../../../shared/operations';
import { HERMES_ODOO } from '../../../../core/odoo/contract';
import type { OdooContext } from '../../helpers/context';
import { checkRecordId } from '../../helpers/validate';
import { valuesToWrite } from './create.operation';
import { checkedRecord } from './get.operation';

/** Writes values typed for their fields to one record; an unknown id is Odoo's MissingError, __NOT_FOUND__. */
export async function execute(ctx: OdooContext, param: ItemParameters): Promise<IDataObject> {
	const id = checkRecordId(param(HERMES_ODOO.params.recordId));
	if (!id.ok) return id.answer;
	const values = await valuesToWrite(ctx, param);
	if (!values.ok) return values.answer;
	const written = await ctx.call({ method: 'write', ids: [id.value], kwargs: { vals: values.value }, readOnly: false });
	if (!written.ok) return written.answer;
	return { success: true, model: ctx.model, id: id.value };
}

/**
 * Check Only: the id, the values as they would be written, then the record as it is now, and
 * each change the update would make (the field, its value now, the value it would get); nothing
 * written.
 */
export async function check(ctx: OdooContext, param: ItemParameters): Promise<IDataObject> {
	let written: Record<string, unknown> = {};
	const read = await checkedRecord(ctx, param, async () => {
		const values = await valuesToWrite(ctx, param);
		if (!values.ok) return { refused: values.answer };
		written = values.value;
		return { fields: Object.keys(written) };
	});
	if (read.success !== true) return read;
	const record = read.record as IDataObject;
	const changes = Object.entries(written).map(([field, value]) => ({ field, current: record[field] ?? null, new: value }) as IDataObject);
	return { ...read, changes };
}
