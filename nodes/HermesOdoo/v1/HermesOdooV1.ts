import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { refusedArguments } from '../../shared/agentArgumentsCheck';
import { misconfigured } from '../../shared/checked';
import { gatewayVersionDescription } from '../../shared/description';
import { parameterReader } from '../../shared/parameterReader';
import { runPerItem } from '../../shared/runItems';
import { odooRequest, router } from '../actions/router';
import { HERMES_ODOO, HERMES_ODOO_CREDENTIALS, ODOO_CREDENTIAL_TYPES, type OdooCredentialType } from '../contract';
import { connectionFrom, n8nHttpPost } from '../helpers/connection';
import { odooContext } from '../helpers/context';
import { versionProperties } from './versionDescription';

export class HermesOdooV1 implements INodeType {
	description: INodeTypeDescription;

	constructor(baseDescription: INodeTypeBaseDescription) {
		this.description = {
			...gatewayVersionDescription(HERMES_ODOO, baseDescription, {
				version: 1,
				subtitle: '={{ $parameter["operation"] + ": " + $parameter["model"] }}',
				properties: versionProperties,
			}),
			// Odoo's own two protocols, each with its credential, instead of the SSH one.
			credentials: [
				{ name: 'hermesOdooApi', required: true, displayOptions: { show: { authentication: ['odooApi'] } } },
				{ name: 'hermesOdooApiKeyApi', required: true, displayOptions: { show: { authentication: ['odooApiKeyApi'] } } },
			],
		};
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const http = n8nHttpPost(this);
		return await runPerItem(this, async (itemIndex) => {
			const refusal = refusedArguments(this, itemIndex);
			if (refusal) return refusal;
			const param = parameterReader(this, itemIndex);
			const type = param(HERMES_ODOO.params.authentication, 'odooApi')() as OdooCredentialType;
			const connection = async () =>
				(ODOO_CREDENTIAL_TYPES as readonly string[]).includes(type)
					? connectionFrom(type, await this.getCredentials(HERMES_ODOO_CREDENTIALS[type], itemIndex))
					: misconfigured<never>('Authentication', `it must be one of ${ODOO_CREDENTIAL_TYPES.join(', ')}`);
			return await router((model) => odooContext(http, connection, model), odooRequest(HERMES_ODOO.params, param));
		});
	}
}
