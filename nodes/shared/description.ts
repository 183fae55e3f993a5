import {
	NodeConnectionTypes,
	type INodeProperties,
	type INodeTypeBaseDescription,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { AGENT_ARGUMENTS, hasAgentArguments } from './agentArguments';
import type { GatewayContract } from './gatewayContract';

export interface GatewayDescription {
	/** n8n's node group: `input` for nodes that only read, `transform` otherwise. */
	group: 'input' | 'transform';
	description: string;
}

/**
 * What every version of a gateway node shares: names from its contract, the themed icon pair
 * beside the main node file (n8n resolves every version's icons there), the version new nodes get.
 */
export function gatewayBaseDescription(contract: GatewayContract, spec: GatewayDescription): INodeTypeBaseDescription {
	return {
		displayName: contract.displayName,
		name: contract.type,
		icon: { light: `file:${contract.type}.svg`, dark: `file:${contract.type}.dark.svg` },
		group: [spec.group],
		description: spec.description,
		defaultVersion: contract.typeVersion,
	};
}

/** What differs between the versions of a node: its number, its parameters and the subtitle naming them. */
export interface VersionDescription {
	version: number;
	subtitle: string;
	properties: INodeProperties[];
}

/** What the agent really sent, for a node used as an MCP tool (agentArguments.ts says why). */
export const agentArgumentsProperties: INodeProperties[] = [
	{
		displayName: "Agent's Call",
		name: AGENT_ARGUMENTS.params.sent,
		type: 'string',
		default: '',
		placeholder: '{{ JSON.stringify($json.body.params) }}',
		description:
			'The params of the MCP tool call (name and arguments) as the agent sent them, as JSON. With Accepted Arguments set, a call with any other argument is refused with __BAD_ARGUMENT__ instead of running without it. Empty: no check.',
	},
	{
		displayName: 'Accepted Arguments',
		name: AGENT_ARGUMENTS.params.accepted,
		type: 'string',
		default: '',
		placeholder: 'path, content',
		description: "The tool's argument names as the agent sees them, comma-separated. Empty: no check.",
	},
];

/**
 * One version's description: the base (names, group, icons), one main input and output, usable
 * as a tool, and for an SSH node the credential with its test; from the contract's
 * `agentArgumentsSince` on, the two parameters that refuse arguments no parameter takes. Every version of every gateway node is
 * built here, so a unit test holds them all to the same fields.
 */
export function gatewayVersionDescription(contract: GatewayContract, base: INodeTypeBaseDescription, spec: VersionDescription): INodeTypeDescription {
	return {
		displayName: base.displayName,
		name: base.name,
		icon: base.icon,
		group: base.group,
		description: base.description,
		version: spec.version,
		subtitle: spec.subtitle,
		defaults: { name: base.displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		usableAsTool: true,
		...(contract.ssh ? { credentials: [{ name: 'hermesSshApi', required: true, testedBy: 'hermesSshConnectionTest' }] } : {}),
		properties: hasAgentArguments(contract, spec.version) ? [...spec.properties, ...agentArgumentsProperties] : spec.properties,
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
