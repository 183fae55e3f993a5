import type { Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { ODOO_DATABASE, ODOO_SITE_URL, ODOO_TEST_BASE_URL, ODOO_TEST_DATABASE } from './odooCredentialFields';
import { CREDENTIAL_DISPLAY_NAMES } from '../core/credentialTypes';

/**
 * Odoo over JSON-RPC (`/jsonrpc`, Odoo 14-18) for the Hermes Odoo node: the fields of n8n's own
 * Odoo API credential, since a community node may not use another package's credential. The
 * node logs in once per n8n process with it.
 */
export class HermesOdooApi implements ICredentialType {
	name = 'hermesOdooApi';

	displayName = CREDENTIAL_DISPLAY_NAMES.hermesOdooApi;

	icon: Icon = { light: 'file:hermesOdoo.svg', dark: 'file:hermesOdoo.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-hermes/n8n-nodes-hermes/blob/main/docs/nodes/odoo.md';

	properties: INodeProperties[] = [
		ODOO_SITE_URL,
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			default: '',
			placeholder: 'user@email.com',
			required: true,
		},
		{
			displayName: 'Password or API Key',
			name: 'password',
			type: 'string',
			default: '',
			typeOptions: { password: true },
			required: true,
		},
		ODOO_DATABASE,
	];

	// Logs in as the node does: Odoo answers a uid for a good login and false (HTTP 200) for a bad one.
	test: ICredentialTestRequest = {
		request: {
			baseURL: ODOO_TEST_BASE_URL,
			url: '/jsonrpc',
			method: 'POST',
			body: {
				jsonrpc: '2.0',
				method: 'call',
				params: {
					service: 'common',
					method: 'login',
					args: [ODOO_TEST_DATABASE, '={{$credentials.username}}', '={{$credentials.password}}'],
				},
			},
		},
		rules: [{ type: 'responseSuccessBody', properties: { key: 'result', value: false, message: 'Odoo refused the username or password for that database' } }],
	};
}
