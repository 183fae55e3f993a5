import { HERMES_ODOO, type OdooOperation, type OdooParam } from '../../../../core/odoo/contract';
import { HermesOdoo } from '../../../../nodes/HermesOdoo/HermesOdoo.node';
import type { NodeCases } from '../../../helpers/nodeCases';

export const CASES: NodeCases<OdooParam, OdooOperation> = {
	node: new HermesOdoo(),
	contract: HERMES_ODOO,
	group: 'transform',
	passing: {
		create: { model: 'res.partner', fieldsToWrite: { field: [{ name: 'name', value: 'x' }] } },
		get: { model: 'res.partner', recordId: '1' },
		getAll: { model: 'res.partner' },
		update: { model: 'res.partner', recordId: '1', fieldsToWrite: { field: [{ name: 'name', value: 'x' }] } },
		delete: { model: 'res.partner', recordId: '1' },
	},
};
