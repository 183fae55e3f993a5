/**
 * The n8n nodes an approval needs, built by hand with exactly the parameters the generator will
 * write, so approvalNodes.test.ts can prove each one against a real n8n 2.41.1: the approval page
 * (Webhook GET+POST -> Respond to Webhook with HTML / echo), Email Send over SMTP, Telegram
 * sendMessage, the Set node's hash expression and the Crypto node's generators.
 */
import { randomUUID } from 'node:crypto';

type Node = Record<string, unknown>;
type Connections = Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }>;

export interface ProbeWorkflow {
	name: string;
	nodes: Node[];
	connections: Connections;
	settings: Record<string, unknown>;
}

function node(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>, x: number, extra: Node = {}): Node {
	return { id: randomUUID(), name, type, typeVersion, position: [x, 0], parameters, ...extra };
}

/** Chains nodes output 0 -> input 0, in order. */
function chain(...names: string[]): Connections {
	const connections: Connections = {};
	for (let i = 0; i + 1 < names.length; i++) connections[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	return connections;
}

/** A webhook that answers with what the last node produced (first item, as JSON). */
function lastNodeWebhook(path: string): Node {
	return node('Webhook', 'n8n-nodes-base.webhook', 2.1, { httpMethod: 'GET', path, responseMode: 'lastNode', options: {} }, 0, {
		webhookId: randomUUID(),
	});
}

/** An n8n expression (without braces) HTML-escaping `value` for text and quoted attributes. */
export function escaped(value: string): string {
	return `String(${value} ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')`;
}

/** The approval page: GET shows the form, POST (the button) is echoed back. */
export function approvalPageWorkflow(path: string, absoluteAction: string): ProbeWorkflow {
	const webhook = node(
		'Approval Webhook',
		'n8n-nodes-base.webhook',
		2.1,
		{ multipleMethods: true, httpMethod: ['GET', 'POST'], path, responseMode: 'responseNode', options: {} },
		0,
		{ webhookId: randomUUID() },
	);
	// `?abs=1` posts to the absolute URL, otherwise the form has no action (same URL, query kept).
	// Values are HTML-escaped: n8n has no escape extension, and the sandbox allows scripts and forms,
	// so an injected script could click Approve itself.
	const html =
		'=<!doctype html><html><head><meta charset="utf-8"><title>Approval</title></head><body>' +
		`<h1>Approve {{ ${escaped('$json.query.id')} }}?</h1>` +
		`<form method="post"{{ $json.query.abs ? ' action="${absoluteAction}"' : '' }}>` +
		`<input type="hidden" name="id" value="{{ ${escaped('$json.query.id')} }}">` +
		`<input type="hidden" name="token" value="{{ ${escaped('$json.query.t')} }}">` +
		'<button type="submit" name="decision" value="approve">Approve</button> ' +
		'<button type="submit" name="decision" value="deny">Deny</button>' +
		'</form></body></html>';
	const page = node(
		'Approval Page',
		'n8n-nodes-base.respondToWebhook',
		1.5,
		{
			respondWith: 'text',
			responseBody: html,
			options: { responseHeaders: { entries: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }] } },
		},
		300,
	);
	const echo = node(
		'Decision Echo',
		'n8n-nodes-base.respondToWebhook',
		1.5,
		{
			respondWith: 'json',
			responseBody:
				"={{ JSON.stringify({ decided: true, body: $json.body, query: $json.query, origin: $json.headers.origin ?? null, contentType: $json.headers['content-type'] }) }}",
			options: {},
		},
		300,
	);
	return {
		name: 'Approval page probe',
		nodes: [webhook, page, echo],
		connections: {
			// Outputs follow the order of `httpMethod`: 0 = GET, 1 = POST.
			'Approval Webhook': {
				main: [[{ node: 'Approval Page', type: 'main', index: 0 }], [{ node: 'Decision Echo', type: 'main', index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}

export function emailWorkflow(path: string, credentialId: string, to: string): ProbeWorkflow {
	const send = node(
		'Send Approval Mail',
		'n8n-nodes-base.emailSend',
		2.1,
		{
			resource: 'email',
			operation: 'send',
			fromEmail: 'Hermes <hermes@approvals.test>',
			toEmail: to,
			subject: "=Approval needed: {{ $json.query.id }}",
			emailFormat: 'both',
			text: '=Open {{ $json.query.link }} to approve or deny.',
			html: '=<p>Open <a href="{{ $json.query.link }}">the approval page</a> to approve or deny.</p>',
			options: { appendAttribution: false },
		},
		300,
		{ credentials: { smtp: { id: credentialId, name: 'Approval SMTP' } } },
	);
	return { name: 'Email probe', nodes: [lastNodeWebhook(path), send], connections: chain('Webhook', 'Send Approval Mail'), settings: { executionOrder: 'v1' } };
}

export function telegramWorkflow(path: string, credentialId: string, chatId: string): ProbeWorkflow {
	const send = node(
		'Send Approval Message',
		'n8n-nodes-base.telegram',
		1.2,
		{
			resource: 'message',
			operation: 'sendMessage',
			chatId,
			// parse_mode HTML: Telegram refuses a bare & or < (a link's query string has &), so escape.
			text: `=<b>Approval needed</b>: {{ ${escaped('$json.query.id')} }}\n{{ ${escaped('$json.query.link')} }}`,
			replyMarkup: 'none',
			additionalFields: { appendAttribution: false, parse_mode: 'HTML' },
		},
		300,
		{ credentials: { telegramApi: { id: credentialId, name: 'Approval Telegram' } } },
	);
	return { name: 'Telegram probe', nodes: [lastNodeWebhook(path), send], connections: chain('Webhook', 'Send Approval Message'), settings: { executionOrder: 'v1' } };
}

/** Set (hash, clock) -> Crypto hex secret -> Crypto uuid. */
export function expressionWorkflow(path: string): ProbeWorkflow {
	const set = node(
		'Hash And Clock',
		'n8n-nodes-base.set',
		3.4,
		{
			mode: 'manual',
			assignments: {
				assignments: [
					{ id: randomUUID(), name: 'hash', type: 'string', value: "={{ 'abc'.hash('sha256') }}" },
					{ id: randomUUID(), name: 'nowMillis', type: 'number', value: '={{ $now.toMillis() }}' },
					{ id: randomUUID(), name: 'nowType', type: 'string', value: '={{ typeof $now.toMillis() }}' },
				],
			},
			includeOtherFields: false,
			options: {},
		},
		300,
	);
	const secret = node('Secret', 'n8n-nodes-base.crypto', 2, { action: 'generate', dataPropertyName: 'secret', encodingType: 'hex', stringLength: 64 }, 600);
	const uuid = node('Approval Id', 'n8n-nodes-base.crypto', 2, { action: 'generate', dataPropertyName: 'approvalId', encodingType: 'uuid' }, 900);
	return {
		name: 'Expression probe',
		nodes: [lastNodeWebhook(path), set, secret, uuid],
		connections: chain('Webhook', 'Hash And Clock', 'Secret', 'Approval Id'),
		settings: { executionOrder: 'v1' },
	};
}
