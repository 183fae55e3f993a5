import type { IDataObject } from 'n8n-workflow';

import type { OdooContext } from '../../helpers/context';
import type { DomainTerm } from '../../helpers/validate';

/** The records matching every filter, in Odoo's order for the model, capped at `limit`. */
export async function execute(ctx: OdooContext, domain: DomainTerm[], fields: string[], limit: number | undefined): Promise<IDataObject> {
	const kwargs: Record<string, unknown> = { domain, fields };
	if (limit !== undefined) kwargs.limit = limit;
	const found = await ctx.call({ method: 'search_read', kwargs, readOnly: true });
	if (!found.ok) return { ...found.answer };
	const records = Array.isArray(found.value) ? (found.value as IDataObject[]) : [];
	return { success: true, model: ctx.model, count: records.length, records };
}
