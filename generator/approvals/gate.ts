/**
 * A gated tool's sub-workflow: the tool acts only on a call a person approved.
 *
 * Every call: requests that expired more than keepDays ago are deleted, then the tool's own node
 * checks the call (check.ts). A call that cannot run gets the tool's own answer, and
 * nobody is asked; one that can is taken on as the tool normalised it, with its target as read.
 *
 * Every read and write of the store matches this deployment (config/deployment.ts):
 * deployments sharing the table never answer, claim or count each other's requests. Only the cap
 * per person counts across deployments: it is the person who is asked.
 *
 * First call (no approval_id): an identical request of the window (same deployment, tool and
 * hash of the normalised arguments) that stands, pending or approved and not yet used, is answered with its
 * approval_id; one a person denied within the window answers __APPROVAL_DENIED__ with the time.
 * Nobody is notified again. Over
 * the cap on new requests, or with arguments over the size cap, nothing is stored or sent.
 * Else a new request is stored as a claim (dataTables/claim.ts): of identical first calls racing,
 * one goes on, and the others answer with its approval_id. The one that goes on counts the caps,
 * makes its request pending, and a random secret goes to the person in the link to the approval
 * page (only its hash is stored); the answer is __APPROVAL_REQUIRED__ with the approval_id.
 *
 * Second call (approval_id): one conditional update claims the request (approved -> used) only
 * if it is approved, unexpired and for this deployment, tool and arguments; only the call whose
 * update changed the row runs the tool's node. Any other call reads the request to say why not.
 */
import { APPROVAL_RETRY, MARKER_RETRY, STATE_RETRY, type Marker, type UnavailableState } from '../contracts';

import { APPROVAL_ID_PARAM, APPROVAL_ID_SPEC, gateWorkflowName } from './gatedTools';
import { wrapperInputs } from '../builders/wrappedTool';
import { CLAIM_NODES, CLAIMED, claimNodes, type Claim } from '../dataTables/claim';
import { APPROVED_HINT, DENIED_AGAIN_HINT, CLAIM_BUSY_HINT, NOT_SENT_HINT, overCapHint, overPersonCapHint, REFUSAL_HINTS, REFUSAL_MARKER, REFUSAL_REASONS, requiredHint, tooLargeHint } from './answers';
import { APPROVAL_COLUMNS, ofDeployment } from './store';
import { argumentsText, changesText, MARK_CLOSE, MARK_OPEN, NOTIFICATION_ARGUMENT_CAP, NOTIFICATION_CHANGE_LINES, summaryText, targetText } from './display';
import { deploymentName, type ApprovalsConfig, type HermesConfig } from '../config';
import { quote } from '../fromAi';
import type { ToolPlan } from '../plan';
import type { ParameterSpec, ToolSpec } from '../toolSpec/schema';
import { agentArgumentsFromInputs } from '../builders/agentArguments';
import { subWorkflowSettings } from '../builders/gatewayWorkflows';
import type { Connections, Workflow, WorkflowNode, WorkflowSettings } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { AT, laidOut } from '../builders/layout';
import { chain, fork, ifNode, node, rawSetNode, safeExpression, setNode, subWorkflowTrigger, SUBWORKFLOW_TRIGGER_NAME, type SetValue } from '../builders/nodeParts';
import { toolNode } from '../builders/toolNodes';
import { CHECK_NODE, gateCheck, type GateCheck } from './check';
import { deleteRows, getRow, getRows, insertRow, once, read, rowsOf, tableNode, updateRows, type RowCondition } from '../dataTables/dataTableNode';
import { notifyNode, recipientOf, type RequestText } from './notify';
import { PAGE_FIELDS, pageUrl } from './page';

/** Node names inside a gate (the expressions below refer to them). */
export const GATE_NODES = {
	...CLAIM_NODES,
	trigger: SUBWORKFLOW_TRIGGER_NAME,
	forget: 'Forget old requests',
	forgetUnowned: 'Forget old requests of no deployment',
	forgetArguments: 'Forget old arguments',
	check: CHECK_NODE,
	runnable: 'Can run?',
	refusedSecondCall: 'Second call of a refused one?',
	lookUpRefused: 'Look up refused approval',
	approvalRefuses: 'Approval refuses?',
	notRunnable: 'Refused as the tool would',
	call: 'Call',
	isSecondCall: 'Second call?',
	claim: 'Claim approval',
	claimed: 'Claimed?',
	lookUp: 'Look up approval',
	why: 'Why refused',
	refusal: 'Refusal',
	smallEnough: 'Small enough?',
	tooLarge: 'Too large',
	findPending: 'Find pending request',
	pending: 'Already pending?',
	alreadyRequested: 'Already requested',
	requestedMeanwhile: 'Requested meanwhile',
	recent: 'Recent requests',
	recentToPerson: 'Recent requests to the person',
	underCap: 'Under the cap?',
	withdrawOverCap: 'Withdraw (over the cap)',
	file: 'File request',
	overCap: 'Over the cap',
	request: 'Request',
	newId: 'New approval id',
	newSecret: 'New secret',
	store: 'Store request',
	notify: 'Notify approver',
	required: 'Approval required',
	forgetUnsent: 'Forget unsent request',
	recordOutcome: 'Record outcome',
	answer: 'Answer',
	notSent: 'Request not sent',
} as const;


const first = (nodeName: string) => `$(${quote(nodeName)}).first().json`;
const input = (key: string) => `${first(GATE_NODES.trigger)}.${key}`;
const rawValue = (spec: ParameterSpec) => input(spec.key);

/** `{ "a": <value of a> ?? null, ... }` in the catalogue's parameter order: the canonical arguments. */
function argumentsObject(tool: ToolSpec, value: (key: string) => string): string {
	const entries = tool.parameters.map((p) => `${JSON.stringify(p.key)}: ${value(p.key)} ?? null`);
	return `{ ${entries.join(', ')} }`;
}

/** What the tool does, for the person: its description's first sentence, without the SENSITIVE tag. */
export function actionText(tool: ToolSpec): string {
	const sentence = tool.description.replace(/^SENSITIVE:\s*/, '').split(/(?<=\.)\s/)[0];
	return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The Call node's fields, by name and type: the call as the gate takes it on. */
const CALL_FIELDS: Record<string, SetValue['type']> = {
	tool: 'string',
	[APPROVAL_ID_PARAM]: 'string',
	args_json: 'string',
	args_hash: 'string',
	target_json: 'string',
	changes_json: 'string',
	summary: 'string',
	now: 'number',
	expires_at: 'number',
};

/**
 * The fields every later node reads: the call as the tool normalised it, and its target as read.
 * A call the tool refused keeps its arguments as sent (a second call is then compared with its
 * approval by them).
 */
function callNode(workflow: string, tool: ToolSpec, approvals: ApprovalsConfig, check: GateCheck | undefined): WorkflowNode {
	const value = (key: string) => (check ? `(${check.passed} ? ${check.value(key)} : ${input(key)})` : input(key));
	const args = argumentsObject(tool, value);
	const values: Record<string, string> = {
		tool: quote(tool.name),
		[APPROVAL_ID_PARAM]: `String(${input(APPROVAL_ID_PARAM)} ?? '').trim()`,
		args_json: `JSON.stringify(${args})`,
		args_hash: `JSON.stringify([${quote(tool.name)}, ${args}]).hash('sha256')`,
		target_json: `JSON.stringify(${check ? `(${check.passed} ? ${check.target} : null)` : 'null'})`,
		changes_json: `JSON.stringify(${check ? `(${check.passed} ? ${check.changes} : null)` : 'null'})`,
		summary: summaryText(quote(tool.name), args),
		now: '$now.toMillis()',
		expires_at: `$now.toMillis() + ${approvals.ttlMinutes * 60_000}`,
	};
	const fields = Object.fromEntries(Object.entries(CALL_FIELDS).map(([name, type]): [string, SetValue] => [name, { type, value: name === 'tool' ? tool.name : safeExpression(values[name]) }]));
	// Once, whatever came in (the clean-up before it outputs a row per request it deleted).
	return { ...setNode(workflow, GATE_NODES.call, AT, fields), executeOnce: true };
}

/**
 * The link the person opens: the page's URL with the request id, and the secret in the fragment,
 * which browsers never send: no server, proxy or access log on the way sees it.
 */
function linkExpression(approvals: ApprovalsConfig): string {
	const request = first(GATE_NODES.newSecret);
	return `${quote(`${pageUrl(approvals)}?${PAGE_FIELDS.id}=`)} + ${request}.${APPROVAL_ID_PARAM} + ${quote(`#${PAGE_FIELDS.secret}=`)} + ${request}.secret`;
}

/** What the person is sent: the call as display.ts renders it (the page shows the same), the target, the link. */
function requestText(tool: ToolSpec, approvals: ApprovalsConfig): RequestText {
	const request = first(GATE_NODES.newSecret);
	// What will change and its target first: on a phone they are what the first screen shows.
	const body = [
		JSON.stringify(`An AI agent asks to run ${tool.name}: ${actionText(tool)}\n\n`),
		`((changes) => changes === '' ? '' : ${JSON.stringify('What will change:\n')} + changes + ${JSON.stringify('\n\n')})(${changesText(`${request}.changes_json`, NOTIFICATION_ARGUMENT_CAP, NOTIFICATION_CHANGE_LINES)})`,
		JSON.stringify('Target, as read when the call was made:\n'),
		targetText(`${request}.target_json`, NOTIFICATION_ARGUMENT_CAP),
		JSON.stringify(`\n\nArguments (${MARK_OPEN} ${MARK_CLOSE} marks what would not show or could pass for something else):\n`),
		argumentsText(`${request}.args_json`, NOTIFICATION_ARGUMENT_CAP),
	].join(' + ');
	const ending = [
		JSON.stringify('\n\nApprove or deny it on this page before '),
		`new Date(${request}.expires_at).toISOString()`,
		JSON.stringify(' (nothing runs unless you approve, and an approval runs this one call once):\n'),
		linkExpression(approvals),
		JSON.stringify('\n\nIf you did not expect this request, deny it. Do not forward this message: the link is the approval.'),
	].join(' + ');
	// The Call node's summary of the normalised call, carried on each item since.
	return { subject: `'Approve? ' + ${request}.summary`, body, ending };
}

/** `({ reason: value, ... })[<reason>]`: one Set field that depends on the refusal reason. */
function byReason(values: Record<string, string>): string {
	const entries = REFUSAL_REASONS.map((r) => `${r}: ${JSON.stringify(values[r])}`);
	return `({ ${entries.join(', ')} })[$json.reason]`;
}

function refusalNodes(workflow: string): WorkflowNode[] {
	const call = first(GATE_NODES.call);
	// Checked in this order: a row for another call says nothing about this one.
	const reason = [
		`!$json.${APPROVAL_ID_PARAM} ? 'unknown'`,
		`$json.tool !== ${call}.tool || $json.args_hash !== ${call}.args_hash ? 'other_call'`,
		`$json.status === 'denied' ? 'denied'`,
		`$json.status === 'used' ? 'used'`,
		`$json.expires_at <= ${call}.now ? 'expired'`,
		`$json.status === 'pending' || $json.status === '${CLAIMED}' ? 'pending'`,
		// Approved and unexpired, yet not claimed: another call claimed it first.
		`'used'`,
	].join(' : ');
	const markers = Object.fromEntries(REFUSAL_REASONS.map((r) => [r, REFUSAL_MARKER[r]]));
	const retries = Object.fromEntries(REFUSAL_REASONS.map((r) => [r, APPROVAL_RETRY[REFUSAL_MARKER[r]]]));
	return [
		setNode(workflow, GATE_NODES.why, AT, {
			reason: { type: 'string', value: safeExpression(reason) },
		}),
		setNode(workflow, GATE_NODES.refusal, AT, {
			success: { type: 'boolean', value: false },
			error: { type: 'string', value: safeExpression(byReason(markers)) },
			hint: { type: 'string', value: safeExpression(byReason(REFUSAL_HINTS)) },
			retry: { type: 'string', value: safeExpression(byReason(retries)) },
			[APPROVAL_ID_PARAM]: { type: 'string', value: safeExpression(`${call}.${APPROVAL_ID_PARAM}`) },
		}),
	];
}

/** __APPROVAL_REQUIRED__ for the request `row` (an expression): its id, what it asks and until when. */
function requiredNode(workflow: string, name: string, row: string, hint: string): WorkflowNode {
	return setNode(workflow, name, AT, {
		success: { type: 'boolean', value: false },
		error: { type: 'string', value: '__APPROVAL_REQUIRED__' },
		[APPROVAL_ID_PARAM]: { type: 'string', value: safeExpression(`${row}.${APPROVAL_ID_PARAM}`) },
		summary: { type: 'string', value: safeExpression(`${row}.summary`) },
		expires_at: { type: 'string', value: safeExpression(`new Date(${row}.expires_at).toISOString()`) },
		hint: { type: 'string', value: hint },
		retry: { type: 'string', value: APPROVAL_RETRY.__APPROVAL_REQUIRED__ },
	});
}

type NotAsked = ({ error: '__UNAVAILABLE__'; state: UnavailableState } | { error: Exclude<Marker, '__UNAVAILABLE__'>; state?: undefined }) & { hint: string };

/** An answer that is not __APPROVAL_REQUIRED__: nothing was stored or sent. Its retry is its state's, or its marker's. */
function notAskedNode(workflow: string, name: string, answer: NotAsked): WorkflowNode {
	return setNode(workflow, name, AT, {
		success: { type: 'boolean', value: false },
		error: { type: 'string', value: answer.error },
		...(answer.state ? { state: { type: 'string', value: answer.state } } : {}),
		hint: { type: 'string', value: answer.hint },
		retry: { type: 'string', value: answer.state ? STATE_RETRY[answer.state] : MARKER_RETRY[answer.error] },
	});
}

/** A row of the table, as the If node after its read sees it: a read that found none outputs one empty item. */
const isRow = `typeof $json.${APPROVAL_ID_PARAM} === 'string'`;

/** The requests of this exact call made within the window: pending, approved, denied or used. */
function identicalOf(approvals: ApprovalsConfig, deployment: string, call: string): RowCondition[] {
	return [
		ofDeployment(deployment),
		{ column: 'tool' as const, condition: 'eq' as const, value: safeExpression(`${call}.tool`) },
		{ column: 'args_hash' as const, condition: 'eq' as const, value: safeExpression(`${call}.args_hash`) },
		{ column: 'requested_at' as const, condition: 'gt' as const, value: safeExpression(`${call}.now - ${approvals.windowMinutes * 60_000}`) },
	];
}

/**
 * The request that still stands for this exact call among `rows` (an expression; undefined when
 * none): one pending or approved and not yet used, unexpired, answers with its own id; else a
 * denial decided within the window answers as a denial. Nobody is asked again either way.
 */
function standing(approvals: ApprovalsConfig, rows: string, call: string): string {
	const open = `rows.find((r) => (r.status === 'pending' || r.status === 'approved') && r.expires_at > ${call}.now)`;
	const denied = `rows.find((r) => r.status === 'denied' && r.decided_at > ${call}.now - ${approvals.windowMinutes * 60_000})`;
	return `((rows) => ${open} ?? ${denied})(${rows})`;
}

const rowsRead = (nodeName: string) => rowsOf(nodeName, APPROVAL_ID_PARAM);

/** The answer a standing request gives (its row an expression): the same approval_id, or the denial with its time. */
function standingNode(workflow: string, name: string, row: string): WorkflowNode {
	const required = `{ success: false, error: '__APPROVAL_REQUIRED__', ${APPROVAL_ID_PARAM}: r.${APPROVAL_ID_PARAM}, summary: r.summary, expires_at: new Date(r.expires_at).toISOString(), hint: r.status === 'approved' ? ${quote(APPROVED_HINT)} : ${quote(REFUSAL_HINTS.pending)}, retry: ${quote(APPROVAL_RETRY.__APPROVAL_REQUIRED__)} }`;
	const denied = `{ success: false, error: '__APPROVAL_DENIED__', ${APPROVAL_ID_PARAM}: r.${APPROVAL_ID_PARAM}, summary: r.summary, hint: ${quote(DENIED_AGAIN_HINT[0])} + new Date(r.decided_at).toISOString() + ${quote(DENIED_AGAIN_HINT[1])}, retry: ${quote(APPROVAL_RETRY.__APPROVAL_DENIED__)} }`;
	return once(rawSetNode(workflow, name, AT, `JSON.stringify(((r) => r.status === 'denied' ? ${denied} : ${required})(${row}))`));
}

/** Identical and pending or claimed: the rows one request of this exact call may have left. */
function samePending(call: string): string {
	return `r.args_hash === ${call}.args_hash && (r.status === 'pending' || r.status === '${CLAIMED}')`;
}

/** The request this call stored, claimed among identical ones (dataTables/claim.ts). */
function gateClaim(workflow: string, approvals: ApprovalsConfig, deployment: string) {
	const call = first(GATE_NODES.call);
	const mine = `${first(GATE_NODES.newSecret)}.${APPROVAL_ID_PARAM}`;
	return claimNodes({
		workflow,
		table: approvals.table,
		columns: APPROVAL_COLUMNS,
		key: APPROVAL_ID_PARAM,
		same: identicalOf(approvals, deployment, call),
		mine: [ofDeployment(deployment), { column: APPROVAL_ID_PARAM, condition: 'eq', value: safeExpression(mine) }],
		isMine: `r.${APPROVAL_ID_PARAM} === ${mine}`,
		startedAt: 'requested_at',
		standing: (rows) => standing(approvals, rows, call),
		onClear: GATE_NODES.recent,
		onStanding: GATE_NODES.requestedMeanwhile,
		retryFrom: GATE_NODES.findPending,
		busyHint: CLAIM_BUSY_HINT,
	});
}

/**
 * The first-call path, up to the person's notification. Identical calls after the first find its
 * request at once; calls racing it each store theirs as a claim, and one goes on (dataTables/claim.ts).
 */
function requestNodes(workflow: string, tool: ToolSpec, approvals: ApprovalsConfig, deployment: string, claim: Claim): WorkflowNode[] {
	const call = first(GATE_NODES.call);
	const request = first(GATE_NODES.newSecret);
	// Identical pending requests are one request: they count once, as the earliest answers them.
	const counted = (nodeName: string) => `${rowsRead(nodeName)}.filter(r => !(${samePending(call)})).length`;
	const toolOver = `${counted(GATE_NODES.recent)} >= ${approvals.requestsPerWindow}`;
	const personOver = `${counted(GATE_NODES.recentToPerson)} >= ${approvals.requestsPerPerson}`;
	const window = approvals.windowMinutes * 60_000;
	return [
		ifNode(workflow, GATE_NODES.smallEnough, AT, `$json.args_json.length <= ${approvals.maxArgsChars}`),
		notAskedNode(workflow, GATE_NODES.tooLarge, { error: '__TOO_LARGE__', hint: tooLargeHint(approvals.maxArgsChars) }),
		read(tableNode(workflow, GATE_NODES.findPending, AT, getRows(approvals.table, identicalOf(approvals, deployment, call)))),
		once(ifNode(workflow, GATE_NODES.pending, AT, `${standing(approvals, rowsRead(GATE_NODES.findPending), call)} !== undefined`)),
		standingNode(workflow, GATE_NODES.alreadyRequested, standing(approvals, rowsRead(GATE_NODES.findPending), call)),
		once(setNode(workflow, GATE_NODES.request, AT, Object.fromEntries(Object.entries(CALL_FIELDS).map(([name, type]): [string, SetValue] => [name, { type, value: safeExpression(`${call}.${name}`) }])))),
		node(workflow, GATE_NODES.newId, NODE_TYPES.crypto, AT, { action: 'generate', dataPropertyName: APPROVAL_ID_PARAM, encodingType: 'uuid' }),
		// 64 hex characters: 256 random bits that only the person's link carries.
		node(workflow, GATE_NODES.newSecret, NODE_TYPES.crypto, AT, { action: 'generate', dataPropertyName: 'secret', encodingType: 'hex', stringLength: 64 }),
		tableNode(workflow, GATE_NODES.store, AT, insertRow(approvals.table, {
			approval_id: safeExpression(`$json.${APPROVAL_ID_PARAM}`),
			tool: safeExpression('$json.tool'),
			args_hash: safeExpression('$json.args_hash'),
			summary: safeExpression('$json.summary'),
			args_json: safeExpression('$json.args_json'),
			target_json: safeExpression('$json.target_json'),
			changes_json: safeExpression('$json.changes_json'),
			secret_hash: safeExpression("$json.secret.hash('sha256')"),
			status: CLAIMED,
			expires_at: safeExpression('$json.expires_at'),
			requested_at: safeExpression('$json.now'),
			recipient: recipientOf(approvals.channel),
			deployment,
		}, APPROVAL_COLUMNS)),
		...claim.nodes,
		standingNode(workflow, GATE_NODES.requestedMeanwhile, standing(approvals, rowsRead(GATE_NODES.lookAgain), call)),
		read(tableNode(workflow, GATE_NODES.recent, AT, getRows(approvals.table, [
			ofDeployment(deployment),
			{ column: 'tool', condition: 'eq', value: safeExpression(`${call}.tool`) },
			{ column: 'requested_at', condition: 'gt', value: safeExpression(`${call}.now - ${window}`) },
		]))),
		// The person's requests, whatever the tool and the deployment. Each request is stored before it
		// counts the others, so of calls racing for the last place at least one sees the other: a cap is never passed.
		read(tableNode(workflow, GATE_NODES.recentToPerson, AT, getRows(approvals.table, [
			{ column: 'recipient', condition: 'eq', value: recipientOf(approvals.channel) },
			{ column: 'requested_at', condition: 'gt', value: safeExpression(`${call}.now - ${window}`) },
		]))),
		once(ifNode(workflow, GATE_NODES.underCap, AT, `!(${toolOver}) && !(${personOver})`)),
		claim.withdraw(GATE_NODES.withdrawOverCap),
		once(setNode(workflow, GATE_NODES.overCap, AT, {
			success: { type: 'boolean', value: false },
			error: { type: 'string', value: '__UNAVAILABLE__' },
			state: { type: 'string', value: 'rate_limited' },
			hint: { type: 'string', value: safeExpression(`${toolOver} ? ${quote(overCapHint(approvals.requestsPerWindow, approvals.windowMinutes))} : ${quote(overPersonCapHint(approvals.requestsPerPerson, approvals.windowMinutes))}`) },
			retry: { type: 'string', value: STATE_RETRY.rate_limited },
		})),
		// Final: identical calls from now on are answered with this request.
		claim.finalize(GATE_NODES.file, 'pending'),
		notifyNode(workflow, GATE_NODES.notify, AT, approvals, requestText(tool, approvals)),
		requiredNode(workflow, GATE_NODES.required, request, requiredHint(approvals.channel.type)),
		// Nobody was told: the request must not stand, or an identical call would be answered by it.
		{ ...claim.withdraw(GATE_NODES.forgetUnsent), onError: 'continueRegularOutput' },
		once(notAskedNode(workflow, GATE_NODES.notSent, { error: '__UNAVAILABLE__', state: 'unreachable', hint: NOT_SENT_HINT })),
	];
}

/**
 * After the approved call ran: its outcome on the request (the page shows the person what
 * happened), then the tool's own answer. A failure to record must not cost the agent its answer.
 */
function outcomeNodes(workflow: string, tool: ToolSpec, approvals: ApprovalsConfig, deployment: string): WorkflowNode[] {
	const ran = first(tool.name);
	// An item without `success` is n8n's own error, not an answer of the node.
	const outcome = `(${ran}.success === true ? 'succeeded' : ${ran}.success === false ? String(${ran}.error ?? 'failed') : 'n8n_error')`;
	return [
		{
			...read(once(tableNode(workflow, GATE_NODES.recordOutcome, AT, updateRows(approvals.table, [
				ofDeployment(deployment),
				{ column: 'approval_id', condition: 'eq', value: safeExpression(`${first(GATE_NODES.call)}.${APPROVAL_ID_PARAM}`) },
			], { outcome: safeExpression(outcome) }, APPROVAL_COLUMNS)))),
			onError: 'continueRegularOutput',
		},
		once(rawSetNode(workflow, GATE_NODES.answer, AT, `JSON.stringify(${ran})`)),
	];
}

/**
 * Successful gate runs keep no execution data (a first call's data holds the secret); a failed
 * run is kept for the operator.
 */
export function gateSettings(): WorkflowSettings {
	return subWorkflowSettings({ subWorkflowExecutions: 'failures' });
}

export function buildApprovalGate(plan: ToolPlan, config: HermesConfig): Workflow {
	const { tool } = plan;
	const approvals = config.approvals;
	if (!approvals) throw new Error('buildApprovalGate without approvals');
	const name = gateWorkflowName(tool.name, config);
	const deployment = deploymentName(config);
	// A first call's request, claimed among identical ones: its nodes and its connections.
	const requestClaim = gateClaim(name, approvals, deployment);
	// Where the check's node can refuse an argument the tool does not take, the calling tool passes the raw call too.
	const trigger = subWorkflowTrigger(name, wrapperInputs(plan, APPROVAL_ID_SPEC));
	const call = first(GATE_NODES.call);
	const check = gateCheck(name, plan, config, rawValue, AT, agentArgumentsFromInputs(input));
	// What runs is the call as the tool normalised it, which is what the person approved.
	const approved = (spec: ParameterSpec) => `JSON.parse(${call}.args_json)[${quote(spec.key)}]`;
	const claim = read(tableNode(name, GATE_NODES.claim, AT, updateRows(approvals.table, [
		ofDeployment(deployment),
		{ column: 'approval_id', condition: 'eq', value: safeExpression(`$json.${APPROVAL_ID_PARAM}`) },
		{ column: 'tool', condition: 'eq', value: tool.name },
		{ column: 'args_hash', condition: 'eq', value: safeExpression('$json.args_hash') },
		{ column: 'status', condition: 'eq', value: 'approved' },
		{ column: 'expires_at', condition: 'gt', value: safeExpression('$json.now') },
	], { status: 'used', used_at: safeExpression('$json.now') }, APPROVAL_COLUMNS)));
	// The request the call's approval_id names, to say why it was not claimed: another deployment's is none.
	const approvalOfCall = (nodeName: string) =>
		read(tableNode(name, nodeName, AT, getRow(approvals.table, [ofDeployment(deployment), { column: 'approval_id', condition: 'eq', value: safeExpression(`${call}.${APPROVAL_ID_PARAM}`) }])));
	// Every call keeps the table bounded: this deployment's requests that expired more than keepDays
	// ago go, also when this call is then refused; another deployment keeps its own for as long as
	// its config says. Requests stored before rows carried their deployment go after keepDays too.
	// A failure here must not cost the caller its answer, so it goes on.
	const expiredLongAgo: RowCondition = { column: 'expires_at', condition: 'lt', value: safeExpression(`$now.toMillis() - ${approvals.keepDays * 86_400_000}`) };
	const forget: WorkflowNode = {
		...read(tableNode(name, GATE_NODES.forget, AT, deleteRows(approvals.table, [ofDeployment(deployment), expiredLongAgo]))),
		onError: 'continueRegularOutput',
	};
	const forgetUnowned: WorkflowNode = {
		...read(once(tableNode(name, GATE_NODES.forgetUnowned, AT, deleteRows(approvals.table, [{ column: 'deployment', condition: 'isEmpty', value: null }, expiredLongAgo])))),
		onError: 'continueRegularOutput',
	};
	// A request keeps its arguments in full (up to maxArgsChars) only while they can matter: until
	// windowMinutes after it expired. Its summary, hash and decision stay for keepDays.
	const forgetArguments: WorkflowNode = {
		...read(once(tableNode(name, GATE_NODES.forgetArguments, AT, updateRows(approvals.table, [
			ofDeployment(deployment),
			{ column: 'expires_at', condition: 'lt', value: safeExpression(`$now.toMillis() - ${approvals.windowMinutes * 60_000}`) },
			{ column: 'args_json', condition: 'neq', value: '' },
		], { args_json: '', changes_json: '' }, APPROVAL_COLUMNS)))),
		onError: 'continueRegularOutput',
	};
	// A second call the tool refuses is answered from its approval where that refuses it (used,
	// denied, expired, for another call): the tool's refusal only for a usable approval of this call.
	const usable = `$json.status === 'approved' && $json.expires_at > ${call}.now && $json.tool === ${call}.tool && $json.args_hash === ${call}.args_hash`;
	const checkNodes: WorkflowNode[] = check
		? [
				check.node,
				ifNode(name, GATE_NODES.runnable, AT, check.passed),
				ifNode(name, GATE_NODES.refusedSecondCall, AT, `$json.${APPROVAL_ID_PARAM} !== ''`),
				approvalOfCall(GATE_NODES.lookUpRefused),
				ifNode(name, GATE_NODES.approvalRefuses, AT, `!(${usable})`),
				rawSetNode(name, GATE_NODES.notRunnable, AT, `JSON.stringify(${check.refusal})`),
			]
		: [];
	const nodes: WorkflowNode[] = [
		trigger,
		forget,
		forgetUnowned,
		forgetArguments,
		...checkNodes,
		callNode(name, tool, approvals, check),
		ifNode(name, GATE_NODES.isSecondCall, AT, `$json.${APPROVAL_ID_PARAM} !== ''`),
		claim,
		// The claim outputs the row it changed, or one empty item when it changed none.
		ifNode(name, GATE_NODES.claimed, AT, isRow),
		toolNode(name, tool.name, plan, config, approved, AT),
		...outcomeNodes(name, tool, approvals, deployment),
		approvalOfCall(GATE_NODES.lookUp),
		...refusalNodes(name),
		...requestNodes(name, tool, approvals, deployment, requestClaim),
	];
	const G = GATE_NODES;
	const connections: Connections = {
		...chain(G.trigger, G.forget, G.forgetUnowned, G.forgetArguments, ...(check ? [G.check, G.call, G.runnable] : [G.call, G.isSecondCall])),
		...(check ? { ...fork(G.runnable, G.isSecondCall, G.refusedSecondCall), ...fork(G.refusedSecondCall, G.lookUpRefused, G.notRunnable), ...chain(G.lookUpRefused, G.approvalRefuses), ...fork(G.approvalRefuses, G.why, G.notRunnable) } : {}),
		...fork(G.isSecondCall, G.claim, G.smallEnough),
		...chain(G.claim, G.claimed),
		...fork(G.claimed, tool.name, G.lookUp),
		...chain(tool.name, G.recordOutcome, G.answer),
		...chain(G.lookUp, G.why, G.refusal),
		...fork(G.smallEnough, G.findPending, G.tooLarge),
		...chain(G.findPending, G.pending),
		...fork(G.pending, G.alreadyRequested, G.request),
		...chain(G.request, G.newId, G.newSecret, G.store, G.readClaims),
		...requestClaim.connections,
		...chain(G.recent, G.recentToPerson, G.underCap),
		...fork(G.underCap, G.file, G.withdrawOverCap),
		...chain(G.file, G.notify),
		...chain(G.withdrawOverCap, G.overCap),
		...fork(G.notify, G.required, G.forgetUnsent),
		...chain(G.forgetUnsent, G.notSent),
	};
	return laidOut({ name, nodes, connections, settings: gateSettings() }, GATE_NODES.trigger);
}
