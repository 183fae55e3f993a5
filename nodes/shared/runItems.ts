import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { AGENT_ARGUMENTS, undeclaredArguments } from '../../core/agentArguments';
import type { GatewayContract } from '../../core/gatewayContract';
import type { ItemParameters } from './operations';
import { TransportError } from './transport/types';
import { messageOf } from '../../core/text';
import { transportFaultAnswer } from './transportAnswer';

/**
 * Runs a gateway operation once per input item. Structured answers (success or marker) are
 * returned as items; a transport fault becomes `__UNAVAILABLE__` in its state (the agent must
 * hear about it, and the item stays paired). Anything else is a bug: it honours `continueOnFail`, otherwise
 * it throws a NodeOperationError naming the item.
 */
export async function runPerItem(
	ctx: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<IDataObject>,
): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			out.push({ json: await handle(itemIndex), pairedItem: { item: itemIndex } });
		} catch (error) {
			if (error instanceof TransportError) {
				out.push({ json: transportFaultAnswer(error), pairedItem: { item: itemIndex } });
				continue;
			}
			if (ctx.continueOnFail()) {
				out.push({ json: { error: messageOf(error) }, pairedItem: { item: itemIndex } });
				continue;
			}
			// NodeOperationError's constructor hands back an existing NodeOperationError unchanged.
			throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
		}
	}
	return [out];
}

/**
 * A node's `execute`: each item answered by `answer` from the item's parameters. A node whose
 * contract has the agent-arguments pair first refuses a call with an argument the tool does not
 * take, before it reads anything else.
 */
export async function runGateway(
	ctx: IExecuteFunctions,
	contract: Pick<GatewayContract, 'agentArguments'>,
	answer: (param: ItemParameters, itemIndex: number) => IDataObject | Promise<IDataObject>,
): Promise<INodeExecutionData[][]> {
	return await runPerItem(ctx, async (itemIndex) => {
		const param: ItemParameters = (name, fallback = '') => ctx.getNodeParameter(name, itemIndex, fallback);
		const refusal = contract.agentArguments ? undeclaredArguments(param(AGENT_ARGUMENTS.params.sent), param(AGENT_ARGUMENTS.params.accepted)) : undefined;
		return refusal ?? (await answer(param, itemIndex));
	});
}
