/** A gateway node's operator settings, from the deployment config (the same in both gateway modes). */
import { GATEWAY_CONTRACTS, type GatewayName } from '../contracts';

import type { HermesConfig } from '../config';
import type { JsonObject } from './n8nTypes';

export function gatewaySettings(gateway: GatewayName, config: HermesConfig): JsonObject {
	switch (gateway) {
		case 'vault':
			return { [GATEWAY_CONTRACTS.vault.params.vaultPath]: config.vault.path, [GATEWAY_CONTRACTS.vault.params.writePrefixes]: config.vault.writePrefixes.join(',') };
		case 'docker':
			return {
				[GATEWAY_CONTRACTS.docker.params.dockerCommand]: config.docker.command,
				[GATEWAY_CONTRACTS.docker.params.protectedStacks]: config.docker.protectedStacks.join(','),
			};
		case 'monitoring':
			return { [GATEWAY_CONTRACTS.monitoring.params.prometheusUrl]: config.prometheusUrl };
		case 'content':
			return {};
	}
}

/** The SSH credential a gateway node needs, if any. */
export function gatewayCredentials(gateway: GatewayName, config: HermesConfig): { credentials?: Record<string, { name: string }> } {
	return GATEWAY_CONTRACTS[gateway].ssh ? { credentials: { hermesSshApi: { name: config.credentials.ssh } } } : {};
}
