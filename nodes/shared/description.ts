import {
	NodeConnectionTypes,
	type INodeProperties,
	type INodeTypeBaseDescription,
	type INodeTypeDescription,
} from 'n8n-workflow';

import type { GatewayContract } from './gatewayContract';

export interface GatewayDescription {
	/** n8n's node group: `input` for nodes that only read, `transform` otherwise. */
	group: 'input' | 'transform';
	description: string;
}

/**
 * The fields n8n's lint reads in the node file itself, so each version's node file writes them
 * out next to the spread of gatewayVersionDescription: the themed icon pair, the subtitle,
 * `usableAsTool` and, for an SSH node, the credential with its test (the credential's own lint
 * rule looks for it there). A unit test holds every node to the same values for them.
 */
export type LintReadFields = 'icon' | 'subtitle' | 'usableAsTool' | 'credentials';

/** What every version of a gateway node shares: names from its contract, the version new nodes get. */
export function gatewayBaseDescription(contract: GatewayContract, spec: GatewayDescription): INodeTypeBaseDescription {
	return {
		displayName: contract.displayName,
		name: contract.type,
		group: [spec.group],
		description: spec.description,
		defaultVersion: contract.typeVersion,
	};
}

/** One version's description: the base, that version number, one main input and output, its parameters. */
export function gatewayVersionDescription(
	base: INodeTypeBaseDescription,
	version: number,
	properties: INodeProperties[],
): Omit<INodeTypeDescription, LintReadFields> {
	return {
		displayName: base.displayName,
		name: base.name,
		group: base.group,
		description: base.description,
		version,
		defaults: { name: base.displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties,
	};
}

/** A setting's default, from the contract that the workflow generator reads too. */
export function settingDefault<Param extends string>(contract: GatewayContract<Param>, role: Param): string | boolean {
	return contract.settingDefaults[role] ?? '';
}

/** Shows an operation-specific parameter only for the operations its contract says it serves. */
export function shownFor<Param extends string>(contract: GatewayContract<Param>, role: Param): Pick<INodeProperties, 'displayOptions'> {
	const operations = contract.shownFor[role];
	return operations ? { displayOptions: { show: { operation: [...operations] } } } : {};
}
