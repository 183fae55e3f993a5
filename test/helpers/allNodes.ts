/**
 * Every node of the package, from the `cases.ts` of its test folder (`test/unit/nodes/<folder>/`,
 * the folder named as the node's under `nodes/`): no hand-kept list of nodes for the shared tests.
 * `test/unit/nodes/shared/packageNodes.test.ts` holds these to the folders and to package.json's
 * `n8n.nodes`, and every gateway of GATEWAY_CONTRACTS to one of them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { GATEWAY_CONTRACTS, GATEWAY_NAMES, type GatewayName } from '../../core';
import type { NodeCases } from './nodeCases';

export interface NodeEntry extends NodeCases {
	/** The node's folder under `nodes/`, also the name of its main file (`<folder>.node.ts`). */
	folder: string;
}

const NODE_TESTS = join(__dirname, '..', 'unit', 'nodes');

function casesOf(folder: string): NodeEntry {
	// Found by folder at run time, so no import list names the nodes.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { CASES } = require(join(NODE_TESTS, folder, 'cases')) as { CASES?: NodeCases };
	if (!CASES) throw new Error(`test/unit/nodes/${folder}/cases.ts exports no CASES`);
	return { folder, ...CASES };
}

export const ALL_NODES: NodeEntry[] = readdirSync(NODE_TESTS)
	.filter((folder) => existsSync(join(NODE_TESTS, folder, 'cases.ts')))
	.map(casesOf);

/** `[gateway, node]` in GATEWAY_NAMES order; a gateway no cases file names is missing here (packageNodes.test.ts). */
export const GATEWAY_NODE_LIST: Array<[GatewayName, NodeEntry]> = GATEWAY_NAMES.flatMap((gateway) => {
	const entry = ALL_NODES.find(({ contract }) => contract === GATEWAY_CONTRACTS[gateway]);
	return entry ? [[gateway, entry]] : [];
});
