/**
 * The approval page: one webhook path, served by n8n. The link carries the request id in its
 * query and the secret in its fragment, which no browser sends. A GET (the person, a link
 * preview, a mail scanner) shows the request by its id and decides nothing; a script moves the
 * secret from the fragment into the form. The decision is the form's POST, which changes the
 * request only if its secret matches, it is still pending and unexpired (one conditional
 * update, so two decisions cannot both win), and records when, from where and with what.
 * Both find the request among this deployment's only: each deployment has its own page, and
 * another's request, or one stored before rows carried their deployment, is no request here.
 */
import { createHash } from 'node:crypto';

import { HINT_QUOTE_CAPS } from '../contracts';

import { argumentsText, changesText, MARK_CLOSE, MARK_OPEN, targetText } from './display';
import { APPROVAL_ID_PARAM } from './gatedTools';
import { deploymentName, type ApprovalsConfig, type HermesConfig } from '../config';
import { getRow, tableNode, updateRows } from '../dataTables/dataTableNode';
import { APPROVAL_COLUMNS, ofDeployment } from './store';
import type { Connections, Workflow, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { AT, laidOut } from '../builders/layout';
import { main, node, safeExpression, webhookId } from '../builders/nodeParts';
import { PAGE_FIELDS } from '../lint/core';

export const PAGE_NODES = {
	webhook: 'Approval page',
	posted: 'Decision posted',
	find: 'Find request',
	show: 'Show request',
	decide: 'Decide',
	decided: 'Show decision',
} as const;

/** Field names: `id` in the query and the form, the secret `s` in the link's fragment and the form (the lint core's, HMT018 reads the links by them). */
export { PAGE_FIELDS };
export const DECISIONS = { approve: 'approved', deny: 'denied' } as const;

/** The page's address on n8n's public URL. */
export function pageUrl(approvals: ApprovalsConfig): string {
	return `${approvals.publicUrl.replace(/\/+$/, '')}/webhook/${approvals.pagePath}`;
}

/** Escapes text for HTML, as an expression body. */
const html = (value: string) =>
	`String(${value} ?? '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')`;

const STYLE =
	'body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #222 } ' +
	'pre { background: #f4f4f4; padding: .75rem; white-space: pre-wrap; word-break: break-all } ' +
	'button { font-size: 1rem; padding: .5rem 1.25rem; margin-right: 1rem } ' +
	'input[type=text] { font-family: monospace; width: 100% }';

/**
 * Moves the secret from the link's fragment into the form and off the address bar. Without
 * JavaScript the field stays visible for the person to paste the secret into.
 */
const SCRIPT =
	"(function () { var m = /(?:^#|&)s=([0-9a-f]{64})(?:&|$)/.exec(location.hash); if (!m) return; " +
	`document.getElementById('${PAGE_FIELDS.secret}').value = m[1]; document.getElementById('secret-field').hidden = true; ` +
	'try { history.replaceState(null, \'\', location.pathname + location.search); } catch (e) { /* an opaque origin may refuse */ } })();';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * n8n drops a Content-Security-Policy header a workflow sets (it sends its own sandbox policy on
 * every webhook page), so the page's own policy is a meta element: nothing but its one script and
 * style run. frame-ancestors has no effect in a meta element: X-Frame-Options does that.
 */
const CSP = `default-src 'none'; script-src ${sha256(SCRIPT)}; style-src ${sha256(STYLE)}; base-uri 'none'`;

function page(title: string, bodyExpression: string): string {
	const head =
		'<!doctype html><html><head><meta charset="utf-8">' +
		`<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
		`<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width"><title>${title}</title><style>${STYLE}</style></head><body>`;
	return `${JSON.stringify(head)} + ${bodyExpression} + ${JSON.stringify('</body></html>')}`;
}

const text = (value: string) => JSON.stringify(value);

/** A request the page may still decide. */
const OPEN = `$json.status === 'pending' && $json.expires_at > $now.toMillis()`;

/** The call as display.ts renders it, the same text the notification carried (here no argument is cut). */
function requestBody(): string {
	return [
		text('<p><strong>'),
		// As the gate rendered it (display.ts), stored with the request: it outlives the arguments.
		html('$json.summary'),
		text('</strong></p>'),
		// What will change and the target first: on a phone they are what the first screen shows.
		`((changes) => changes === '' ? '' : ${JSON.stringify('<h2>What will change</h2><pre id="changes">')} + ${html('changes')} + '</pre>')(${changesText('$json.changes_json', 0)})`,
		text('<h2>Target, as read when the call was made</h2><pre id="target">'),
		html(targetText('$json.target_json', 0)),
		text(`</pre><h2>Arguments</h2><p>${MARK_OPEN} ${MARK_CLOSE} marks what would not show or could pass for something else.</p><pre id="arguments">`),
		html(argumentsText('$json.args_json', 0)),
		text('</pre>'),
	].join(' + ');
}

const iso = (millis: string) => `new Date(${millis}).toISOString()`;

/** When, from which address and with which browser the request was decided. */
function decisionRecord(): string {
	const address = `($json.decided_address ? ${html('$json.decided_address')} : 'not known (no X-Forwarded-For header reached n8n)')`;
	return [
		text('<h2>Decision</h2><dl id="decision"><dt>Decided</dt><dd>'),
		html(`$json.decided_at ? ${iso('$json.decided_at')} : ''`),
		text('</dd><dt>From the address (X-Forwarded-For)</dt><dd>'),
		address,
		text('</dd><dt>With the browser (User-Agent)</dt><dd>'),
		html('$json.decided_user_agent'),
		text('</dd></dl>'),
	].join(' + ');
}

const STATUS_TEXT: Record<string, string> = {
	approved: 'Approved: the agent has not run it yet, and may run this call once.',
	denied: 'Denied: nothing will be run.',
	used: 'Approved, and the agent called it: its outcome is not recorded.',
};

/** A used approval: what its call answered, as the gate recorded it. */
const usedText = `($json.outcome === 'succeeded' ? 'Approved; the call ran and succeeded.' : $json.outcome ? 'Approved; the call ran and failed: ' + $json.outcome + '.' : undefined)`;

const statusText = `($json.status === 'used' ? ${usedText} : undefined) ?? (${JSON.stringify(STATUS_TEXT)})[$json.status] ?? 'Expired before anyone decided: nothing will be run.'`;

/** The GET: the request by its id alone, and the form while it is open. It decides nothing. */
function requestPage(): string {
	const form = [
		text('<p>Valid until '),
		html(iso('$json.expires_at')),
		text(`. Approving runs this one call once.</p><form method="post" action="?${PAGE_FIELDS.id}=`),
		html(`$json.${APPROVAL_ID_PARAM}`),
		text(`"><input type="hidden" name="${PAGE_FIELDS.id}" value="`),
		html(`$json.${APPROVAL_ID_PARAM}`),
		text(
			`"><p id="secret-field"><label for="${PAGE_FIELDS.secret}">Secret: the text after <code>#${PAGE_FIELDS.secret}=</code> in the link you were sent</label><br>` +
				`<input type="text" id="${PAGE_FIELDS.secret}" name="${PAGE_FIELDS.secret}" autocomplete="off" spellcheck="false" required></p>` +
				`<button type="submit" disabled hidden aria-hidden="true" tabindex="-1"></button>` +
				`<button type="submit" name="${PAGE_FIELDS.decision}" value="approve">Approve</button><button type="submit" name="${PAGE_FIELDS.decision}" value="deny">Deny</button></form>` +
				`<script>${SCRIPT}</script>`,
		),
	].join(' + ');
	const closed = [text('<p id="status">'), html(statusText), text('</p>'), `($json.decided_at ? ${decisionRecord()} : '')`].join(' + ');
	const heading = `(${OPEN} ? ${text('<h1>Approve this call?</h1>')} : ${text('<h1>Approval request</h1>')})`;
	const found = [heading, requestBody(), `(${OPEN} ? ${form} : ${closed})`].join(' + ');
	const none = text('<h1>No such request</h1><p>No approval request of this endpoint has this id: the link is not valid, the request was deleted, or another endpoint asked for it.</p>');
	return page('Approval request', `(typeof $json.${APPROVAL_ID_PARAM} === 'string' ? ${found} : ${none})`);
}

/** The POST's answer: what was decided, with its record, or why nothing was. */
function decisionPage(): string {
	const decided = [
		`($json.status === 'approved' ? ${text('<h1>Approved</h1>')} : ${text('<h1>Denied</h1>')})`,
		text('<p id="status">'),
		html(statusText),
		text('</p>'),
		requestBody(),
		decisionRecord(),
	].join(' + ');
	const none = text('<h1>Not decided</h1><p>This request cannot be decided: the link or the secret is not valid, or the request was already decided or has expired.</p>');
	return page('Approval', `(['approved', 'denied'].includes($json.status) ? ${decided} : ${none})`);
}

/**
 * Headers of every answer: nothing cached, no referrer, and no framing (a page framed by another
 * site could trick a click onto Approve).
 */
const RESPONSE_HEADERS = [
	{ name: 'Content-Type', value: 'text/html; charset=utf-8' },
	{ name: 'Cache-Control', value: 'no-store' },
	{ name: 'X-Frame-Options', value: 'DENY' },
	{ name: 'Referrer-Policy', value: 'no-referrer' },
	{ name: 'X-Content-Type-Options', value: 'nosniff' },
];

function respond(workflow: string, name: string, position: [number, number], body: string, code: string): WorkflowNode {
	return node(workflow, name, NODE_TYPES.respondToWebhook, position, {
		respondWith: 'text',
		responseBody: safeExpression(body),
		options: {
			responseCode: safeExpression(code),
			responseHeaders: { entries: RESPONSE_HEADERS },
		},
	});
}

const body = (field: string) => `$json.body.${field}`;
const secretHash = (value: string) => `String(${value} ?? '').hash('sha256')`;
/** A request header as text of at most `max` characters (n8n gives the headers lower-cased). */
const header = (name: string, max: number) => `String($json.headers[${JSON.stringify(name)}] ?? '').slice(0, ${max})`;

export function buildApprovalPage(config: HermesConfig): Workflow {
	const approvals: ApprovalsConfig | undefined = config.approvals;
	if (!approvals) throw new Error('buildApprovalPage without approvals');
	const name = approvals.pageWorkflow;
	const own = ofDeployment(deploymentName(config));
	// One webhook per method on the one path: n8n reads a webhook's allowedOrigins only where its
	// httpMethod is a single method. With it n8n answers another site's Origin with the page's own,
	// so a page of another origin open in the person's browser cannot read a request; without it
	// n8n echoes any caller's Origin.
	const webhookOf = (nodeName: string, method: 'GET' | 'POST', position: [number, number]): WorkflowNode => ({
		...node(name, nodeName, NODE_TYPES.webhook, position, {
			httpMethod: method,
			path: approvals.pagePath,
			responseMode: 'responseNode',
			options: { allowedOrigins: new URL(approvals.publicUrl).origin },
		}),
		webhookId: webhookId(name, nodeName),
	});
	const webhook = webhookOf(PAGE_NODES.webhook, 'GET', AT);
	const posted = webhookOf(PAGE_NODES.posted, 'POST', AT);
	const find: WorkflowNode = {
		...tableNode(name, PAGE_NODES.find, AT, getRow(approvals.table, [
			own,
			{ column: 'approval_id', condition: 'eq', value: safeExpression(`String($json.query.${PAGE_FIELDS.id} ?? '')`) },
		])),
		alwaysOutputData: true,
	};
	// Compared one by one: an object lookup would also find `constructor` and the like.
	const decision = `${Object.entries(DECISIONS).map(([k, v]) => `${body(PAGE_FIELDS.decision)} === '${k}' ? '${v}'`).join(' : ')} : undefined`;
	const decide: WorkflowNode = {
		...tableNode(name, PAGE_NODES.decide, AT, updateRows(approvals.table, [
			own,
			{ column: 'approval_id', condition: 'eq', value: safeExpression(`String(${body(PAGE_FIELDS.id)} ?? '')`) },
			{ column: 'secret_hash', condition: 'eq', value: safeExpression(secretHash(body(PAGE_FIELDS.secret))) },
			// Anything but approve or deny matches no row, so it decides nothing.
			{ column: 'status', condition: 'eq', value: safeExpression(`(${decision}) ? 'pending' : 'not a decision'`) },
			{ column: 'expires_at', condition: 'gt', value: safeExpression('$now.toMillis()') },
		], {
			status: safeExpression(`(${decision}) ?? 'pending'`),
			decided_at: safeExpression('$now.toMillis()'),
			decided_address: safeExpression(header('x-forwarded-for', 200)),
			decided_user_agent: safeExpression(header('user-agent', HINT_QUOTE_CAPS.short)),
		}, APPROVAL_COLUMNS)),
		alwaysOutputData: true,
	};
	const nodes: WorkflowNode[] = [
		webhook,
		posted,
		find,
		respond(name, PAGE_NODES.show, AT, requestPage(), `typeof $json.${APPROVAL_ID_PARAM} === 'string' ? 200 : 404`),
		decide,
		respond(name, PAGE_NODES.decided, AT, decisionPage(), `['approved', 'denied'].includes($json.status) ? 200 : 409`),
	];
	const connections: Connections = {
		[PAGE_NODES.webhook]: { main: [main(PAGE_NODES.find)] },
		[PAGE_NODES.posted]: { main: [main(PAGE_NODES.decide)] },
		[PAGE_NODES.find]: { main: [main(PAGE_NODES.show)] },
		[PAGE_NODES.decide]: { main: [main(PAGE_NODES.decided)] },
	};
	// Saved executions would hold the secret (it arrives in the form).
	return laidOut(
		{
			name,
			nodes,
			connections,
			settings: { executionOrder: 'v1', saveDataSuccessExecution: 'none', saveDataErrorExecution: 'none', saveExecutionProgress: false, saveManualExecutions: false, callerPolicy: 'none' },
		},
		PAGE_NODES.webhook,
		PAGE_NODES.posted,
	);
}

