import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { TransportError } from './transport/types';
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
				out.push({ json: { ...transportFaultAnswer(error) }, pairedItem: { item: itemIndex } });
				continue;
			}
			if (ctx.continueOnFail()) {
				const message = error instanceof Error ? error.message : String(error);
				out.push({ json: { error: message }, pairedItem: { item: itemIndex } });
				continue;
			}
			// NodeOperationError's constructor hands back an existing NodeOperationError unchanged.
			throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
		}
	}
	return [out];
}
