/**
 * A lock row of a lock table (store.ts, LOCK_COLUMNS) as workflow nodes: taken by one conditional
 * update (free or lease ended -> this execution), released by another (only by its holder, so a
 * late holder whose lease ended never frees a row another now holds). A caller that finds the row
 * held waits (longer each time, with a random part), goes back to a step of its choice, and tries
 * again; a missing row is a deployment fault no wait cures. Either way the caller is answered
 * __UNAVAILABLE__ in the hint it gives. Approval gates and create-once workflows both serialise a
 * read-then-insert this way.
 */
import { LOCK_BACKOFF, LOCK_LEASE_MS, LOCK_MAX_WAIT_SECONDS, LOCK_RETRY_SECONDS, LOCK_TRIES } from './store';
import type { Connections, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { STATE_RETRY, type UnavailableState } from '../contracts';

import { ifNode, main, node, safeExpression, setNode, webhookId } from '../builders/nodeParts';
import { getRow, tableNode, updateRows } from './dataTableNode';

/** The lock's node names, and its two answers', as gates and create-once workflows both name them. */
export const LOCK_NODES = {
	takeLock: 'Take the lock',
	locked: 'Locked?',
	tryAgain: 'Try again?',
	lockWait: 'Wait for the lock',
	lookUpLock: 'Look up the lock',
	lockThere: 'Lock row there?',
	lockBusy: 'Lock busy',
	noLock: 'No lock row',
} as const;

export interface LockUse {
	workflow: string;
	lockTable: string;
	/** The lock row's key (its `tool` column). */
	key: string;
	/** Where the take node sits; the others are placed around it. */
	at: [number, number];
	/** Taken: the node that runs next. */
	onTaken: string;
	/** Held: after the wait, the node to go back to. */
	retryFrom: string;
	/** The answer's hint when the row stays held through every try (retry later). */
	busyHint: string;
	/** The answer's hint when the row is missing (a deployment fault). */
	noRowHint: string;
}

/** This execution, as the lock table's holder column names it. */
export const LOCK_HOLDER = 'String($execution.id)';

/** A node that runs on the first item only, whatever came in. */
export const once = (n: WorkflowNode): WorkflowNode => ({ ...n, executeOnce: true });
/** A table read or write whose If after it must run also when it matched no row (it outputs one empty item). */
export const read = (n: WorkflowNode): WorkflowNode => ({ ...n, alwaysOutputData: true });

/** An __UNAVAILABLE__ answer of a call that did not start: nothing was stored or sent. */
function notStarted(workflow: string, name: string, position: [number, number], state: UnavailableState, hint: string): WorkflowNode {
	return once(setNode(workflow, name, position, {
		success: { type: 'boolean', value: false },
		error: { type: 'string', value: '__UNAVAILABLE__' },
		state: { type: 'string', value: state },
		hint: { type: 'string', value: hint },
		retry: { type: 'string', value: STATE_RETRY[state] },
	}));
}

export function lockNodes(use: LockUse): { nodes: WorkflowNode[]; connections: Connections; release: (name: string, position: [number, number]) => WorkflowNode } {
	const { workflow, lockTable, key, at } = use;
	const [x, y] = at;
	const take = read(tableNode(workflow, LOCK_NODES.takeLock, at, updateRows(lockTable, [
		{ column: 'tool', condition: 'eq', value: key },
		{ column: 'held_until', condition: 'lt', value: safeExpression('$now.toMillis()') },
	], { holder: safeExpression(LOCK_HOLDER), held_until: safeExpression(`$now.toMillis() + ${LOCK_LEASE_MS}`) })));
	const nodes: WorkflowNode[] = [
		take,
		once(ifNode(workflow, LOCK_NODES.locked, [x + 220, y], `$json.holder === ${LOCK_HOLDER}`)),
		ifNode(workflow, LOCK_NODES.tryAgain, [x + 440, y - 350], `$runIndex < ${LOCK_TRIES - 1}`),
		// Short waits stay in the process (n8n parks an execution only from 65 s); each longer than the
		// last up to a cap (store.ts, lockWaitSeconds), with a random part that keeps waiters apart.
		{
			...node(workflow, LOCK_NODES.lockWait, NODE_TYPES.wait, [x + 660, y - 500], {
				amount: safeExpression(`Math.min(${LOCK_RETRY_SECONDS} * Math.pow(${LOCK_BACKOFF}, $runIndex), ${LOCK_MAX_WAIT_SECONDS}) * (1 + Math.random())`),
				unit: 'seconds',
			}),
			webhookId: webhookId(workflow, LOCK_NODES.lockWait),
		},
		read(tableNode(workflow, LOCK_NODES.lookUpLock, [x, y - 300], getRow(lockTable, [{ column: 'tool', condition: 'eq', value: key }]))),
		once(ifNode(workflow, LOCK_NODES.lockThere, [x + 220, y - 300], `typeof $json.tool === 'string'`)),
		notStarted(workflow, LOCK_NODES.lockBusy, [x + 660, y - 350], 'timeout', use.busyHint),
		notStarted(workflow, LOCK_NODES.noLock, [x + 440, y - 200], 'misconfigured', use.noRowHint),
	];
	const connections: Connections = {
		[LOCK_NODES.takeLock]: { main: [main(LOCK_NODES.locked)] },
		// Not taken: held (wait, look again, try again), or no row at all (a deployment fault no wait cures).
		[LOCK_NODES.locked]: { main: [main(use.onTaken), main(LOCK_NODES.lookUpLock)] },
		[LOCK_NODES.lookUpLock]: { main: [main(LOCK_NODES.lockThere)] },
		[LOCK_NODES.lockThere]: { main: [main(LOCK_NODES.tryAgain), main(LOCK_NODES.noLock)] },
		[LOCK_NODES.tryAgain]: { main: [main(LOCK_NODES.lockWait), main(LOCK_NODES.lockBusy)] },
		[LOCK_NODES.lockWait]: { main: [main(use.retryFrom)] },
	};
	const release = (name: string, position: [number, number]): WorkflowNode =>
		read(once(tableNode(workflow, name, position, updateRows(lockTable, [
			{ column: 'tool', condition: 'eq', value: key },
			{ column: 'holder', condition: 'eq', value: safeExpression(LOCK_HOLDER) },
		], { holder: '', held_until: 0 }))));
	return { nodes, connections, release };
}
