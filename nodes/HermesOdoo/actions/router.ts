import type { IDataObject } from 'n8n-workflow';

import { pickOperation, type ItemParameters } from '../../shared/operations';
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
 * the field types first). A write's `check` is its Check Only run: the same checks, and reads only.
 */
export interface OdooOperationModule {
	execute(ctx: OdooContext, param: ItemParameters): Promise<IDataObject>;
	check?(ctx: OdooContext, param: ItemParameters): Promise<IDataObject>;
}

const OPERATIONS: Readonly<Record<OdooOperation, OdooOperationModule>> = { create, get, getAll, update, delete: del };

/** The operation, then the model every operation needs; the credential is read only once a call goes to Odoo. */
export async function router(context: (model: string) => OdooContext, param: ItemParameters): Promise<IDataObject> {
	const picked = pickOperation(OPERATIONS, param(HERMES_ODOO.params.operation));
	if (!picked.ok) return { ...picked.answer };
	const model = checkModel(param(HERMES_ODOO.params.model));
	if (!model.ok) return { ...model.answer };
	const { check, execute } = picked.value.module;
	const run = check && param(HERMES_ODOO.params.checkOnly, false) === true ? check : execute;
	return await run(context(model.value), param);
}
