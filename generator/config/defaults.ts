/** The built-in default config: the Hermes production system, with the default catalogue. */
import { join } from 'node:path';

import { GATEWAY_CONTRACTS, GATEWAY_NAMES } from '../contracts';
import { packageRoot } from '../runtime/packageRoot';
import { defaultNodeSettings } from './nodeSettings';
import { CREATES_DEFAULTS, type HermesConfig } from './schema';

/** Where catalogue files live: in this package, in a project `init` made, in what `import` writes. */
export const CATALOGUE_DIR = 'catalogue';

/** The default catalogue's files, in the workflow's tool order (shipped as TypeScript sources). */
export const DEFAULT_CATALOGUE_FILES = ['odooProjects.ts', 'odooContacts.ts', 'crm.ts', 'timesheets.ts', 'vault.ts', 'infrastructure.ts'];

export function defaultConfig(): HermesConfig {
	const config = {
		catalogue: DEFAULT_CATALOGUE_FILES.map((file) => join(packageRoot(), CATALOGUE_DIR, file)),
		workflowName: 'Hermes MCP Tools',
		mcpPath: DEFAULT_MCP_PATH,
		nodeTypePrefix: 'n8n-nodes-hermes',
		credentials: { odoo: 'Odoo', ssh: 'Hermes SSH', bearer: 'Hermes MCP Bearer' },
		odooCredentialType: 'odooApi',
		gatewayMode: 'subworkflow',
		subWorkflowExecutions: 'all',
		gatewayWorkflows: Object.fromEntries(GATEWAY_NAMES.map((gateway) => [gateway, GATEWAY_CONTRACTS[gateway].subWorkflow.name])) as HermesConfig['gatewayWorkflows'],
		pipelineWorkflow: { name: 'Telegram Content Pipeline' },
		employeeId: 1,
		toolsets: [],
		creates: { ...CREATES_DEFAULTS },
		// A note is private and long: the ledger shows its size, the vault keeps its history.
		ledger: { redact: ['vault_write.content'] },
	} satisfies Partial<HermesConfig>;
	// The keys left are the gateways' settings, from their contracts; every parse of this default checks them against the schema.
	return { ...config, ...(defaultNodeSettings() as Omit<HermesConfig, keyof typeof config>) };
}

/** The endpoint the built-in names belong to: a config on another path names what it generates after that path. */
export const DEFAULT_MCP_PATH = 'hermes-tools';

/** `at` of a nested object, created on the way. */
function objectAt(root: Record<string, unknown>, key: string): Record<string, unknown> {
	const value = root[key];
	if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
	return (root[key] = {});
}

const has = (object: unknown, key: string) => typeof object === 'object' && object !== null && key in object;

/**
 * What a config generates is named after its endpoint, unless the config names it itself: on the
 * default path the built-in names, on path P each name with " (P)" and each webhook path with
 * "-P". So two configs in one n8n never share a generated workflow or a webhook path unless one
 * of them says so (then a push changes it for both, and push and doctor say so). `user` is the
 * config file's own object, `merged` it over the built-in default; `merged` is changed.
 */
export function nameAfterEndpoint(user: Record<string, unknown>, merged: Record<string, unknown>, defaults: { approvals: { pageWorkflow: string; gateWorkflowPrefix: string; pagePath: string }; admin: { workflowName: string; path: string } }): void {
	const path = merged.mcpPath;
	if (typeof path !== 'string' || path === DEFAULT_MCP_PATH) return;
	const named = (name: string) => `${name} (${path})`;
	if (!has(user, 'workflowName')) merged.workflowName = named(String(merged.workflowName));
	const userGateways = user.gatewayWorkflows;
	const gateways = objectAt(merged, 'gatewayWorkflows');
	for (const gateway of Object.keys(gateways)) if (!has(userGateways, gateway)) gateways[gateway] = named(String(gateways[gateway]));
	if (has(user, 'approvals')) {
		const approvals = objectAt(merged, 'approvals');
		if (!has(user.approvals, 'pageWorkflow')) approvals.pageWorkflow = named(defaults.approvals.pageWorkflow);
		if (!has(user.approvals, 'gateWorkflowPrefix')) approvals.gateWorkflowPrefix = defaults.approvals.gateWorkflowPrefix.replace(/ - $/, ` (${path}) - `);
		if (!has(user.approvals, 'pagePath')) approvals.pagePath = `${defaults.approvals.pagePath}-${path}`;
	}
	const creates = objectAt(merged, 'creates');
	if (!has(user.creates, 'workflowPrefix')) creates.workflowPrefix = CREATES_DEFAULTS.workflowPrefix.replace(/ - $/, ` (${path}) - `);
	if (has(user, 'admin')) {
		const admin = objectAt(merged, 'admin');
		if (!has(user.admin, 'workflowName')) admin.workflowName = named(defaults.admin.workflowName);
		if (!has(user.admin, 'path')) admin.path = `${defaults.admin.path}-${path}`;
	}
}
