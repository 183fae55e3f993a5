import type { INodeProperties } from 'n8n-workflow';

/** What both Hermes Odoo credentials share with each other and with n8n's Odoo credentials. */
export const ODOO_SITE_URL: INodeProperties = {
	displayName: 'Site URL',
	name: 'url',
	type: 'string',
	default: '',
	placeholder: 'https://my-organization.odoo.com',
	required: true,
};

export const ODOO_DATABASE: INodeProperties = {
	displayName: 'Database Name',
	name: 'db',
	type: 'string',
	default: '',
	description: 'Empty: the first label of the Site URL host name',
};

/** The credential test's base URL, and the database name as the node reads it (as n8n's Odoo node does). */
export const ODOO_TEST_BASE_URL = '={{$credentials.url.replace(/\\/$/, "")}}';
export const ODOO_TEST_DATABASE = '={{$credentials.db || $credentials.url.replace(/\\/$/, "").split(".")[0].split("//")[1]}}';
