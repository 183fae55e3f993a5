import { NodeConnectionTypes, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import type { GatewayContract } from './gatewayContract';

export interface GatewayDescription {
	/** n8n's node group: `input` for nodes that only read, `transform` otherwise. */
	group: 'input' | 'transform';
	description: string;
	properties: INodeProperties[];
}

/**
 * The fields n8n's lint reads in the node file itself, so each node writes them out next to
 * the spread of gatewayDescription: the themed icon pair, the subtitle, `usableAsTool` and, for
 * an SSH node, the credential with its test (the credential's own lint rule looks for it there).
 */
export type LintReadFields = 'icon' | 'subtitle' | 'usableAsTool' | 'credentials';

/**
 * The description every gateway node shares: names from its contract, version 1, one main
 * input and output. The node adds the fields of LintReadFields; a unit test holds every node to
 * the same values for them.
 */
export function gatewayDescription(contract: GatewayContract, spec: GatewayDescription): Omit<INodeTypeDescription, LintReadFields> {
	return {
		displayName: contract.displayName,
		name: contract.type,
		group: [spec.group],
		version: 1,
		description: spec.description,
		defaults: { name: contract.displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: spec.properties,
	};
}
