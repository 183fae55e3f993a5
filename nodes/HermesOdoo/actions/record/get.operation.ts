import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../../../core/markers';
import type { ItemParameters } from '../../../shared/operations';
import { HERMES_ODOO, recordNotFoundHint } from '../../../../core/odoo/contract';
import type { OdooContext } from '../../helpers/context';
import { checkFieldList, checkRecordId } from '../../helpers/validate';

/** One record by id. Odoo answers an unknown id with no record at all: that is __NOT_FOUND__, never `[]`. */
export async function execute(ctx: OdooContext, param: ItemParameters): Promise<IDataObject> {
	const fields = checkFieldList('Fields List', param(HERMES_ODOO.params.fieldsList));
	if (!fields.ok) return { ...fields.answer };
	const id = checkRecordId(param(HERMES_ODOO.params.recordId));
	if (!id.ok) return { ...id.answer };
	const found = await ctx.call({ method: 'read', ids: [id.value], kwargs: { fields: fields.value }, readOnly: true });
	if (!found.ok) return { ...found.answer };
	const [record] = Array.isArray(found.value) ? (found.value as IDataObject[]) : [];
	if (!record) return { ...errorAnswer('__NOT_FOUND__', recordNotFoundHint(ctx.model, id.value)) };
	return { success: true, model: ctx.model, record };
}
