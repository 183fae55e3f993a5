import type { IAuthenticateGeneric, Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { ODOO_DATABASE, ODOO_SITE_URL, ODOO_TEST_BASE_URL, ODOO_TEST_DATABASE } from './odooCredentialFields';
import { CREDENTIAL_DISPLAY_NAMES } from '../core/credentialTypes';

/**
 * Odoo over JSON-2 (`/json/2/<model>/<method>`, Odoo 19+) for the Hermes Odoo node: the fields of
 * n8n's own Odoo API Key credential. The key goes with every call; there is no login.
 */
export class HermesOdooApiKeyApi implements ICredentialType {
	name = 'hermesOdooApiKeyApi';

	displayName = CREDENTIAL_DISPLAY_NAMES.hermesOdooApiKeyApi;

	icon: Icon = { light: 'file:hermesOdoo.svg', dark: 'file:hermesOdoo.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-hermes/n8n-nodes-hermes/blob/main/docs/nodes/odoo.md';

	properties: INodeProperties[] = [
		ODOO_SITE_URL,
		ODOO_DATABASE,
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			default: '',
			typeOptions: { password: true },
			required: true,
			description: 'An API key from Odoo: Settings > Technical > API Keys (Odoo 19+)',
		},
	];

	// Odoo's JSON-2 takes the key as a lower-case bearer token.
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: { headers: { Authorization: '=bearer {{$credentials.apiKey}}' } },
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: ODOO_TEST_BASE_URL,
			url: '/json/2/res.partner/search_read',
			method: 'POST',
			headers: { 'X-Odoo-Database': ODOO_TEST_DATABASE },
			body: { domain: [], fields: ['id'], limit: 1 },
		},
	};
}
