/** The embedded default config: the production system of the article. */
import type { HermesConfig } from './schema';

export const DEFAULT_CONFIG: HermesConfig = {
	workflowName: 'Hermes MCP Tools',
	mcpPath: 'hermes-tools',
	nodeTypePrefix: 'n8n-nodes-hermes',
	credentials: { odoo: 'Odoo', ssh: 'Hermes SSH', bearer: 'Hermes MCP Bearer' },
	odooCredentialType: 'odooApi',
	gatewayWorkflows: {
		vault: 'Hermes Gateway - Vault',
		docker: 'Hermes Gateway - Docker',
		monitoring: 'Hermes Gateway - Monitoring',
		content: 'Hermes Gateway - Content',
	},
	pipelineWorkflow: { name: 'Telegram Content Pipeline' },
	vault: { path: '~/vaults/vps-vault', writePrefixes: ['research/', 'inbox/'] },
	docker: { command: 'docker', protectedStacks: ['security-stack'] },
	prometheusUrl: 'http://127.0.0.1:9090',
	employeeId: 1,
	toolsets: [],
};
