import type { IDataObject } from 'n8n-workflow';

import type { OdooContext } from '../../helpers/context';

/** Deletes one record; an unknown id is Odoo's MissingError, __NOT_FOUND__. */
export async function execute(ctx: OdooContext, id: number): Promise<IDataObject> {
	const deleted = await ctx.call({ method: 'unlink', ids: [id], kwargs: {}, readOnly: false });
	if (!deleted.ok) return { ...deleted.answer };
	return { success: true, model: ctx.model, id, deleted: true };
}
