/**
 * Keys a config no longer takes, each refused with what replaced it and what to do: the product
 * keeps one way each (ARCHITECTURE.md, "One way each"), and an old config must say so rather than
 * fail as an unknown key.
 */
import { hermesOdooCredentialText, isObject, ODOO_CREDENTIAL_TYPES } from '../contracts';

/** Why a removed key is refused, for the value it holds and the rest of the (merged) config. */
type Refusal = (value: unknown, config: Record<string, unknown>) => string;

/** The lock table of a section whose store now tells identical calls apart by their own rows (dataTables/claim.ts). */
const lockTable =
	(section: 'approvals' | 'creates'): Refusal =>
	() =>
		`removed: identical calls are now told apart by their own rows in the store (${section}.table), so no lock table is needed. Delete the key; the old table can be deleted in n8n (Overview > Data tables) once no older deployment uses it`;

/** Removed keys by their path (`section.key` for a key of a section). */
const REMOVED: Readonly<Record<string, Refusal>> = {
	odooMode: (_value, config) => {
		// The credential the config names; the schema reports a bad type or name on its own.
		const type = ODOO_CREDENTIAL_TYPES.find((t) => t === config.odooCredentialType) ?? 'odooApi';
		const odoo = isObject(config.credentials) ? config.credentials.odoo : undefined;
		return `removed: the Odoo tools always run the Hermes Odoo node (one login per n8n process, Odoo's refusals as markers, approvals and create-once). Delete the key. The next push replaces the n8n Odoo nodes of a deployment made with 'native'; it needs ${hermesOdooCredentialText(type, typeof odoo === 'string' ? odoo : undefined, 'your n8n Odoo credential')}`;
	},
	n8nVersion: (value) =>
		value === '1.x'
			? "n8n 1.x is no longer a target: it has no Data Tables for approvals and create-once, and its MCP trigger cannot give the agent the answer contract. Upgrade n8n to 2.x (the README's Compatibility table lists the versions tested), then delete the key"
			: 'removed: the workflows are for n8n 2.x, the one line generated. Delete the key',
	'approvals.lockTable': lockTable('approvals'),
	'creates.lockTable': lockTable('creates'),
};

const PATHS = Object.keys(REMOVED).map((key) => key.split('.'));

/** `key: why` for each removed key the raw config holds. */
export function removedKeyIssues(raw: unknown): string[] {
	if (!isObject(raw)) return [];
	return PATHS.flatMap((path) => {
		const parent = path.slice(0, -1).reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), raw);
		const key = path[path.length - 1];
		if (!isObject(parent) || !Object.hasOwn(parent, key)) return [];
		const name = path.join('.');
		return [`${name}: ${REMOVED[name](parent[key], raw)}`];
	});
}

/** `node` without the removed keys at `paths` (relative to it); the rest untouched. */
function without(node: unknown, paths: ReadonlyArray<readonly string[]>): unknown {
	if (!isObject(node) || paths.length === 0) return node;
	return Object.fromEntries(
		Object.entries(node)
			.filter(([key]) => !paths.some((path) => path.length === 1 && path[0] === key))
			.map(([key, value]) => [key, without(value, paths.filter((path) => path.length > 1 && path[0] === key).map((path) => path.slice(1)))]),
	);
}

/** The raw config without its removed keys, so the rest is checked too and every problem said at once. */
export function withoutRemovedKeys(raw: unknown): unknown {
	return without(raw, PATHS);
}
