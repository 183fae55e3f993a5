/**
 * A gated tool's sub-workflow: the tool acts only on a call a person approved.
 *
 * First call (no approval_id): a new request is stored as pending with a hash of the tool and
 * its canonical arguments, a random secret goes to the person in the link to the approval page
 * (only its hash is stored), and the answer is __APPROVAL_REQUIRED__ with the approval_id.
 *
 * Second call (approval_id): one conditional update claims the request (approved -> used) only
 * if it is approved, unexpired and for this tool and these arguments; only the call whose
 * update changed the row runs the tool's node. Any other call reads the request to say why not.
 */
import { APPROVAL_RETRY } from '../contracts';

import { APPROVAL_ID_PARAM, gateWorkflowName } from '../approvals/gatedTools';
import { NOT_SENT_HINT, REFUSAL_HINTS, REFUSAL_MARKER, REFUSAL_REASONS, requiredHint } from '../approvals/answers';
import { argumentsText, MARK_CLOSE, MARK_OPEN, NOTIFICATION_ARGUMENT_CAP, summaryText, targetText } from '../approvals/display';
import type { ApprovalsConfig, HermesConfig } from '../config';
import { quote } from '../fromAi';
import type { ParameterSpec, ToolSpec } from '../toolSpec/schema';
import { deleteRows, getRow, insertRow, updateRows } from './dataTableNode';
import { gatewayNodeParameters } from './directTool';
import { gatewayNodeType } from './gatewayParams';
import { subWorkflowSettings, SUBWORKFLOW_TRIGGER_NAME } from './gatewayWorkflows';
import { gatewayCredentials } from './gatewaySettings';
import type { Connections, Workflow, WorkflowNode, WorkflowSettings } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { notifyNode } from './approvalNotify';
import { PAGE_FIELDS, pageUrl } from './approvalPage';
import { ifNode, main, node, safeExpression, setNode } from './nodeParts';
import { hermesOdooCredentials, hermesOdooNodeParameters, hermesOdooType } from './hermesOdooTool';
import { odooNodeParameters, type ParamLookup } from './odooTool';

/** Node names inside a gate (the expressions below refer to them). */
export const GATE_NODES = {
	trigger: SUBWORKFLOW_TRIGGER_NAME,
	call: 'Call',
	isSecondCall: 'Second call?',
	claim: 'Claim approval',
	claimed: 'Claimed?',
	lookUp: 'Look up approval',
	why: 'Why refused',
	refusal: 'Refusal',
	newId: 'New approval id',
	newSecret: 'New secret',
	store: 'Store request',
	forget: 'Forget old requests',
	notify: 'Notify approver',
	required: 'Approval required',
	notSent: 'Request not sent',
} as const;

/** Workflow input type of a tool parameter. */
export function inputType(param: ParameterSpec): string {
	return param.type === 'json' ? 'any' : param.type;
}

const first = (nodeName: string) => `$(${quote(nodeName)}).first().json`;
const input = (key: string) => `${first(GATE_NODES.trigger)}.${key}`;

/** `{ "a": <input a> ?? null, ... }` in the catalogue's parameter order: the canonical arguments. */
function argumentsObject(tool: ToolSpec): string {
	const entries = tool.parameters.map((p) => `${JSON.stringify(p.key)}: ${input(p.key)} ?? null`);
	return `{ ${entries.join(', ')} }`;
}

/** What the tool does, for the person: its description's first sentence, without the SENSITIVE tag. */
export function actionText(tool: ToolSpec): string {
	const sentence = tool.description.replace(/^SENSITIVE:\s*/, '').split(/(?<=\.)\s/)[0];
	return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The fields every later node reads: the call as the gate sees it. */
function callNode(workflow: string, tool: ToolSpec, approvals: ApprovalsConfig): WorkflowNode {
	const args = argumentsObject(tool);
	return setNode(workflow, GATE_NODES.call, [220, 0], {
		tool: { type: 'string', value: tool.name },
		[APPROVAL_ID_PARAM]: { type: 'string', value: safeExpression(`String(${input(APPROVAL_ID_PARAM)} ?? '').trim()`) },
		args_json: { type: 'string', value: safeExpression(`JSON.stringify(${args})`) },
		args_hash: { type: 'string', value: safeExpression(`JSON.stringify([${quote(tool.name)}, ${args}]).hash('sha256')`) },
		summary: { type: 'string', value: safeExpression(summaryText(quote(tool.name), args)) },
		now: { type: 'number', value: safeExpression('$now.toMillis()') },
		expires_at: { type: 'number', value: safeExpression(`$now.toMillis() + ${approvals.ttlMinutes * 60_000}`) },
	});
}

/** The node that does the tool's work, with each parameter read from the gate's input. */
function actionNode(workflow: string, tool: ToolSpec, config: HermesConfig, lookup: ParamLookup, position: [number, number]): WorkflowNode {
	const valueOf = (spec: ParameterSpec) => input(spec.key);
	if (tool.target.kind === 'odoo' && config.odooMode === 'hermes') {
		return { ...node(workflow, tool.name, hermesOdooType(config, false), position, hermesOdooNodeParameters(tool, config, lookup, valueOf)), credentials: hermesOdooCredentials(config) };
	}
	if (tool.target.kind === 'odoo') {
		return {
			...node(workflow, tool.name, NODE_TYPES.odoo, position, odooNodeParameters(tool, config, lookup, valueOf)),
			credentials: { [config.odooCredentialType]: { name: config.credentials.odoo } },
		};
	}
	const gateway = tool.target.gateway;
	return { ...node(workflow, tool.name, gatewayNodeType(gateway, config.nodeTypePrefix), position, gatewayNodeParameters(tool, config, lookup, valueOf)), ...gatewayCredentials(gateway, config) };
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
function requestText(tool: ToolSpec, approvals: ApprovalsConfig): { subject: string; text: string } {
	const request = first(GATE_NODES.newSecret);
	const text = [
		JSON.stringify(`An AI agent asks to run ${tool.name}: ${actionText(tool)}\n\nArguments (${MARK_OPEN} ${MARK_CLOSE} marks what would not show or could pass for something else):\n`),
		argumentsText(`${request}.args_json`, NOTIFICATION_ARGUMENT_CAP),
		JSON.stringify('\n\nTarget, as read when the call was made:\n'),
		targetText(`${request}.target_json`),
		JSON.stringify('\n\nApprove or deny it on this page before '),
		`new Date(${request}.expires_at).toISOString()`,
		JSON.stringify(' (nothing runs unless you approve, and an approval runs this one call once):\n'),
		linkExpression(approvals),
		JSON.stringify('\n\nIf you did not expect this request, deny it. Do not forward this message: the link is the approval.'),
	].join(' + ');
	return { subject: `'Approve? ' + ${summaryText(quote(tool.name), `JSON.parse(${request}.args_json)`)}`, text };
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
		`$json.status === 'pending' ? 'pending'`,
		// Approved and unexpired, yet not claimed: another call claimed it first.
		`'used'`,
	].join(' : ');
	const markers = Object.fromEntries(REFUSAL_REASONS.map((r) => [r, REFUSAL_MARKER[r]]));
	const retries = Object.fromEntries(REFUSAL_REASONS.map((r) => [r, APPROVAL_RETRY[REFUSAL_MARKER[r]]]));
	return [
		setNode(workflow, GATE_NODES.why, [880, 100], {
			reason: { type: 'string', value: safeExpression(reason) },
		}),
		setNode(workflow, GATE_NODES.refusal, [1100, 100], {
			success: { type: 'boolean', value: false },
			error: { type: 'string', value: safeExpression(byReason(markers)) },
			hint: { type: 'string', value: safeExpression(byReason(REFUSAL_HINTS)) },
			retry: { type: 'string', value: safeExpression(byReason(retries)) },
			[APPROVAL_ID_PARAM]: { type: 'string', value: safeExpression(`${call}.${APPROVAL_ID_PARAM}`) },
		}),
	];
}

function requestNodes(workflow: string, tool: ToolSpec, approvals: ApprovalsConfig): WorkflowNode[] {
	const request = first(GATE_NODES.newSecret);
	return [
		node(workflow, GATE_NODES.newId, NODE_TYPES.crypto, [660, -300], { action: 'generate', dataPropertyName: APPROVAL_ID_PARAM, encodingType: 'uuid' }),
		// 64 hex characters: 256 random bits that only the person's link carries.
		node(workflow, GATE_NODES.newSecret, NODE_TYPES.crypto, [880, -300], { action: 'generate', dataPropertyName: 'secret', encodingType: 'hex', stringLength: 64 }),
		node(workflow, GATE_NODES.store, NODE_TYPES.dataTable, [1100, -300], insertRow(approvals.table, {
			approval_id: safeExpression(`$json.${APPROVAL_ID_PARAM}`),
			tool: safeExpression('$json.tool'),
			args_hash: safeExpression('$json.args_hash'),
			summary: safeExpression('$json.summary'),
			args_json: safeExpression('$json.args_json'),
			secret_hash: safeExpression("$json.secret.hash('sha256')"),
			status: 'pending',
			expires_at: safeExpression('$json.expires_at'),
		})),
		// The table stays bounded: each new request deletes those that expired more than keepDays ago.
		// A failure here must not cost the person their request, so it goes on.
		{
			...node(workflow, GATE_NODES.forget, NODE_TYPES.dataTable, [1320, -300], deleteRows(approvals.table, [
				{ column: 'expires_at', condition: 'lt', value: safeExpression(`${request}.now - ${approvals.keepDays * 86_400_000}`) },
			])),
			alwaysOutputData: true,
			onError: 'continueRegularOutput',
		},
		notifyNode(workflow, GATE_NODES.notify, [1540, -300], approvals, requestText(tool, approvals)),
		setNode(workflow, GATE_NODES.required, [1760, -400], {
			success: { type: 'boolean', value: false },
			error: { type: 'string', value: '__APPROVAL_REQUIRED__' },
			[APPROVAL_ID_PARAM]: { type: 'string', value: safeExpression(`${request}.${APPROVAL_ID_PARAM}`) },
			summary: { type: 'string', value: safeExpression(`${request}.summary`) },
			expires_at: { type: 'string', value: safeExpression(`new Date(${request}.expires_at).toISOString()`) },
			hint: { type: 'string', value: requiredHint(approvals.channel.type) },
			retry: { type: 'string', value: APPROVAL_RETRY.__APPROVAL_REQUIRED__ },
		}),
		setNode(workflow, GATE_NODES.notSent, [1760, -200], {
			success: { type: 'boolean', value: false },
			error: { type: 'string', value: '__UNAVAILABLE__' },
			state: { type: 'string', value: 'unreachable' },
			hint: { type: 'string', value: NOT_SENT_HINT },
			retry: { type: 'string', value: 'later' },
		}),
	];
}

/**
 * Successful gate runs keep no execution data (a first call's data holds the secret); a failed
 * run is kept for the operator.
 */
export function gateSettings(): WorkflowSettings {
	return subWorkflowSettings({ subWorkflowExecutions: 'failures' });
}

export function buildApprovalGate(tool: ToolSpec, config: HermesConfig, lookup: ParamLookup): Workflow {
	const approvals = config.approvals;
	if (!approvals) throw new Error('buildApprovalGate without approvals');
	const name = gateWorkflowName(tool.name, config);
	const trigger = node(name, GATE_NODES.trigger, NODE_TYPES.executeWorkflowTrigger, [0, 0], {
		inputSource: 'workflowInputs',
		workflowInputs: {
			values: [...tool.parameters.map((p) => ({ name: p.key, type: inputType(p) })), { name: APPROVAL_ID_PARAM, type: 'string' }],
		},
	});
	const call = first(GATE_NODES.call);
	const claim: WorkflowNode = {
		...node(name, GATE_NODES.claim, NODE_TYPES.dataTable, [660, 0], updateRows(approvals.table, [
			{ column: 'approval_id', condition: 'eq', value: safeExpression(`$json.${APPROVAL_ID_PARAM}`) },
			{ column: 'tool', condition: 'eq', value: tool.name },
			{ column: 'args_hash', condition: 'eq', value: safeExpression('$json.args_hash') },
			{ column: 'status', condition: 'eq', value: 'approved' },
			{ column: 'expires_at', condition: 'gt', value: safeExpression('$json.now') },
		], { status: 'used', used_at: safeExpression('$json.now') })),
		alwaysOutputData: true,
	};
	const lookUp: WorkflowNode = {
		...node(name, GATE_NODES.lookUp, NODE_TYPES.dataTable, [1100, 100], getRow(approvals.table, [
			{ column: 'approval_id', condition: 'eq', value: safeExpression(`${call}.${APPROVAL_ID_PARAM}`) },
		])),
		alwaysOutputData: true,
	};
	const nodes: WorkflowNode[] = [
		trigger,
		callNode(name, tool, approvals),
		ifNode(name, GATE_NODES.isSecondCall, [440, 0], `$json.${APPROVAL_ID_PARAM} !== ''`),
		claim,
		// The claim outputs the row it changed, or one empty item when it changed none.
		ifNode(name, GATE_NODES.claimed, [880, 0], `typeof $json.${APPROVAL_ID_PARAM} === 'string'`),
		actionNode(name, tool, config, lookup, [1100, -100]),
		lookUp,
		...refusalNodes(name).map((n, i): WorkflowNode => ({ ...n, position: [1320 + i * 220, 100] })),
		...requestNodes(name, tool, approvals),
	];
	const connections: Connections = {
		[GATE_NODES.trigger]: { main: [main(GATE_NODES.call)] },
		[GATE_NODES.call]: { main: [main(GATE_NODES.isSecondCall)] },
		[GATE_NODES.isSecondCall]: { main: [main(GATE_NODES.claim), main(GATE_NODES.newId)] },
		[GATE_NODES.claim]: { main: [main(GATE_NODES.claimed)] },
		[GATE_NODES.claimed]: { main: [main(tool.name), main(GATE_NODES.lookUp)] },
		[GATE_NODES.lookUp]: { main: [main(GATE_NODES.why)] },
		[GATE_NODES.why]: { main: [main(GATE_NODES.refusal)] },
		[GATE_NODES.newId]: { main: [main(GATE_NODES.newSecret)] },
		[GATE_NODES.newSecret]: { main: [main(GATE_NODES.store)] },
		[GATE_NODES.store]: { main: [main(GATE_NODES.forget)] },
		[GATE_NODES.forget]: { main: [main(GATE_NODES.notify)] },
		[GATE_NODES.notify]: { main: [main(GATE_NODES.required), main(GATE_NODES.notSent)] },
	};
	return { name, nodes, connections, settings: gateSettings() };
}
