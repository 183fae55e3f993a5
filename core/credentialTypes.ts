import { HERMES_ODOO_CREDENTIALS, type OdooCredentialType } from './odoo/contract';

/**
 * What n8n's UI calls each credential type the generated workflows use (Credentials > Add
 * credential lists them so): push and doctor name a type by it, with the type's own name beside
 * it, since the person creating the credential searches for the first. This package's credential
 * classes take their displayName from here.
 */
export const CREDENTIAL_DISPLAY_NAMES: Readonly<Record<string, string>> = {
	hermesSshApi: 'Hermes SSH API',
	hermesOdooApi: 'Hermes Odoo API',
	hermesOdooApiKeyApi: 'Hermes Odoo API Key API',
	// n8n's own, as n8n 2.41.1's credential classes name them.
	odooApi: 'Odoo API',
	odooApiKeyApi: 'Odoo API (API Key)',
	httpBearerAuth: 'Bearer Auth',
	smtp: 'SMTP',
	telegramApi: 'Telegram API',
	n8nApi: 'n8n API',
};

/** `"Hermes Odoo API" (hermesOdooApi)`, or the type alone where the UI's name is not known here. */
export function credentialTypeText(type: string): string {
	const shown = CREDENTIAL_DISPLAY_NAMES[type];
	return shown === undefined ? type : `"${shown}" (${type})`;
}

/** What a Hermes Odoo credential holds, by its type: the fields of its n8n twin. */
const HERMES_ODOO_FIELDS: Readonly<Record<OdooCredentialType, string>> = { odooApi: 'URL, database, user and password', odooApiKeyApi: 'URL, database and API key' };

/**
 * The Hermes Odoo credential that replaces an n8n Odoo credential (`n8nCredential`, as the
 * sentence ends) now the Odoo tools run the Hermes Odoo node: push, import and a config's removed
 * odooMode all say it, so they say it alike.
 */
export function hermesOdooCredentialText(odooType: OdooCredentialType, name: string | undefined, n8nCredential: string): string {
	const named = name === undefined ? '' : ` named "${name}"`;
	return `a ${credentialTypeText(HERMES_ODOO_CREDENTIALS[odooType])} credential${named} (Credentials > Add credential) with the same ${HERMES_ODOO_FIELDS[odooType]} as ${n8nCredential}`;
}
