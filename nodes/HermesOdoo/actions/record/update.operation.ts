import type { IDataObject } from 'n8n-workflow';

import type { OdooContext } from '../../helpers/context';

/** Writes values already typed for their fields to one record; an unknown id is Odoo's MissingError, __NOT_FOUND__. */
export async function execute(ctx: OdooContext, id: number, values: Record<string, unknown>): Promise<IDataObject> {
	const written = await ctx.call({ method: 'write', ids: [id], kwargs: { vals: values }, readOnly: false });
	if (!written.ok) return { ...written.answer };
	return { success: true, model: ctx.model, id };
}
