/**
 * The approval page: one webhook path, served by n8n. A GET (the person, a link preview, a mail
 * scanner) only shows the request and a form; the decision is the form's POST, which changes the
 * request only if its secret matches, it is still pending and unexpired (one conditional
 * update, so two decisions cannot both win).
 */
import { APPROVAL_ID_PARAM } from '../approvals/gatedTools';
import type { ApprovalsConfig, HermesConfig } from '../config';
import { webhookId } from './ids';
import { getRow, updateRows } from './dataTableNode';
import type { Connections, Workflow, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { main, node, safeExpression } from './nodeParts';

export const PAGE_NODES = {
	webhook: 'Approval page',
	find: 'Find request',
	show: 'Show request',
	decide: 'Decide',
	decided: 'Show decision',
} as const;

/** Form field names of the page (query parameters of the link use the same two). */
export const PAGE_FIELDS = { id: 'id', secret: 's', decision: 'decision' } as const;
export const DECISIONS = { approve: 'approved', deny: 'denied' } as const;

/** Escapes text for HTML, as an expression body. */
const html = (value: string) =>
	`String(${value} ?? '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')`;

const STYLE =
	'body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #222 } ' +
	'pre { background: #f4f4f4; padding: .75rem; white-space: pre-wrap; word-break: break-all } ' +
	'button { font-size: 1rem; padding: .5rem 1.25rem; margin-right: 1rem }';

function page(title: string, bodyExpression: string): string {
	const head = `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width"><title>${title}</title><style>${STYLE}</style></head><body>`;
	return `${JSON.stringify(head)} + ${bodyExpression} + ${JSON.stringify('</body></html>')}`;
}

/** The request and the form, when the link is valid and the request undecided. */
/** A request the page may still decide. */
const OPEN = `$json.status === 'pending' && $json.expires_at > $now.toMillis()`;

function requestPage(): string {
	const form = [
		JSON.stringify('<h1>Approve this call?</h1><p>'),
		html('$json.summary'),
		JSON.stringify('</p><p>Arguments:</p><pre>'),
		html('$json.args_json'),
		JSON.stringify('</pre><p>Valid until '),
		html('new Date($json.expires_at).toISOString()'),
		JSON.stringify(`. Approving runs this one call once.</p><form method="post"><input type="hidden" name="${PAGE_FIELDS.id}" value="`),
		html(`$json.${APPROVAL_ID_PARAM}`),
		JSON.stringify(`"><input type="hidden" name="${PAGE_FIELDS.secret}" value="`),
		html(`$('${PAGE_NODES.webhook}').first().json.query.${PAGE_FIELDS.secret}`),
		JSON.stringify(`"><button type="submit" name="${PAGE_FIELDS.decision}" value="approve">Approve</button><button type="submit" name="${PAGE_FIELDS.decision}" value="deny">Deny</button></form>`),
	].join(' + ');
	const closed = JSON.stringify('<h1>Nothing to decide</h1><p>This link is not valid, or the request was already decided or has expired.</p>');
	return page('Approval request', `(${OPEN} ? ${form} : ${closed})`);
}

function decisionPage(): string {
	const approved = [JSON.stringify('<h1>Approved</h1><p>'), html('$json.summary'), JSON.stringify('</p><p>The agent may now run this call once.</p>')].join(' + ');
	const denied = [JSON.stringify('<h1>Denied</h1><p>'), html('$json.summary'), JSON.stringify('</p><p>Nothing will be run.</p>')].join(' + ');
	const none = JSON.stringify('<h1>Not decided</h1><p>This request cannot be decided: the link is not valid, or the request was already decided or has expired.</p>');
	return page('Approval', `($json.status === 'approved' ? ${approved} : $json.status === 'denied' ? ${denied} : ${none})`);
}

function respond(workflow: string, name: string, position: [number, number], body: string, code: string): WorkflowNode {
	return node(workflow, name, NODE_TYPES.respondToWebhook, position, {
		respondWith: 'text',
		responseBody: safeExpression(body),
		options: {
			responseCode: safeExpression(code),
			responseHeaders: {
				entries: [
					{ name: 'Content-Type', value: 'text/html; charset=utf-8' },
					{ name: 'Cache-Control', value: 'no-store' },
				],
			},
		},
	});
}

const body = (field: string) => `$json.body.${field}`;
const secretHash = (value: string) => `String(${value} ?? '').hash('sha256')`;

export function buildApprovalPage(config: HermesConfig): Workflow {
	const approvals: ApprovalsConfig | undefined = config.approvals;
	if (!approvals) throw new Error('buildApprovalPage without approvals');
	const name = approvals.pageWorkflow;
	const webhook: WorkflowNode = {
		...node(name, PAGE_NODES.webhook, NODE_TYPES.webhook, [0, 0], {
			multipleMethods: true,
			httpMethod: ['GET', 'POST'],
			path: approvals.pagePath,
			responseMode: 'responseNode',
			options: {},
		}),
		webhookId: webhookId(name, PAGE_NODES.webhook),
	};
	const find: WorkflowNode = {
		...node(name, PAGE_NODES.find, NODE_TYPES.dataTable, [220, -100], getRow(approvals.table, [
			{ column: 'approval_id', condition: 'eq', value: safeExpression(`String($json.query.${PAGE_FIELDS.id} ?? '')`) },
			{ column: 'secret_hash', condition: 'eq', value: safeExpression(secretHash(`$json.query.${PAGE_FIELDS.secret}`)) },
		])),
		alwaysOutputData: true,
	};
	// Compared one by one: an object lookup would also find `constructor` and the like.
	const decision = `${Object.entries(DECISIONS).map(([k, v]) => `${body(PAGE_FIELDS.decision)} === '${k}' ? '${v}'`).join(' : ')} : undefined`;
	const decide: WorkflowNode = {
		...node(name, PAGE_NODES.decide, NODE_TYPES.dataTable, [220, 100], updateRows(approvals.table, [
			{ column: 'approval_id', condition: 'eq', value: safeExpression(`String(${body(PAGE_FIELDS.id)} ?? '')`) },
			{ column: 'secret_hash', condition: 'eq', value: safeExpression(secretHash(body(PAGE_FIELDS.secret))) },
			// Anything but approve or deny matches no row, so it decides nothing.
			{ column: 'status', condition: 'eq', value: safeExpression(`(${decision}) ? 'pending' : 'not a decision'`) },
			{ column: 'expires_at', condition: 'gt', value: safeExpression('$now.toMillis()') },
		], { status: safeExpression(`(${decision}) ?? 'pending'`), decided_at: safeExpression('$now.toMillis()') })),
		alwaysOutputData: true,
	};
	const nodes: WorkflowNode[] = [
		webhook,
		find,
		respond(name, PAGE_NODES.show, [440, -100], requestPage(), `${OPEN} ? 200 : 404`),
		decide,
		respond(name, PAGE_NODES.decided, [440, 100], decisionPage(), `['approved', 'denied'].includes($json.status) ? 200 : 409`),
	];
	const connections: Connections = {
		[PAGE_NODES.webhook]: { main: [main(PAGE_NODES.find), main(PAGE_NODES.decide)] },
		[PAGE_NODES.find]: { main: [main(PAGE_NODES.show)] },
		[PAGE_NODES.decide]: { main: [main(PAGE_NODES.decided)] },
	};
	// Saved executions would hold the secret (it arrives in the query and the form).
	return {
		name,
		nodes,
		connections,
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'none', saveDataErrorExecution: 'none', saveExecutionProgress: false, saveManualExecutions: false, callerPolicy: 'none' },
	};
}

