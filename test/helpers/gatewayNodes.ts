/**
 * Every gateway node, by the name workflows use for it, with its folder under `nodes/`. The one
 * list of node classes the tests share: a gateway added to GATEWAY_CONTRACTS makes TypeScript
 * point here, and `test/unit/shared/packageNodes.test.ts` holds it to the folders and to
 * package.json's `n8n.nodes`.
 */
import type { IVersionedNodeType } from 'n8n-workflow';

import { GATEWAY_CONTRACTS, GATEWAY_NAMES, type GatewayContract, type GatewayName } from '../../nodes/contracts';
import { HermesContent } from '../../nodes/HermesContent/HermesContent.node';
import { HermesDocker } from '../../nodes/HermesDocker/HermesDocker.node';
import { HermesMonitoring } from '../../nodes/HermesMonitoring/HermesMonitoring.node';
import { HermesVault } from '../../nodes/HermesVault/HermesVault.node';

export interface GatewayNode {
	/** The node's folder under `nodes/`, also the name of its main file (`<folder>.node.ts`). */
	folder: string;
	node: IVersionedNodeType;
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
