import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../../shared/markers';
import { recordNotFoundHint } from '../../contract';
import type { OdooContext } from '../../helpers/context';

/** One record by id. Odoo answers an unknown id with no record at all: that is __NOT_FOUND__, never `[]`. */
export async function execute(ctx: OdooContext, id: number, fields: string[]): Promise<IDataObject> {
	const found = await ctx.call({ method: 'read', ids: [id], kwargs: { fields }, readOnly: true });
	if (!found.ok) return { ...found.answer };
	const [record] = Array.isArray(found.value) ? (found.value as IDataObject[]) : [];
	if (!record) return { ...errorAnswer('__NOT_FOUND__', recordNotFoundHint(ctx.model, id)) };
	return { success: true, model: ctx.model, record };
}
