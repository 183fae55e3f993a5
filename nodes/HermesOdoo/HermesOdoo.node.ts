import type { ICredentialDataDecryptedObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { misconfigured } from '../../core/checked';
import { messageOf } from '../../core/text';
import { gatewayDescription } from '../shared/description';
import { runGateway } from '../shared/runItems';
import { router } from './actions/router';
import { HERMES_ODOO, HERMES_ODOO_CREDENTIALS, ODOO_CREDENTIAL_TYPES, type OdooCredentialType } from '../../core/odoo/contract';
import { properties } from './description';
import { connectionFrom, n8nHttpPost } from './helpers/connection';
import { odooContext } from './helpers/context';

export class HermesOdoo implements INodeType {
	description: INodeTypeDescription = {
		...gatewayDescription(HERMES_ODOO, properties),
		icon: { light: 'file:hermesOdoo.svg', dark: 'file:hermesOdoo.dark.svg' },
		group: ['transform'],
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["model"] }}',
		description:
			"Creates, reads, searches, updates or deletes records of an Odoo model with one login per credential per n8n process. Values are converted to their field's type; every refusal is an answer with a marker and retry.",
		usableAsTool: true,
		// Odoo's own two protocols, each with its credential, instead of the SSH one.
		credentials: [
			{ name: HERMES_ODOO_CREDENTIALS.odooApi, required: true, displayOptions: { show: { authentication: ['odooApi'] } } },
			{ name: HERMES_ODOO_CREDENTIALS.odooApiKeyApi, required: true, displayOptions: { show: { authentication: ['odooApiKeyApi'] } } },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const http = n8nHttpPost(this);
		return await runGateway(this, HERMES_ODOO, async (param, itemIndex) => {
			const type = param(HERMES_ODOO.params.authentication, 'odooApi') as OdooCredentialType;
			const connection = async () => {
				if (!(ODOO_CREDENTIAL_TYPES as readonly string[]).includes(type)) return misconfigured<never>('Authentication', `it must be one of ${ODOO_CREDENTIAL_TYPES.join(', ')}`);
				// n8n throws where it cannot give the credential (deleted, or not usable here): the operator's setting, a marker, not n8n's error text.
				let credential: ICredentialDataDecryptedObject;
				try {
					credential = await this.getCredentials(HERMES_ODOO_CREDENTIALS[type], itemIndex);
				} catch (error) {
					return misconfigured<never>('Credential', `n8n could not give this node its ${HERMES_ODOO_CREDENTIALS[type]} credential (${messageOf(error)}): check the credential the workflow names exists and may be used here`);
				}
				return connectionFrom(type, credential);
			};
			return await router((model) => odooContext(http, connection, model), param);
		});
	}
}
