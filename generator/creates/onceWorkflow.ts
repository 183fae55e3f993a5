/**
 * A create tool's sub-workflow: a create the client sends again, because it lost the answer,
 * creates nothing and answers the first run's result with `replayed: true`.
 *
 * Every call: rows older than the window and the unfinished time are deleted, then the call is
 * hashed (the tool and its arguments as sent). With `duplicate: true` the create runs as asked.
 * Otherwise an identical create of the window is looked for: one that succeeded answers its
 * answer, if the Odoo record it names still exists; one still running answers "not yet" (retry
 * later); one running past its time cap never finished and answers that it may have created
 * (read first). None, or its record deleted since: while the tool's lock row is held (the approvals'
 * tableLock.ts) the store is read again and this call's row inserted as running, so of identical
 * calls racing one creates. The create runs; its answer is recorded on its row if it succeeded,
 * and the row deleted if not, so a failed create can be sent again.
 */
import { AGENT_ARGUMENT_INPUTS, HERMES_ODOO, type Marker } from '../contracts';

import type { HermesConfig } from '../config';
import { settingParameters } from '../config/nodeSettings';
import { quote } from '../fromAi';
import type { ToolPlan } from '../plan';
import type { OdooTarget } from '../toolSpec/schema';
import { subWorkflowInputNames } from '../builders/gatewayParams';
import { subWorkflowSettings } from '../builders/gatewayWorkflows';
import { agentArgumentsFromInputs } from '../builders/agentArguments';
import type { Connections, Workflow, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { ifNode, main, mapper, mapperColumn, node, rawSetNode, safeExpression, setNode, subWorkflowTrigger, SUBWORKFLOW_TRIGGER_NAME, workflowByName } from '../builders/nodeParts';
import { toolNode } from '../builders/toolNodes';
import { deleteRows, getRow, insertRow, tableNode, updateRows } from '../approvals/dataTableNode';
import { LOCK_HOLDER, LOCK_NODES, lockNodes, once, read } from '../approvals/tableLock';
import { CREATE_LOCK_BUSY_HINT, DUPLICATE_PARAM, EARLIER_DELETED, EARLIER_DELETED_HINT, IDENTICAL_CALL, IN_PROGRESS, noCreateLockHint, OUTCOME_UNKNOWN, REPLAY_HINT } from './answers';
import { onceInputs, onceWorkflowName } from './createTools';
import { CREATE_COLUMNS, unfinishedAfterMs, type CreateColumn } from './store';

/** Node names inside a create-once workflow (the expressions below refer to them). */
export const ONCE_NODES = {
	...LOCK_NODES,
	trigger: SUBWORKFLOW_TRIGGER_NAME,
	forget: 'Forget old creates',
	call: 'Call',
	duplicate: 'Duplicate on purpose?',
	find: 'Find identical create',
	found: 'Found?',
	// An Odoo create's only: is the record the earlier create answered still there?
	recordToCheck: 'Record to check?',
	readEarlier: 'Read earlier record',
	earlierDeleted: 'Earlier record deleted?',
	forgetDeleted: 'Forget deleted record',
	earlier: 'Earlier create',
	findLocked: 'Find identical create (locked)',
	foundLocked: 'Found meanwhile?',
	releaseFound: 'Release (found)',
	earlierLocked: 'Earlier create (found meanwhile)',
	claim: 'Start create',
	releaseClaimed: 'Release (started)',
	succeeded: 'Created?',
	record: 'Record answer',
	forgetFailed: 'Forget failed create',
	answer: 'Answer',
} as const;

const first = (nodeName: string) => `$(${quote(nodeName)}).first().json`;
const input = (key: string) => `${first(ONCE_NODES.trigger)}[${quote(key)}]`;
const call = first(ONCE_NODES.call);
const isRow = `typeof $json.args_hash === 'string'`;

/** The node that creates: the tool's own (Hermes Odoo), or for a gateway tool its gateway's sub-workflow. */
function runNode(workflow: string, plan: ToolPlan, config: HermesConfig, position: [number, number]): WorkflowNode {
	const { tool, gateway } = plan;
	if (gateway !== undefined) {
		const inputs = subWorkflowInputNames(gateway);
		return node(workflow, tool.name, NODE_TYPES.executeWorkflow, position, {
			source: 'database',
			workflowId: workflowByName(config.gatewayWorkflows[gateway]),
			workflowInputs: mapper(
				Object.fromEntries(inputs.map((name) => [name, safeExpression(input(name))])),
				inputs.map((name) => mapperColumn(name, 'string')),
			),
			mode: 'once',
			options: { waitForSubWorkflow: true },
		});
	}
	const built = toolNode(workflow, tool.name, plan, config, (spec) => input(spec.key), position);
	const agent = plan.checksArguments ? agentArgumentsFromInputs(input) : {};
	return { ...built, parameters: { ...built.parameters, ...agent }, executeOnce: true };
}

/** The arguments the hash covers: every input but `duplicate` and the raw call (which repeats them). */
function hashedArguments({ tool, gateway }: ToolPlan): string {
	const names = gateway !== undefined ? subWorkflowInputNames(gateway).filter((n) => !AGENT_ARGUMENT_INPUTS.includes(n)) : tool.parameters.map((p) => p.key);
	return `{ ${names.map((name) => `${JSON.stringify(name)}: ${input(name)} ?? null`).join(', ')} }`;
}

/** The answer an earlier identical create gives this call, from its row (an expression); a create running past `unfinishedMs` stopped. */
function earlierAnswer(row: string, unfinishedMs: number): string {
	const at = `new Date(${row}.started_at).toISOString()`;
	const replay = `Object.assign(JSON.parse(${row}.answer_json), { replayed: true, hint: ${quote(`${IDENTICAL_CALL} succeeded at `)} + ${at} + ${quote(REPLAY_HINT)} })`;
	const running = `({ success: false, error: ${quote(IN_PROGRESS.error)}, state: ${quote(IN_PROGRESS.state)}, hint: ${quote(`${IDENTICAL_CALL} started at `)} + ${at} + ${quote(IN_PROGRESS.hint)}, retry: ${quote(IN_PROGRESS.retry)} })`;
	const unknown = `({ success: false, error: ${quote(OUTCOME_UNKNOWN.error)}, hint: ${quote(`${IDENTICAL_CALL} started at `)} + ${at} + ${quote(OUTCOME_UNKNOWN.hint)}, retry: ${quote(OUTCOME_UNKNOWN.retry)} })`;
	return `JSON.stringify(${row}.status === 'done' ? ${replay} : ${row}.started_at > ${call}.now - ${unfinishedMs} ? ${running} : ${unknown})`;
}

const NOT_FOUND: Marker = '__NOT_FOUND__';

/**
 * An Odoo create's replay answers only a record that still exists. Four nodes between "Found?" and
 * the replay, on an Odoo create only (a hand-off's answer names no record, and replays as found):
 * an If lets through a row that succeeded with a record of the tool's model (a running one answers
 * as before); the Hermes Odoo node's own `get` reads that record, its id only, with the create
 * node's credential and authentication, so Odoo's two protocols, logins and faults stay written
 * once, in the node (an HTTP Request node would write them again); an If takes `__NOT_FOUND__` as
 * deleted. Any other answer, Odoo unreachable among them, replays: only a record known gone makes
 * a second one safe. The deleted record's row is deleted (that row only, by its holder) and the
 * call goes on as one that found nothing: under the lock, identical calls racing over the same
 * deleted record create one, and the others answer it or that it is running.
 */
function recordCheck(workflow: string, target: OdooTarget, config: HermesConfig, run: WorkflowNode, table: string, key: string): WorkflowNode[] {
	const { params } = HERMES_ODOO;
	const row = first(ONCE_NODES.find);
	const answer = `JSON.parse(${row}.answer_json)`;
	const readEarlier: WorkflowNode = {
		...node(workflow, ONCE_NODES.readEarlier, { type: run.type, typeVersion: run.typeVersion }, [1100, -400], {
			...settingParameters(HERMES_ODOO, config),
			[params.operation]: 'get',
			[params.model]: target.model,
			[params.recordId]: safeExpression(`${answer}.id`),
			// The id alone says the record is there.
			[params.fieldsList]: 'id',
		}),
		...(run.credentials ? { credentials: run.credentials } : {}),
		executeOnce: true,
		// A read that fails outright (a node error, not an answer) must not cost the replay.
		onError: 'continueRegularOutput',
	};
	return [
		once(ifNode(workflow, ONCE_NODES.recordToCheck, [1100, -200], `${row}.status === 'done' && typeof ${answer}.id === 'number' && ${answer}.model === ${quote(target.model)}`)),
		readEarlier,
		once(ifNode(workflow, ONCE_NODES.earlierDeleted, [1320, -400], `$json.error === ${quote(NOT_FOUND)}`)),
		read(once(tableNode(workflow, ONCE_NODES.forgetDeleted, [1320, -600], deleteRows<CreateColumn>(table, [
			{ column: 'tool', condition: 'eq', value: key },
			{ column: 'args_hash', condition: 'eq', value: safeExpression(`${call}.args_hash`) },
			{ column: 'holder', condition: 'eq', value: safeExpression(`${row}.holder`) },
		])))),
	];
}

/**
 * The create's own answer; after an identical create whose record was deleted since, with
 * `earlier_deleted: true` and a hint naming that record, if this one succeeded. The row checked is
 * read from its If, the last that ran: a later look that found nothing leaves it as it was.
 */
function createAnswer({ tool, odoo }: ToolPlan): string {
	const created = first(tool.name);
	if (!odoo) return `JSON.stringify(${created})`;
	const row = first(ONCE_NODES.recordToCheck);
	const earlier = `JSON.parse(${row}.answer_json)`;
	const hint = `${quote(`${IDENTICAL_CALL} created `)} + ${earlier}.model + ' ' + ${earlier}.id + ' at ' + new Date(${row}.started_at).toISOString() + ${quote(EARLIER_DELETED_HINT)}`;
	const renewed = `$(${quote(ONCE_NODES.forgetDeleted)}).isExecuted && ${created}.success !== false`;
	return `JSON.stringify(${renewed} ? Object.assign({}, ${created}, { ${EARLIER_DELETED}: true, hint: ${hint} }) : ${created})`;
}

export function buildOnceWorkflow(plan: ToolPlan, config: HermesConfig): Workflow {
	const { tool } = plan;
	const creates = config.creates;
	const name = onceWorkflowName(tool.name, config);
	const key = name;
	const windowMs = creates.windowMinutes * 60_000;
	const table = (nodeName: string, position: [number, number], parameters: ReturnType<typeof getRow>) => tableNode(name, nodeName, position, parameters);
	const sameCall = [
		{ column: 'tool' as const, condition: 'eq' as const, value: key },
		{ column: 'args_hash' as const, condition: 'eq' as const, value: safeExpression(`${call}.args_hash`) },
	];
	const identical = [...sameCall, { column: 'started_at' as const, condition: 'gt' as const, value: safeExpression(`${call}.now - ${windowMs}`) }];
	const mine = [...sameCall, { column: 'holder' as const, condition: 'eq' as const, value: safeExpression(LOCK_HOLDER) }];
	const lock = lockNodes({
		workflow: name,
		lockTable: creates.lockTable,
		key,
		at: [1540, 0],
		onTaken: ONCE_NODES.findLocked,
		retryFrom: ONCE_NODES.find,
		busyHint: CREATE_LOCK_BUSY_HINT,
		noRowHint: noCreateLockHint(creates.lockTable),
	});
	const run = runNode(name, plan, config, [2860, 200]);
	const unfinishedMs = unfinishedAfterMs(plan.seconds);
	const checksRecord = plan.odoo;
	const nodes: WorkflowNode[] = [
		subWorkflowTrigger(name, onceInputs(plan)),
		// Every call keeps the table bounded, its own rows only: another deployment's window may be
		// longer, and its rows must answer its calls sent again. A failure here must not cost the caller its answer.
		{
			...read(tableNode(name, ONCE_NODES.forget, [220, 0], deleteRows<CreateColumn>(creates.table, [
				sameCall[0],
				{ column: 'started_at', condition: 'lt', value: safeExpression(`$now.toMillis() - ${windowMs + unfinishedMs}`) },
			]))),
			onError: 'continueRegularOutput',
		},
		once(setNode(name, ONCE_NODES.call, [440, 0], {
			args_hash: { type: 'string', value: safeExpression(`JSON.stringify([${quote(key)}, ${hashedArguments(plan)}]).hash('sha256')`) },
			now: { type: 'number', value: safeExpression('$now.toMillis()') },
			[DUPLICATE_PARAM]: { type: 'boolean', value: safeExpression(`${input(DUPLICATE_PARAM)} === true`) },
		})),
		ifNode(name, ONCE_NODES.duplicate, [660, 0], `$json.${DUPLICATE_PARAM}`),
		read(table(ONCE_NODES.find, [880, 100], getRow<CreateColumn>(creates.table, identical))),
		once(ifNode(name, ONCE_NODES.found, [1100, 100], isRow)),
		...(checksRecord ? recordCheck(name, checksRecord, config, run, creates.table, key) : []),
		once(rawSetNode(name, ONCE_NODES.earlier, [1320, 0], earlierAnswer(first(ONCE_NODES.find), unfinishedMs))),
		...lock.nodes,
		// Holding the lock: the read that counts, since no identical call can insert meanwhile. A row
		// found here was inserted after this call looked (or, for a call whose earlier record was
		// deleted, is not that row), so its record is not read again.
		read(table(ONCE_NODES.findLocked, [1980, 100], getRow<CreateColumn>(creates.table, identical))),
		once(ifNode(name, ONCE_NODES.foundLocked, [2200, 100], isRow)),
		lock.release(ONCE_NODES.releaseFound, [2420, 0]),
		once(rawSetNode(name, ONCE_NODES.earlierLocked, [2640, 0], earlierAnswer(first(ONCE_NODES.findLocked), unfinishedMs))),
		once(tableNode(name, ONCE_NODES.claim, [2420, 200], insertRow<CreateColumn>(creates.table, {
			tool: key,
			args_hash: safeExpression(`${call}.args_hash`),
			status: 'running',
			holder: safeExpression(LOCK_HOLDER),
			started_at: safeExpression(`${call}.now`),
			answer_json: '',
		}, CREATE_COLUMNS))),
		// Inserted and committed: an identical call that takes the lock next finds it running.
		lock.release(ONCE_NODES.releaseClaimed, [2640, 200]),
		run,
		ifNode(name, ONCE_NODES.succeeded, [3080, 200], '$json.success !== false'),
		// Not recorded (the table failed): the caller still gets its answer; the row stays running, so
		// the same call sent again is told the outcome is unknown, never created twice.
		{ ...once(read(tableNode(name, ONCE_NODES.record, [3300, 100], updateRows<CreateColumn>(creates.table, mine, { status: 'done', answer_json: safeExpression(`JSON.stringify(${first(tool.name)})`) }, CREATE_COLUMNS)))), onError: 'continueRegularOutput' },
		// A failed create made nothing: the same call may create when sent again.
		{ ...once(read(tableNode(name, ONCE_NODES.forgetFailed, [3300, 300], deleteRows<CreateColumn>(creates.table, mine)))), onError: 'continueRegularOutput' },
		// The create's own answer, whichever way it went (what the row records, without a note on an earlier record).
		once(rawSetNode(name, ONCE_NODES.answer, [3520, 200], createAnswer(plan))),
	];
	const connections: Connections = {
		[ONCE_NODES.trigger]: { main: [main(ONCE_NODES.forget)] },
		[ONCE_NODES.forget]: { main: [main(ONCE_NODES.call)] },
		[ONCE_NODES.call]: { main: [main(ONCE_NODES.duplicate)] },
		[ONCE_NODES.duplicate]: { main: [main(tool.name), main(ONCE_NODES.find)] },
		[ONCE_NODES.find]: { main: [main(ONCE_NODES.found)] },
		[ONCE_NODES.found]: { main: [main(checksRecord ? ONCE_NODES.recordToCheck : ONCE_NODES.earlier), main(ONCE_NODES.takeLock)] },
		...(checksRecord
			? {
					[ONCE_NODES.recordToCheck]: { main: [main(ONCE_NODES.readEarlier), main(ONCE_NODES.earlier)] },
					[ONCE_NODES.readEarlier]: { main: [main(ONCE_NODES.earlierDeleted)] },
					[ONCE_NODES.earlierDeleted]: { main: [main(ONCE_NODES.forgetDeleted), main(ONCE_NODES.earlier)] },
					// Gone: on as a call that found nothing.
					[ONCE_NODES.forgetDeleted]: { main: [main(ONCE_NODES.takeLock)] },
				}
			: {}),
		...lock.connections,
		[ONCE_NODES.findLocked]: { main: [main(ONCE_NODES.foundLocked)] },
		[ONCE_NODES.foundLocked]: { main: [main(ONCE_NODES.releaseFound), main(ONCE_NODES.claim)] },
		[ONCE_NODES.releaseFound]: { main: [main(ONCE_NODES.earlierLocked)] },
		[ONCE_NODES.claim]: { main: [main(ONCE_NODES.releaseClaimed)] },
		[ONCE_NODES.releaseClaimed]: { main: [main(tool.name)] },
		[tool.name]: { main: [main(ONCE_NODES.succeeded)] },
		[ONCE_NODES.succeeded]: { main: [main(ONCE_NODES.record), main(ONCE_NODES.forgetFailed)] },
		[ONCE_NODES.record]: { main: [main(ONCE_NODES.answer)] },
		[ONCE_NODES.forgetFailed]: { main: [main(ONCE_NODES.answer)] },
	};
	// Runs keep their data as the gateway sub-workflows do: the ledger reads a create from them.
	return { name, nodes, connections, settings: subWorkflowSettings(config) };
}
