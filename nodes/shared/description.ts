import { NodeConnectionTypes, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { AGENT_ARGUMENTS } from '../../core/agentArguments';
import { SSH_CREDENTIAL, type GatewayContract } from '../../core/gatewayContract';

/** What the agent really sent, for a node used as an MCP tool (agentArguments.ts says why). */
const agentArgumentsProperties: INodeProperties[] = [
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

/** What each node file writes as literals, where n8n's lint checks them (the icon files exist, a subtitle, tool use). */
export type NodeLiterals = 'icon' | 'group' | 'subtitle' | 'description' | 'usableAsTool';

/**
 * The rest of a node's description, from its contract: names and version, one main input and
 * output, for an SSH node the credential with its test, and where the contract says so the two
 * parameters that refuse arguments no parameter takes. Every node is built here, so a unit test
 * holds them all to the same fields.
 */
export function gatewayDescription(contract: GatewayContract, properties: INodeProperties[]): Omit<INodeTypeDescription, NodeLiterals> {
	return {
		displayName: contract.displayName,
		name: contract.type,
		version: contract.typeVersion,
		defaults: { name: contract.displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		...(contract.ssh ? { credentials: [{ name: SSH_CREDENTIAL.type, required: true, testedBy: 'hermesSshConnectionTest' }] } : {}),
		properties: contract.agentArguments ? [...properties, ...agentArgumentsProperties] : properties,
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
