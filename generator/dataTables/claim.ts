/**
 * A claim on a call, made of the call's own row in its store: of identical calls racing, exactly
 * one goes on (files one request, runs one create), however long any of them stalls, and every
 * other one answers from a row that stays.
 *
 * A caller inserts its row as `claimed`, then reads every row of the same call. It goes on only
 * if no other row is deciding or stands, and its own is the lowest claim it sees; it marks its row
 * `deciding` and reads again, and goes on only if no other row is deciding or stands. Then the
 * caller's own steps finalise the row (finalize), and from then on identical calls answer from it.
 * A caller that does not go on withdraws its row, answers from a final row if one stands, and
 * else waits a moment and starts again.
 *
 * The second read is what makes it hold: n8n commits each write before the next node runs, so of
 * two callers that both marked their rows deciding, the one that read last sees the other's mark.
 * Both go on only if each read came before the other's mark, and each mark came before its own
 * read: it cannot happen, whatever the delays. No lock row, no lease: a caller that stalls (a
 * paused worker, an insert not yet committed, whose lower id the others cannot see) holds nothing
 * but its own row; when it resumes it finds the row that went on, and withdraws. The lowest claim
 * only spares a crowd from withdrawing all at once; a claim older than CLAIM_STALE_MS (its caller
 * died between two nodes) is passed over. A deciding row is never passed over: its caller may be
 * about to act, so identical calls answer busy (retry later) until it is final or withdrawn.
 */
import { STATE_RETRY } from '../contracts';
import type { Connections, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { AT } from '../builders/layout';
import { chain, fork, ifNode, node, safeExpression, setNode, webhookId } from '../builders/nodeParts';
import { deleteRows, getRows, once, read, rowsOf, tableNode, updateRows, type ColumnSpec, type RowCondition } from './dataTableNode';

/** The claim's node names (the callers' expressions read the look again by name). */
export const CLAIM_NODES = {
	readClaims: 'Read identical calls',
	first: 'First claim?',
	decide: 'Decide',
	readDecided: 'Read decided calls',
	alone: 'Alone?',
	withdraw: 'Withdraw',
	lookAgain: 'Look again',
	standing: 'One stands?',
	tryAgain: 'Try again?',
	wait: 'Wait a moment',
	busy: 'Busy',
} as const;

/** A row's status from its insert until its caller decided: no call is answered from it. */
export const CLAIMED = 'claimed';
/** A row's status while its caller checks that it is alone, up to finalize: no call is answered from it either. */
export const DECIDING = 'deciding';
/** A claim this old is a dead caller's: far above the few reads between a claim and its decision. */
export const CLAIM_STALE_MS = 60_000;

/**
 * A caller that withdrew and found nothing decided waits CLAIM_RETRY_SECONDS, each wait
 * CLAIM_BACKOFF times the one before up to CLAIM_MAX_WAIT_SECONDS, plus a random part of up to as
 * much again that keeps withdrawn callers apart.
 */
export const CLAIM_RETRY_SECONDS = 0.1;
export const CLAIM_BACKOFF = 1.5;
export const CLAIM_MAX_WAIT_SECONDS = 1;
/** Starts before `timeout`: the waits without their random part add up to about 10 s. */
export const CLAIM_TRIES = 15;

/** The wait before start `runIndex` + 2, without its random part. */
export function claimWaitSeconds(runIndex: number): number {
	return Math.min(CLAIM_RETRY_SECONDS * CLAIM_BACKOFF ** runIndex, CLAIM_MAX_WAIT_SECONDS);
}

/** The longest a call waits in its claim before it goes on: every wait at its random part's most (twice its base). */
export const CLAIM_WAIT_MAX_MS = Math.ceil(Array.from({ length: CLAIM_TRIES - 1 }, (_, runIndex) => 2 * claimWaitSeconds(runIndex)).reduce((sum, s) => sum + s, 0) * 1000);

export interface ClaimUse {
	workflow: string;
	table: string;
	/** The table's columns (the decide's mapping). */
	columns: ColumnSpec;
	/** A column every row fills: the read of an empty item lacks it. */
	key: string;
	/** Every row of the same call (the caller's own among them). */
	same: ReadonlyArray<RowCondition>;
	/** This caller's own row. */
	mine: ReadonlyArray<RowCondition>;
	/** An expression over `r`: the row is this caller's own. */
	isMine: string;
	/** The column holding when the row's call started (epoch milliseconds). */
	startedAt: string;
	/** An expression over `rows` (an array of rows): the final row that answers the call instead, or undefined. */
	standing: (rows: string) => string;
	/** Alone: the node that goes on (its path finalises the row, or withdraws it). */
	onClear: string;
	/** A final row stands: the node that answers from it (CLAIM_NODES.lookAgain read it). */
	onStanding: string;
	/** Withdrawn and nothing stands: after the wait, the node to start again from. */
	retryFrom: string;
	/** The answer's hint when every try met another caller. */
	busyHint: string;
}

export interface Claim {
	nodes: WorkflowNode[];
	connections: Connections;
	/** The update that makes this caller's row final, with the status identical calls then answer from. */
	finalize(name: string, status: string): WorkflowNode;
	/** The delete of this caller's row, on a path that goes on and then gives up (a cap). */
	withdraw(name: string): WorkflowNode;
}

export function claimNodes(use: ClaimUse): Claim {
	const { workflow, table, key } = use;
	const others = (nodeName: string) => `${rowsOf(nodeName, key)}.filter((r) => !(${use.isMine}))`;
	const mineOf = (nodeName: string) => `${rowsOf(nodeName, key)}.find((r) => ${use.isMine})`;
	// Nobody else stands or is deciding among the rows a node read.
	const clear = (nodeName: string) => `${use.standing(others(nodeName))} === undefined && !${others(nodeName)}.some((r) => r.status === '${DECIDING}')`;
	const lowest = `Math.min(...${rowsOf(CLAIM_NODES.readClaims, key)}.filter((r) => r.status === '${CLAIMED}' && r.${use.startedAt} > $now.toMillis() - ${CLAIM_STALE_MS}).map((r) => r.id))`;
	const withdraw = (name: string): WorkflowNode => read(once(tableNode(workflow, name, AT, deleteRows(table, use.mine))));
	const nodes: WorkflowNode[] = [
		read(tableNode(workflow, CLAIM_NODES.readClaims, AT, getRows(table, use.same))),
		once(ifNode(workflow, CLAIM_NODES.first, AT, `${clear(CLAIM_NODES.readClaims)} && ${mineOf(CLAIM_NODES.readClaims)}?.id === ${lowest}`)),
		read(once(tableNode(workflow, CLAIM_NODES.decide, AT, updateRows(table, [...use.mine, { column: 'status', condition: 'eq', value: CLAIMED }], { status: DECIDING }, use.columns)))),
		read(once(tableNode(workflow, CLAIM_NODES.readDecided, AT, getRows(table, use.same)))),
		once(ifNode(workflow, CLAIM_NODES.alone, AT, `${clear(CLAIM_NODES.readDecided)} && ${mineOf(CLAIM_NODES.readDecided)}?.status === '${DECIDING}'`)),
		withdraw(CLAIM_NODES.withdraw),
		read(once(tableNode(workflow, CLAIM_NODES.lookAgain, AT, getRows(table, use.same)))),
		once(ifNode(workflow, CLAIM_NODES.standing, AT, `${use.standing(rowsOf(CLAIM_NODES.lookAgain, key))} !== undefined`)),
		once(ifNode(workflow, CLAIM_NODES.tryAgain, AT, `$runIndex < ${CLAIM_TRIES - 1}`)),
		// Short waits stay in the process (n8n parks an execution only from 65 s).
		{
			...node(workflow, CLAIM_NODES.wait, NODE_TYPES.wait, AT, {
				amount: safeExpression(`Math.min(${CLAIM_RETRY_SECONDS} * Math.pow(${CLAIM_BACKOFF}, $runIndex), ${CLAIM_MAX_WAIT_SECONDS}) * (1 + Math.random())`),
				unit: 'seconds',
			}),
			webhookId: webhookId(workflow, CLAIM_NODES.wait),
		},
		once(setNode(workflow, CLAIM_NODES.busy, AT, {
			success: { type: 'boolean', value: false },
			error: { type: 'string', value: '__UNAVAILABLE__' },
			state: { type: 'string', value: 'timeout' },
			hint: { type: 'string', value: use.busyHint },
			retry: { type: 'string', value: STATE_RETRY.timeout },
		})),
	];
	const C = CLAIM_NODES;
	const connections: Connections = {
		...chain(C.readClaims, C.first),
		...fork(C.first, C.decide, C.withdraw),
		...chain(C.decide, C.readDecided, C.alone),
		...fork(C.alone, use.onClear, C.withdraw),
		...chain(C.withdraw, C.lookAgain, C.standing),
		...fork(C.standing, use.onStanding, C.tryAgain),
		...fork(C.tryAgain, C.wait, C.busy),
		...chain(C.wait, use.retryFrom),
	};
	const finalize = (name: string, status: string): WorkflowNode =>
		read(once(tableNode(workflow, name, AT, updateRows(table, [...use.mine, { column: 'status', condition: 'eq', value: DECIDING }], { status }, use.columns))));
	return { nodes, connections, finalize, withdraw };
}
