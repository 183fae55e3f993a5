import { createHash } from 'node:crypto';

import { launchBrowser, type BrowserHandle } from '../harness/browser';
import { startN8n, type N8nHandle } from '../harness/n8n';
import { startSmtpServer, type SmtpHandle } from '../harness/smtpServer';
import { startTelegramBotApi, type TelegramBotApiHandle } from '../harness/telegramBotApi';
import { approvalPageWorkflow, emailWorkflow, expressionWorkflow, telegramWorkflow } from './helpers/approvalProbe';
import { createCredential, createPublishedWorkflow } from './helpers/n8nRest';

/**
 * Proves, against a REAL n8n 2.41.1, the node parameters an approval is built from (see
 * helpers/approvalProbe.ts): the approval page served by a Webhook and answered in a real
 * Chromium (n8n's sandbox CSP on webhook HTML must still let the form POST), a mail through Email
 * Send to a real SMTP server, a Telegram sendMessage to the Bot API stand-in, and the hash
 * expression and Crypto generators a pending approval needs.
 */
let n8n: N8nHandle;
let smtp: SmtpHandle;
let telegram: TelegramBotApiHandle;
let browser: BrowserHandle;

beforeAll(async () => {
	[n8n, smtp, telegram, browser] = await Promise.all([
		startN8n({ installPackage: false }),
		startSmtpServer(),
		startTelegramBotApi(),
		launchBrowser(),
	]);
});

afterAll(async () => {
	await Promise.all([n8n?.stop(), smtp?.close(), telegram?.close(), browser?.close()]);
});

/**
 * GETs a webhook of a just-published workflow: n8n registers production webhooks a moment after
 * the publish call answers, so 404 is retried (it ran nothing) for up to 30 s.
 */
async function callWebhook(url: string): Promise<Response> {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
		if (response.status !== 404 || Date.now() > deadline) return response;
		await response.body?.cancel();
		await new Promise((done) => setTimeout(done, 250));
	}
}

async function getJson(url: string): Promise<{ status: number; json: Record<string, unknown> }> {
	const response = await callWebhook(url);
	return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('the approval page (Webhook GET+POST, Respond to Webhook HTML) in Chromium', () => {
	let pageUrl: string;

	beforeAll(async () => {
		pageUrl = `${n8n.baseUrl}/webhook/approval-probe`;
		await createPublishedWorkflow(n8n, { ...approvalPageWorkflow('approval-probe', pageUrl) });
	});

	test('GET serves the HTML with n8n sandbox CSP', async () => {
		const response = await callWebhook(`${pageUrl}?id=A1&t=tok1`);
		const html = await response.text();
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^text\/html/);
		expect(response.headers.get('content-security-policy')).toBe(
			'sandbox allow-downloads allow-forms allow-modals allow-orientation-lock allow-pointer-lock allow-popups allow-popups-to-escape-sandbox allow-presentation allow-scripts allow-top-navigation-by-user-activation allow-top-navigation-to-custom-protocols',
		);
		expect(html).toContain('<input type="hidden" name="id" value="A1">');
	});

	test('a POST without a browser (no Origin) reaches the POST branch too, under the same CSP', async () => {
		const response = await fetch(`${pageUrl}?id=A3`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ id: 'A3', token: 'tok', decision: 'approve' }),
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('content-security-policy')).toMatch(/^sandbox /);
		expect(await response.json()).toMatchObject({ body: { id: 'A3', decision: 'approve' }, query: { id: 'A3' }, origin: null });
	});

	test('values are HTML-escaped on the page and arrive unchanged in the POST', async () => {
		const id = `"><script>document.forms[0].submit()</script>&'`;
		const result = await browser.openAndClick(`${pageUrl}?id=${encodeURIComponent(id)}&t=tok3`, 'Deny');
		expect(JSON.parse(result.text)).toMatchObject({ body: { id, token: 'tok3', decision: 'deny' } });
		const page = await browser.openOnly(`${pageUrl}?id=${encodeURIComponent(id)}&t=tok3`);
		// The script stayed text: no auto-submit, the heading shows it literally.
		expect(page.text).toContain(`Approve ${id}?`);
	});

	test.each([
		['relative (no action)', 'approve', '', 'Approve'],
		['relative (no action)', 'deny', '', 'Deny'],
		['absolute action', 'approve', '&abs=1', 'button[value=approve]'],
	])('a click on the %s form posts decision=%s with the hidden fields', async (_how, decision, extra, button) => {
		const result = await browser.openAndClick(`${pageUrl}?id=A2&t=tok2${extra}`, button);
		expect(result.status).toBe(200);
		const echoed = JSON.parse(result.text) as Record<string, unknown>;
		expect(echoed).toMatchObject({
			decided: true,
			body: { id: 'A2', token: 'tok2', decision },
			contentType: 'application/x-www-form-urlencoded',
			// The sandbox gives the page an opaque origin: the browser sends `Origin: null`.
			origin: 'null',
		});
		// Without an action the form posts to the page's own URL, query string included.
		expect(echoed.query).toEqual(extra ? {} : { id: 'A2', t: 'tok2' });
		expect(browser.blocked).toEqual([]);
	});
});

test('Email Send 2.1 delivers text and HTML to the SMTP server', async () => {
	const credentialId = await createCredential(n8n, 'Approval SMTP', 'smtp', {
		user: smtp.user,
		password: smtp.password,
		host: smtp.host,
		port: smtp.port,
		secure: false,
		disableStartTls: true,
	});
	await createPublishedWorkflow(n8n, { ...emailWorkflow('probe-mail', credentialId, 'Approver <approver@approvals.test>') });
	const link = 'http://127.0.0.1:5678/webhook/approval?id=M1&t=x';
	const { status } = await getJson(`${n8n.baseUrl}/webhook/probe-mail?id=M1&link=${encodeURIComponent(link)}`);
	expect(status).toBe(200);
	const mail = await smtp.waitForMessage((m) => m.subject === 'Approval needed: M1');
	expect(mail).toMatchObject({
		from: 'hermes@approvals.test',
		to: ['approver@approvals.test'],
		fromHeader: '"Hermes" <hermes@approvals.test>',
		user: smtp.user,
	});
	expect(mail.text.trim()).toBe(`Open ${link} to approve or deny.`);
	expect(mail.html).toContain(`<a href="${link}">the approval page</a>`);
	expect(mail.html).not.toContain('n8n');
});

test('Telegram 1.2 sendMessage reaches the Bot API stand-in, one call, no getMe', async () => {
	const credentialId = await createCredential(n8n, 'Approval Telegram', 'telegramApi', { accessToken: telegram.token, baseUrl: telegram.baseUrl });
	await createPublishedWorkflow(n8n, { ...telegramWorkflow('probe-telegram', credentialId, '4242') });
	const { status, json } = await getJson(`${n8n.baseUrl}/webhook/probe-telegram?id=T1&link=${encodeURIComponent('http://127.0.0.1/x?id=T1&t=k')}`);
	expect(status).toBe(200);
	const message = await telegram.waitForMessage((m) => m.text.startsWith('<b>Approval needed</b>: T1'));
	expect(message).toMatchObject({ chat_id: '4242', parse_mode: 'HTML', text: '<b>Approval needed</b>: T1\nhttp://127.0.0.1/x?id=T1&amp;t=k' });
	expect(telegram.calls.map((c) => [c.method, c.contentType])).toEqual([['sendMessage', 'application/json']]);
	expect(message.params).toMatchObject({ disable_web_page_preview: true });
	// n8n's node outputs the Bot API's answer.
	expect(json).toMatchObject({ ok: true, result: { message_id: message.message_id, chat: { id: 4242 } } });
});

test('hash expression, $now.toMillis() and the Crypto generators', async () => {
	await createPublishedWorkflow(n8n, { ...expressionWorkflow('probe-expr') });
	const before = Date.now();
	const { status, json } = await getJson(`${n8n.baseUrl}/webhook/probe-expr`);
	expect(status).toBe(200);
	expect(json.hash).toBe(createHash('sha256').update('abc').digest('hex'));
	expect(json.nowType).toBe('number');
	expect(json.nowMillis as number).toBeGreaterThanOrEqual(before - 1000);
	expect(json.nowMillis as number).toBeLessThanOrEqual(Date.now());
	// stringLength is the number of hex characters (randomBytes(n) is sliced to n): 64 = 32 bytes.
	expect(json.secret).toMatch(/^[0-9a-f]{64}$/);
	expect(json.approvalId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
