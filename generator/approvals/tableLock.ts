/**
 * A lock row of a lock table (store.ts, LOCK_COLUMNS) as workflow nodes: taken by one conditional
 * update (free or lease ended -> this execution), released by another (only by its holder, so a
 * late holder whose lease ended never frees a row another now holds). A caller that finds the row
 * held waits (longer each time, with a random part), goes back to a step of its choice, and tries
 * again; a missing row is a deployment fault no wait cures. Approval gates and create-once
 * workflows both serialise a read-then-insert this way.
 */
import { LOCK_BACKOFF, LOCK_LEASE_MS, LOCK_MAX_WAIT_SECONDS, LOCK_RETRY_SECONDS, LOCK_TRIES } from './store';
import type { Connections, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { ifNode, main, node, safeExpression, webhookId } from '../builders/nodeParts';
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

const LOCK_NODE_NAMES = { take: LOCK_NODES.takeLock, locked: LOCK_NODES.locked, tryAgain: LOCK_NODES.tryAgain, wait: LOCK_NODES.lockWait, lookUp: LOCK_NODES.lookUpLock, there: LOCK_NODES.lockThere };

interface LockNodeNames {
	take: string;
	locked: string;
	tryAgain: string;
	wait: string;
	lookUp: string;
	there: string;
}

export interface LockUse {
	workflow: string;
	lockTable: string;
	/** The lock row's key (its `tool` column). */
	key: string;
	/** Where the take node sits; the others are placed around it. */
	at: [number, number];
	/** Taken: the node that runs next. */
	onTaken: string;
	/** Held: after the wait, the node to go back to. Held through every try, the caller's `Lock busy` answers; no row, its `No lock row`. */
	retryFrom: string;
}

/** This execution, as the lock table's holder column names it. */
export const LOCK_HOLDER = 'String($execution.id)';

/** A node that runs on the first item only, whatever came in. */
export const once = (n: WorkflowNode): WorkflowNode => ({ ...n, executeOnce: true });
/** A table read or write whose If after it must run also when it matched no row (it outputs one empty item). */
export const read = (n: WorkflowNode): WorkflowNode => ({ ...n, alwaysOutputData: true });

export function lockNodes(use: LockUse): { nodes: WorkflowNode[]; connections: Connections; release: (name: string, position: [number, number]) => WorkflowNode } {
	const { workflow, lockTable, key, at } = use;
	const names: LockNodeNames = LOCK_NODE_NAMES;
	const [x, y] = at;
	const take = read(tableNode(workflow, names.take, at, updateRows(lockTable, [
		{ column: 'tool', condition: 'eq', value: key },
		{ column: 'held_until', condition: 'lt', value: safeExpression('$now.toMillis()') },
	], { holder: safeExpression(LOCK_HOLDER), held_until: safeExpression(`$now.toMillis() + ${LOCK_LEASE_MS}`) })));
	const nodes: WorkflowNode[] = [
		take,
		once(ifNode(workflow, names.locked, [x + 220, y], `$json.holder === ${LOCK_HOLDER}`)),
		ifNode(workflow, names.tryAgain, [x + 440, y - 350], `$runIndex < ${LOCK_TRIES - 1}`),
		// Short waits stay in the process (n8n parks an execution only from 65 s); each longer than the
		// last up to a cap (store.ts, lockWaitSeconds), with a random part that keeps waiters apart.
		{
			...node(workflow, names.wait, NODE_TYPES.wait, [x + 660, y - 500], {
				amount: safeExpression(`Math.min(${LOCK_RETRY_SECONDS} * Math.pow(${LOCK_BACKOFF}, $runIndex), ${LOCK_MAX_WAIT_SECONDS}) * (1 + Math.random())`),
				unit: 'seconds',
			}),
			webhookId: webhookId(workflow, names.wait),
		},
		read(tableNode(workflow, names.lookUp, [x, y - 300], getRow(lockTable, [{ column: 'tool', condition: 'eq', value: key }]))),
		once(ifNode(workflow, names.there, [x + 220, y - 300], `typeof $json.tool === 'string'`)),
	];
	const connections: Connections = {
		[names.take]: { main: [main(names.locked)] },
		// Not taken: held (wait, look again, try again), or no row at all (a deployment fault no wait cures).
		[names.locked]: { main: [main(use.onTaken), main(names.lookUp)] },
		[names.lookUp]: { main: [main(names.there)] },
		[names.there]: { main: [main(names.tryAgain), main(LOCK_NODES.noLock)] },
		[names.tryAgain]: { main: [main(names.wait), main(LOCK_NODES.lockBusy)] },
		[names.wait]: { main: [main(use.retryFrom)] },
	};
	const release = (name: string, position: [number, number]): WorkflowNode =>
		read(once(tableNode(workflow, name, position, updateRows(lockTable, [
			{ column: 'tool', condition: 'eq', value: key },
			{ column: 'holder', condition: 'eq', value: safeExpression(LOCK_HOLDER) },
		], { holder: '', held_until: 0 }))));
	return { nodes, connections, release };
}
