/**
 * A create tool's sub-workflow: a create the client sends again, because it lost the answer,
 * creates nothing and answers the first run's result with `replayed: true`.
 *
 * Every call: rows older than the window and the unfinished time are deleted, then the call is
 * hashed (the tool and its arguments as sent). With `duplicate: true` the create runs as asked.
 * Otherwise an identical create of the window is looked for: one that succeeded answers its
 * answer, if the Odoo record it names still exists; one still running answers "not yet" (retry
 * later); one running past its time cap never finished and answers that it may have created
 * (read first). None, or its record deleted since: this call's row is inserted as a claim, and of
 * identical calls racing one goes on (dataTables/claim.ts) and marks its row running; the others
 * answer from it. The create runs; its answer is recorded on its row if it succeeded, and the row
 * deleted if not, so a failed create can be sent again.
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
import { chain, fork, ifNode, mapper, mapperColumn, node, rawSetNode, safeExpression, setNode, subWorkflowTrigger, SUBWORKFLOW_TRIGGER_NAME, workflowByName } from '../builders/nodeParts';
import { toolNode } from '../builders/toolNodes';
import { deleteRows, getRow, insertRow, once, read, rowsOf, tableNode, updateRows } from '../dataTables/dataTableNode';
import { CLAIM_NODES, CLAIMED, claimNodes, DECIDING } from '../dataTables/claim';
import { AT, laidOut } from '../builders/layout';
import { CREATE_BUSY_HINT, DUPLICATE_PARAM, EARLIER_DELETED, EARLIER_DELETED_HINT, IDENTICAL_CALL, IN_PROGRESS, OUTCOME_UNKNOWN, REPLAY_HINT } from './answers';
import { onceInputs, onceWorkflowName } from './createTools';
import { CREATE_COLUMNS, unfinishedAfterMs, type CreateColumn } from './store';

/** Node names inside a create-once workflow (the expressions below refer to them). */
export const ONCE_NODES = {
	...CLAIM_NODES,
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
	earlierLocked: 'Earlier create (found meanwhile)',
	claim: 'Claim create',
	start: 'Start create',
	succeeded: 'Created?',
	record: 'Record answer',
	forgetFailed: 'Forget failed create',
	answer: 'Answer',
} as const;

const first = (nodeName: string) => `$(${quote(nodeName)}).first().json`;
const input = (key: string) => `${first(ONCE_NODES.trigger)}[${quote(key)}]`;
const call = first(ONCE_NODES.call);
const isRow = `typeof $json.args_hash === 'string'`;
/** This execution, as the store's holder column names it. */
const HOLDER = 'String($execution.id)';
/** The row that answers an identical call among `rows`: a create that started (running) or ended (done). */
const standingCreate = (rows: string) => `${rows}.find((r) => r.status === 'running' || r.status === 'done')`;

/** The node that creates: the tool's own (Hermes Odoo), or for a gateway tool its gateway's sub-workflow. */
function runNode(workflow: string, plan: ToolPlan, config: HermesConfig): WorkflowNode {
	const { tool, gateway } = plan;
	if (gateway !== undefined) {
		const inputs = subWorkflowInputNames(gateway);
		return node(workflow, tool.name, NODE_TYPES.executeWorkflow, AT, {
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
	const built = toolNode(workflow, tool.name, plan, config, (spec) => input(spec.key), AT);
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
 * call goes on as one that found nothing: by the claim, identical calls racing over the same
 * deleted record create one, and the others answer it or that it is running.
 */
function recordCheck(workflow: string, target: OdooTarget, config: HermesConfig, run: WorkflowNode, table: string, key: string): WorkflowNode[] {
	const { params } = HERMES_ODOO;
	const row = first(ONCE_NODES.find);
	const answer = `JSON.parse(${row}.answer_json)`;
	const readEarlier: WorkflowNode = {
		...node(workflow, ONCE_NODES.readEarlier, { type: run.type, typeVersion: run.typeVersion }, AT, {
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
		once(ifNode(workflow, ONCE_NODES.recordToCheck, AT, `${row}.status === 'done' && typeof ${answer}.id === 'number' && ${answer}.model === ${quote(target.model)}`)),
		readEarlier,
		once(ifNode(workflow, ONCE_NODES.earlierDeleted, AT, `$json.error === ${quote(NOT_FOUND)}`)),
		read(once(tableNode(workflow, ONCE_NODES.forgetDeleted, AT, deleteRows<CreateColumn>(table, [
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
	const sameCall = [
		{ column: 'tool' as const, condition: 'eq' as const, value: key },
		{ column: 'args_hash' as const, condition: 'eq' as const, value: safeExpression(`${call}.args_hash`) },
	];
	const identical = [...sameCall, { column: 'started_at' as const, condition: 'gt' as const, value: safeExpression(`${call}.now - ${windowMs}`) }];
	const mine = [...sameCall, { column: 'holder' as const, condition: 'eq' as const, value: safeExpression(HOLDER) }];
	const claim = claimNodes({
		workflow: name,
		table: creates.table,
		columns: CREATE_COLUMNS,
		key: 'args_hash',
		same: identical,
		mine,
		isMine: `r.holder === ${HOLDER}`,
		startedAt: 'started_at',
		standing: standingCreate,
		onClear: ONCE_NODES.start,
		onStanding: ONCE_NODES.earlierLocked,
		retryFrom: ONCE_NODES.find,
		busyHint: CREATE_BUSY_HINT,
	});
	const run = runNode(name, plan, config);
	const unfinishedMs = unfinishedAfterMs(plan.seconds);
	const checksRecord = plan.odoo;
	const nodes: WorkflowNode[] = [
		subWorkflowTrigger(name, onceInputs(plan)),
		// Every call keeps the table bounded, its own rows only: another deployment's window may be
		// longer, and its rows must answer its calls sent again. A failure here must not cost the caller its answer.
		{
			...read(tableNode(name, ONCE_NODES.forget, AT, deleteRows<CreateColumn>(creates.table, [
				sameCall[0],
				{ column: 'started_at', condition: 'lt', value: safeExpression(`$now.toMillis() - ${windowMs + unfinishedMs}`) },
			]))),
			onError: 'continueRegularOutput',
		},
		once(setNode(name, ONCE_NODES.call, AT, {
			args_hash: { type: 'string', value: safeExpression(`JSON.stringify([${quote(key)}, ${hashedArguments(plan)}]).hash('sha256')`) },
			now: { type: 'number', value: safeExpression('$now.toMillis()') },
			[DUPLICATE_PARAM]: { type: 'boolean', value: safeExpression(`${input(DUPLICATE_PARAM)} === true`) },
		})),
		ifNode(name, ONCE_NODES.duplicate, AT, `$json.${DUPLICATE_PARAM}`),
		read(tableNode(name, ONCE_NODES.find, AT, getRow<CreateColumn>(creates.table, [...identical, { column: 'status', condition: 'neq', value: CLAIMED }, { column: 'status', condition: 'neq', value: DECIDING }]))),
		once(ifNode(name, ONCE_NODES.found, AT, isRow)),
		...(checksRecord ? recordCheck(name, checksRecord, config, run, creates.table, key) : []),
		once(rawSetNode(name, ONCE_NODES.earlier, AT, earlierAnswer(first(ONCE_NODES.find), unfinishedMs))),
		once(tableNode(name, ONCE_NODES.claim, AT, insertRow<CreateColumn>(creates.table, {
			tool: key,
			args_hash: safeExpression(`${call}.args_hash`),
			status: CLAIMED,
			holder: safeExpression(HOLDER),
			started_at: safeExpression(`${call}.now`),
			answer_json: '',
		}, CREATE_COLUMNS))),
		...claim.nodes,
		// Final: identical calls from now on are answered that it runs, then with its answer.
		claim.finalize(ONCE_NODES.start, 'running'),
		// A row found here was decided after this call first looked (or, for a call whose earlier
		// record was deleted, is not that row), so its record is not read again.
		once(rawSetNode(name, ONCE_NODES.earlierLocked, AT, earlierAnswer(standingCreate(rowsOf(CLAIM_NODES.lookAgain, 'args_hash')), unfinishedMs))),
		run,
		ifNode(name, ONCE_NODES.succeeded, AT, '$json.success !== false'),
		// Not recorded (the table failed): the caller still gets its answer; the row stays running, so
		// the same call sent again is told the outcome is unknown, never created twice.
		{ ...once(read(tableNode(name, ONCE_NODES.record, AT, updateRows<CreateColumn>(creates.table, mine, { status: 'done', answer_json: safeExpression(`JSON.stringify(${first(tool.name)})`) }, CREATE_COLUMNS)))), onError: 'continueRegularOutput' },
		// A failed create made nothing: the same call may create when sent again.
		{ ...once(read(tableNode(name, ONCE_NODES.forgetFailed, AT, deleteRows<CreateColumn>(creates.table, mine)))), onError: 'continueRegularOutput' },
		// The create's own answer, whichever way it went (what the row records, without a note on an earlier record).
		once(rawSetNode(name, ONCE_NODES.answer, AT, createAnswer(plan))),
	];
	const O = ONCE_NODES;
	const connections: Connections = {
		...chain(O.trigger, O.forget, O.call, O.duplicate),
		...fork(O.duplicate, tool.name, O.find),
		...chain(O.find, O.found),
		...fork(O.found, checksRecord ? O.recordToCheck : O.earlier, O.claim),
		// A deleted record's row gone: on as a call that found nothing.
		...(checksRecord ? { ...fork(O.recordToCheck, O.readEarlier, O.earlier), ...chain(O.readEarlier, O.earlierDeleted), ...fork(O.earlierDeleted, O.forgetDeleted, O.earlier), ...chain(O.forgetDeleted, O.claim) } : {}),
		...chain(O.claim, O.readClaims),
		...claim.connections,
		...chain(O.start, tool.name, O.succeeded),
		...fork(O.succeeded, O.record, O.forgetFailed),
		...chain(O.record, O.answer),
		...chain(O.forgetFailed, O.answer),
	};
	// Runs keep their data as the gateway sub-workflows do: the ledger reads a create from them.
	return laidOut({ name, nodes, connections, settings: subWorkflowSettings(config) }, ONCE_NODES.trigger);
}
