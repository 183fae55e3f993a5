import type { IDataObject } from 'n8n-workflow';

import { ok, refuse, type Checked } from '../../core/checked';
import type { GatewayContract } from '../../core/gatewayContract';
import { errorAnswer } from '../../core/markers';
import { shown } from '../../core/text';

/**
 * One item's parameters, read by name when an operation needs one, so an operation reads only
 * its own (and a bad setting of another never spoils it). n8n drops a parameter hidden for the
 * item's operation: reading one answers `fallback`.
 */
export type ItemParameters = (name: string, fallback?: string | boolean) => unknown;

/** An operation's `execute`, and `check` (its Check Only run) where it has one; `Args` are what its router hands it. */
export interface OperationModule<Args extends unknown[]> {
	execute(...args: Args): IDataObject | Promise<IDataObject>;
	check?(...args: Args): Promise<IDataObject>;
}

/** Runs the picked operation: its `check` when it has one and the item asks for Check Only. */
export async function runOperation<P extends string, Args extends unknown[]>(contract: Pick<GatewayContract<P>, 'params' | 'checkOnly'>, module: OperationModule<Args>, param: ItemParameters, ...args: Args): Promise<IDataObject> {
	const { check, execute } = module;
	const run = check && contract.checkOnly !== undefined && param(contract.params[contract.checkOnly], false) === true ? check : execute;
	return await run(...args);
}

/**
 * The operation an item asks for and its module, from the node's table `operation -> module`.
 * Matched trimmed and case-insensitively (expressions and agents send ` Stop `), and refused in
 * the same words by every node: a value the node does not offer is `__BAD_ARGUMENT__` naming the
 * accepted values; with an operator's allow-list (Docker's Allowed Actions), any value off it is
 * `__BAD_ACTION__` naming only the allowed ones, so a read-only tool never learns the others.
 */
export function pickOperation<Op extends string, Module>(
	table: Readonly<Record<Op, Module>>,
	raw: unknown,
	allowed?: readonly Op[],
): Checked<{ operation: Op; module: Module }> {
	const offered = Object.keys(table) as Op[];
	const wanted = typeof raw === 'string' ? raw.trim().toLowerCase() : undefined;
	const operation = offered.find((name) => name.toLowerCase() === wanted);
	if (allowed !== undefined && (operation === undefined || !allowed.includes(operation))) {
		const named = operation === undefined ? shown(raw) : `"${operation}"`;
		return refuse(errorAnswer('__BAD_ACTION__', `${named} is not one this tool takes. Allowed here: ${allowed.join(', ')}.`));
	}
	if (operation === undefined) {
		return refuse(errorAnswer('__BAD_ARGUMENT__', `${shown(raw)} is not an operation of this tool. Accepted values: ${offered.join(', ')}.`));
	}
	return ok({ operation, module: table[operation] });
}

/** Check Only's answer for a call that passed every check (GatewayContract.checkOnly). */
export function checkPassed(normalised: IDataObject, target: IDataObject | null): IDataObject {
	return { success: true, checked: true, normalised, target };
}
