import type { HermesConfig } from './schema';

/**
 * The name of the deployment a config makes: its MCP endpoint's path, which no other deployment
 * on the same n8n can have (n8n serves one workflow per webhook path). Rows several deployments
 * share carry it, and the exporter labels its own health with it.
 */
export function deploymentName(config: Pick<HermesConfig, 'mcpPath'>): string {
	return config.mcpPath;
}
