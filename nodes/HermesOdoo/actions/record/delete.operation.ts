import type { IDataObject } from 'n8n-workflow';

import type { ItemParameters } from '../../../shared/operations';
import { HERMES_ODOO } from '../../../../core/odoo/contract';
import type { OdooContext } from '../../helpers/context';
import { checkRecordId } from '../../helpers/validate';
import { checkedRecord } from './get.operation';

/** Deletes one record; an unknown id is Odoo's MissingError, __NOT_FOUND__. */
export async function execute(ctx: OdooContext, param: ItemParameters): Promise<IDataObject> {
	const id = checkRecordId(param(HERMES_ODOO.params.recordId));
	if (!id.ok) return id.answer;
	const deleted = await ctx.call({ method: 'unlink', ids: [id.value], kwargs: {}, readOnly: false });
	if (!deleted.ok) return deleted.answer;
	return { success: true, model: ctx.model, id: id.value, deleted: true };
}

/** Check Only: the record as it is now (__NOT_FOUND__ for an unknown id); nothing deleted. */
export async function check(ctx: OdooContext, param: ItemParameters): Promise<IDataObject> {
	return await checkedRecord(ctx, param);
}
