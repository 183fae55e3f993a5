import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { AGENT_ARGUMENTS, undeclaredArguments } from './agentArguments';

/**
 * One item's refusal of an argument the tool does not take, read from the node's two
 * agent-arguments parameters; undefined when the call may run.
 */
export function refusedArguments(ctx: IExecuteFunctions, itemIndex: number): IDataObject | undefined {
	const param = (name: string) => ctx.getNodeParameter(name, itemIndex, '');
	const refusal = undeclaredArguments(param(AGENT_ARGUMENTS.params.sent), param(AGENT_ARGUMENTS.params.accepted));
	return refusal ? { ...refusal } : undefined;
}
