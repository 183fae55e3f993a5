/** The built-in default config: the Hermes production system, with the default 32-tool catalogue. */
import { DOCKER, MONITORING, VAULT } from '../contracts';
import { join } from 'node:path';

import { packageRoot } from '../runtime/packageRoot';
import type { HermesConfig } from './schema';

/** Where catalogue files live: in this package, in a project `init` made, in what `import` writes. */
export const CATALOGUE_DIR = 'catalogue';

/** The default catalogue's files, in the workflow's tool order (shipped as TypeScript sources). */
export const DEFAULT_CATALOGUE_FILES = ['odooProjects.ts', 'odooContacts.ts', 'crm.ts', 'timesheets.ts', 'vault.ts', 'infrastructure.ts'];

const list = (setting: string | boolean | undefined) => String(setting ?? '').split(',').filter(Boolean);

export function defaultConfig(): HermesConfig {
	return {
		catalogue: DEFAULT_CATALOGUE_FILES.map((file) => join(packageRoot(), CATALOGUE_DIR, file)),
		workflowName: 'Hermes MCP Tools',
		mcpPath: 'hermes-tools',
		nodeTypePrefix: 'n8n-nodes-hermes',
		credentials: { odoo: 'Odoo', ssh: 'Hermes SSH', bearer: 'Hermes MCP Bearer' },
		odooCredentialType: 'odooApi',
		odooMode: 'native',
		n8nVersion: '2.x',
		gatewayMode: 'subworkflow',
		subWorkflowExecutions: 'all',
		gatewayWorkflows: {
			vault: 'Hermes Gateway - Vault',
			docker: 'Hermes Gateway - Docker',
			monitoring: 'Hermes Gateway - Monitoring',
			content: 'Hermes Gateway - Content',
		},
		pipelineWorkflow: { name: 'Telegram Content Pipeline' },
		// The node's own setting defaults, so a generated gateway behaves as the node does by default.
		vault: { path: String(VAULT.settingDefaults.vaultPath), writePrefixes: list(VAULT.settingDefaults.writePrefixes) },
		docker: { command: String(DOCKER.settingDefaults.dockerCommand), protectedStacks: list(DOCKER.settingDefaults.protectedStacks) },
		prometheusUrl: String(MONITORING.settingDefaults.prometheusUrl),
		employeeId: 1,
		toolsets: [],
	};
}
