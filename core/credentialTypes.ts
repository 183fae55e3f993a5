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
