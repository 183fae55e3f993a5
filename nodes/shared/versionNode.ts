import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeBaseDescription, INodeTypeDescription } from 'n8n-workflow';

import { refusedArguments } from './agentArgumentsCheck';
import { SSH_CREDENTIAL_TEST } from './credentialTest';
import { hasAgentArguments } from './agentArguments';
import { gatewayVersionDescription, type VersionDescription } from './description';
import type { GatewayContract } from './gatewayContract';
import { runPerItem } from './runItems';

/** One call's answer for one item, from the node's execution context (parameters, credentials). */
export type AnswerItem = (ctx: IExecuteFunctions) => (itemIndex: number) => Promise<IDataObject>;

/**
 * The class of one version of a gateway node: its description, the SSH credential's test for an
 * SSH node, and an `execute` that answers each item as `answer` says. A version's own file
 * supplies only what is its own (its description and how it reads its parameters), so every
 * version shares the rest of the node's behaviour. From the contract's `agentArgumentsSince` on, a
 * call with an argument the tool does not take is refused before the node reads anything else.
 */
export function gatewayVersionNode(contract: GatewayContract, spec: VersionDescription, answer: AnswerItem) {
	return class implements INodeType {
		description: INodeTypeDescription;

		methods = contract.ssh ? SSH_CREDENTIAL_TEST : undefined;

		constructor(baseDescription: INodeTypeBaseDescription) {
			this.description = gatewayVersionDescription(contract, baseDescription, spec);
		}

		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			if (!hasAgentArguments(contract, spec.version)) return await runPerItem(this, answer(this));
			const answerItem = answer(this);
			return await runPerItem(this, async (itemIndex) => refusedArguments(this, itemIndex) ?? (await answerItem(itemIndex)));
		}
	};
}
