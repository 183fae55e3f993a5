/**
 * Keys a config no longer takes, each refused with what replaced it and what to do: the product
 * keeps one way each (ARCHITECTURE.md, "One way each"), and an old config must say so rather than
 * fail as an unknown key.
 */
const HERMES_ODOO_CREDENTIAL = '"Hermes Odoo API" (hermesOdooApi; "Hermes Odoo API Key API" with odooCredentialType: \'odooApiKeyApi\')';

/** Why a removed key is refused, for the value it holds. */
const REMOVED: Readonly<Record<string, (value: unknown) => string>> = {
	odooMode: () =>
		`removed: the Odoo tools always run the Hermes Odoo node (one login per n8n process, Odoo's refusals as markers, approvals and create-once). Delete the key. The next push replaces the n8n Odoo nodes of a deployment made with 'native'; it needs a ${HERMES_ODOO_CREDENTIAL} credential named as credentials.odoo, with the URL, database, user and password of your n8n Odoo credential`,
	n8nVersion: (value) =>
		value === '1.x'
			? "n8n 1.x is no longer a target: it has no Data Tables for approvals and create-once, and its MCP trigger cannot give the agent the answer contract. Upgrade n8n to 2.x (the README's Compatibility table lists the versions tested), then delete the key"
			: 'removed: the workflows are for n8n 2.x, the one line generated. Delete the key',
};

/** `key: why` for each removed key the raw config holds. */
export function removedKeyIssues(raw: unknown): string[] {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [];
	return Object.entries(raw)
		.filter(([key]) => Object.hasOwn(REMOVED, key))
		.map(([key, value]) => `${key}: ${REMOVED[key](value)}`);
}

/** The raw config without its removed keys, so the rest is checked too and every problem said at once. */
export function withoutRemovedKeys(raw: unknown): unknown {
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
	return Object.fromEntries(Object.entries(raw).filter(([key]) => !Object.hasOwn(REMOVED, key)));
}
