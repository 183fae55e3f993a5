import type { IDataObject } from 'n8n-workflow';

import { pickOperation, runOperation, type ItemParameters, type OperationModule } from '../../shared/operations';
import { HERMES_ODOO, type OdooOperation } from '../../../core/odoo/contract';
import type { OdooContext } from '../helpers/context';
import { checkModel } from '../helpers/validate';
import * as create from './record/create.operation';
import * as del from './record/delete.operation';
import * as get from './record/get.operation';
import * as getAll from './record/getAll.operation';
import * as update from './record/update.operation';

/**
 * An operation reads its own parameters and checks them all before it calls Odoo (a write reads
 * the field types first). A write's Check Only run: the same checks, and reads only.
 */
const OPERATIONS: Readonly<Record<OdooOperation, OperationModule<[OdooContext, ItemParameters]>>> = { create, get, getAll, update, delete: del };

/** The operation, then the model every operation needs; the credential is read only once a call goes to Odoo. */
export async function router(context: (model: string) => OdooContext, param: ItemParameters): Promise<IDataObject> {
	const picked = pickOperation(OPERATIONS, param(HERMES_ODOO.params.operation));
	if (!picked.ok) return picked.answer;
	const model = checkModel(param(HERMES_ODOO.params.model));
	if (!model.ok) return model.answer;
	return await runOperation(HERMES_ODOO, picked.value.module, param, context(model.value), param);
}
