/**
 * Every node of the package with its folder under `nodes/` and its contract; the gateways by the
 * name workflows use for them. The one list of node classes the tests share: a gateway added to
 * GATEWAY_CONTRACTS makes TypeScript point here, and `test/unit/nodes/shared/packageNodes.test.ts`
 * holds ALL_NODES to the folders and to package.json's `n8n.nodes`.
 */
import type { INodeType } from 'n8n-workflow';

import { GATEWAY_CONTRACTS, GATEWAY_NAMES, HERMES_LINT, HERMES_ODOO, type GatewayContract, type GatewayName } from '../../core';
import { HermesContent } from '../../nodes/HermesContent/HermesContent.node';
import { HermesDocker } from '../../nodes/HermesDocker/HermesDocker.node';
import { HermesLint } from '../../nodes/HermesLint/HermesLint.node';
import { HermesMonitoring } from '../../nodes/HermesMonitoring/HermesMonitoring.node';
import { HermesOdoo } from '../../nodes/HermesOdoo/HermesOdoo.node';
import { HermesVault } from '../../nodes/HermesVault/HermesVault.node';

export interface GatewayNode {
	/** The node's folder under `nodes/`, also the name of its main file (`<folder>.node.ts`). */
	folder: string;
	node: INodeType;
	contract: GatewayContract;
}

const NODES: Record<GatewayName, Omit<GatewayNode, 'contract'>> = {
	vault: { folder: 'HermesVault', node: new HermesVault() },
	docker: { folder: 'HermesDocker', node: new HermesDocker() },
	monitoring: { folder: 'HermesMonitoring', node: new HermesMonitoring() },
	content: { folder: 'HermesContent', node: new HermesContent() },
};

export const GATEWAY_NODES: Readonly<Record<GatewayName, GatewayNode>> = Object.fromEntries(
	GATEWAY_NAMES.map((gateway) => [gateway, { ...NODES[gateway], contract: GATEWAY_CONTRACTS[gateway] }]),
) as Record<GatewayName, GatewayNode>;

/** `[gateway, node]` pairs in GATEWAY_NAMES order, for `describe.each`. */
export const GATEWAY_NODE_LIST: Array<[GatewayName, GatewayNode]> = GATEWAY_NAMES.map((gateway) => [gateway, GATEWAY_NODES[gateway]]);

/** The gateways, then the Odoo node (the Odoo tools call it directly) and the lint node (the admin channel's validate tool). */
export const ALL_NODES: GatewayNode[] = [
	...GATEWAY_NODE_LIST.map(([, gateway]) => gateway),
	{ folder: 'HermesOdoo', node: new HermesOdoo(), contract: HERMES_ODOO },
	{ folder: 'HermesLint', node: new HermesLint(), contract: HERMES_LINT },
];
