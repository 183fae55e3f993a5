import { VersionedNodeType, type INodeTypeBaseDescription } from 'n8n-workflow';

import { gatewayBaseDescription } from '../shared/description';
import { HERMES_ODOO } from './contract';
import { HermesOdooV1 } from './v1/HermesOdooV1';

export class HermesOdoo extends VersionedNodeType {
	constructor() {
		const baseDescription: INodeTypeBaseDescription = gatewayBaseDescription(HERMES_ODOO, {
			group: 'transform',
			description:
				"Creates, reads, searches, updates or deletes records of an Odoo model with one login per credential per n8n process. Values are converted to their field's type; every refusal is an answer with a marker and retry.",
		});
		super({ 1: new HermesOdooV1(baseDescription) }, baseDescription);
	}
}
