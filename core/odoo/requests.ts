/**
 * The exact request of one model method in each protocol, kept apart from sending it so the node
 * and check-odoo build the same requests, and a unit table can pin them.
 */
import type { OdooCall } from './types';

/** A model method and its arguments by name: the node's OdooCall, or any method check-odoo reads. */
export type MethodRequest = Pick<OdooCall, 'model' | 'ids' | 'kwargs'> & { method: string };

/**
 * The argument JSON-RPC passes by position, as Odoo's external API documents create and write.
 * By name both fail on a real Odoo 18: `execute_kw` reads create's list back by position after
 * the call (IndexError), and models override `write(self, values)` under another name (TypeError).
 */
const POSITIONAL: Readonly<Record<string, string>> = { create: 'vals_list', write: 'vals' };

/** `execute_kw`'s `args` (ids first for a record method) and `kwargs` for one call. */
export function executeKwArguments(call: MethodRequest): [unknown[], Record<string, unknown>] {
	const { [POSITIONAL[call.method] ?? '']: value, ...kwargs } = call.kwargs;
	const args = [...(call.ids === undefined ? [] : [call.ids]), ...(value === undefined ? [] : [value])];
	return [args, kwargs];
}

/** The path and body of a JSON-2 call: every argument by name, as `/json/2/<model>/<method>` binds them. */
export function json2Request(call: MethodRequest): { path: string; body: Record<string, unknown> } {
	return { path: `/json/2/${call.model}/${call.method}`, body: call.ids === undefined ? call.kwargs : { ids: call.ids, ...call.kwargs } };
}
