import type { IDataObject } from 'n8n-workflow';

import type { OdooContext } from '../../helpers/context';

/** Creates one record from values already typed for their fields; answers its id. */
export async function execute(ctx: OdooContext, values: Record<string, unknown>): Promise<IDataObject> {
	const created = await ctx.call({ method: 'create', kwargs: { vals_list: [values] }, readOnly: false });
	if (!created.ok) return { ...created.answer };
	const id = Array.isArray(created.value) ? (created.value[0] as unknown) : created.value;
	return { success: true, model: ctx.model, id: id as number };
}
