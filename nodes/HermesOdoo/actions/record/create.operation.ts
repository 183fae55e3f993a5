import type { IDataObject } from 'n8n-workflow';

import type { Checked } from '../../../../core/checked';
import type { ItemParameters } from '../../../shared/operations';
import { HERMES_ODOO, ODOO_COLLECTIONS } from '../../../../core/odoo/contract';
import type { OdooContext } from '../../helpers/context';
import { checkFieldList, checkWrites, collectionEntries } from '../../helpers/validate';
import { typedValues } from '../../helpers/values';

/** The values a create or update sends: allowed by the node, then typed for their fields (the one read of Odoo before the call). */
export async function valuesToWrite(ctx: OdooContext, param: ItemParameters): Promise<Checked<Record<string, unknown>>> {
	const allowed = checkFieldList('Allowed Fields', param(HERMES_ODOO.params.allowedFields));
	if (!allowed.ok) return allowed;
	const { write } = ODOO_COLLECTIONS;
	const writes = collectionEntries(param(HERMES_ODOO.params.fieldsToWrite), write.entry).map((e) => ({ name: e[write.field], value: e[write.value] }));
	const values = checkWrites(writes, allowed.value);
	if (!values.ok) return values;
	const fields = await ctx.fields();
	if (!fields.ok) return fields;
	return typedValues(ctx.model, values.value, fields.value);
}

/** Creates one record from values typed for their fields; answers its id. */
export async function execute(ctx: OdooContext, param: ItemParameters): Promise<IDataObject> {
	const values = await valuesToWrite(ctx, param);
	if (!values.ok) return values.answer;
	const created = await ctx.call({ method: 'create', kwargs: { vals_list: [values.value] }, readOnly: false });
	if (!created.ok) return created.answer;
	const id = Array.isArray(created.value) ? (created.value[0] as unknown) : created.value;
	return { success: true, model: ctx.model, id: id as number };
}

/** Check Only: the values as they would be written, nothing created. */
export async function check(ctx: OdooContext, param: ItemParameters): Promise<IDataObject> {
	const values = await valuesToWrite(ctx, param);
	if (!values.ok) return values.answer;
	return { success: true, checked: true, model: ctx.model };
}
