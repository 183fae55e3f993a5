/**
 * What the shared node tests (`test/unit/nodes/shared/`) need of one node. Each node's own test
 * folder gives it in `test/unit/nodes/<folder>/cases.ts` as `export const CASES: NodeCases<...>`;
 * `allNodes.ts` finds every such file, and `packageNodes.test.ts` fails for a node without one.
 */
import type { INodeType } from 'n8n-workflow';

import type { GatewayContract, Marker, UnavailableState } from '../../core';

/** The marker a refused call must get, or the `__UNAVAILABLE__` state. */
export type Expected = Exclude<Marker, '__UNAVAILABLE__'> | UnavailableState;

/** A call by parameter role (the rest keep the node's defaults) and what it must answer. */
export type FailureCase<Param extends string = string> = readonly [Readonly<Partial<Record<Param, unknown>>>, Expected];

export interface NodeCases<Param extends string = string, Operation extends string = string> {
	node: INodeType;
	contract: GatewayContract<Param>;
	/** n8n's group: `input` for a node that only reads. */
	group: 'input' | 'transform';
	/** A call of each operation, by parameter name, that passes the node's checks up to its host (or credential), so it reads every parameter it uses. */
	passing: Readonly<Record<Operation, Readonly<Record<string, unknown>>>>;
	/**
	 * Calls the node must refuse without a host (every gateway has some): inputs just over (or,
	 * for the last case of an SSH node, at) the caps of the contract, bad operator settings.
	 */
	failures?: ReadonlyArray<FailureCase<Param>>;
}

// No host: the transport refuses this credential before connecting (a `config` fault).
export const UNUSABLE_CREDENTIAL = { hermesSshApi: { host: '', port: 22, username: 'x', authMethod: 'password', password: 'x' } };

/** A text one character over a cap. */
export const over = (cap: number) => 'x'.repeat(cap + 1);
