import type { IExecuteFunctions } from 'n8n-workflow';

/** Reads one item's parameters on demand: each version's node names them, the router reads them lazily. */
export type ParameterReader = (name: string, fallback?: string | boolean) => () => unknown;

export function parameterReader(ctx: IExecuteFunctions, itemIndex: number): ParameterReader {
	return (name, fallback = '') =>
		() =>
			ctx.getNodeParameter(name, itemIndex, fallback);
}
