import { startTelegramBotApi, type TelegramBotApiHandle } from '../../harness/telegramBotApi';

/** The Bot API stand-in answers in Telegram's shapes whatever encoding the parameters come in. */
let bot: TelegramBotApiHandle;

beforeAll(async () => {
	bot = await startTelegramBotApi({ token: '4242:right-token' });
});

afterAll(() => bot.close());

interface Case {
	what: string;
	path: string;
	body?: string | FormData | URLSearchParams;
	json?: boolean;
	status: number;
	answer: Record<string, unknown>;
	/** The text that must be recorded exactly once (accepted sendMessage only). */
	recorded?: string;
}

const sent = (text: string, chatId: number) => ({ ok: true, result: { message_id: expect.any(Number), date: expect.any(Number), chat: { id: chatId, type: 'private' }, text } });

const cases: Case[] = [
	{ what: 'JSON sendMessage (what n8n sends)', path: '/bot4242:right-token/sendMessage', body: JSON.stringify({ chat_id: 7, text: 'json text', parse_mode: 'HTML' }), json: true, status: 200, answer: sent('json text', 7), recorded: 'json text' },
	{ what: 'urlencoded sendMessage', path: '/bot4242:right-token/sendMessage', body: new URLSearchParams({ chat_id: '8', text: 'form text' }), status: 200, answer: sent('form text', 8), recorded: 'form text' },
	{ what: 'query-string sendMessage', path: '/bot4242:right-token/sendMessage?chat_id=9&text=query%20text', status: 200, answer: sent('query text', 9), recorded: 'query text' },
	{ what: 'a wrong token', path: '/bot4242:wrong-token/sendMessage', body: JSON.stringify({ chat_id: 7, text: 'wrong token' }), json: true, status: 401, answer: { ok: false, error_code: 401, description: 'Unauthorized' } },
	{ what: 'an unknown method', path: '/bot4242:right-token/sendTelepathy', body: JSON.stringify({ chat_id: 7, text: 'unknown' }), json: true, status: 404, answer: { ok: false, error_code: 404, description: 'Not Found' } },
	{ what: 'a path outside /bot<token>/', path: '/sendMessage', status: 404, answer: { ok: false, error_code: 404, description: 'Not Found' } },
	{ what: 'no text', path: '/bot4242:right-token/sendMessage', body: JSON.stringify({ chat_id: 7 }), json: true, status: 400, answer: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' } },
	{ what: 'HTML with escaped & and a link tag', path: '/bot4242:right-token/sendMessage', body: JSON.stringify({ chat_id: 7, parse_mode: 'HTML', text: '<b>Approve</b> <a href="http://x/?a=1&amp;b=2">page</a> &lt;3' }), json: true, status: 200, answer: sent('<b>Approve</b> <a href="http://x/?a=1&amp;b=2">page</a> &lt;3', 7), recorded: '<b>Approve</b> <a href="http://x/?a=1&amp;b=2">page</a> &lt;3' },
	{ what: 'HTML with a bare &', path: '/bot4242:right-token/sendMessage', body: JSON.stringify({ chat_id: 7, parse_mode: 'HTML', text: 'é http://x/?a=1&b=2' }), json: true, status: 400, answer: { ok: false, error_code: 400, description: "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 16" } },
	{ what: 'HTML with an unknown tag', path: '/bot4242:right-token/sendMessage', body: JSON.stringify({ chat_id: 7, parse_mode: 'HTML', text: 'id <script>' }), json: true, status: 400, answer: { ok: false, error_code: 400, description: "Bad Request: can't parse entities: Unsupported start tag at byte offset 3" } },
	{ what: 'HTML over 4,096 characters once its entities are read', path: '/bot4242:right-token/sendMessage', body: JSON.stringify({ chat_id: 7, parse_mode: 'HTML', text: '&amp;'.repeat(4097) }), json: true, status: 400, answer: { ok: false, error_code: 400, description: 'Bad Request: message is too long' } },
	{ what: 'HTML of 4,096 characters once its entities are read', path: '/bot4242:right-token/sendMessage', body: JSON.stringify({ chat_id: 7, parse_mode: 'HTML', text: '&amp;'.repeat(4096) }), json: true, status: 200, answer: expect.objectContaining({ ok: true }) },
	{ what: 'Markdown with an unclosed _', path: '/bot4242:right-token/sendMessage', body: JSON.stringify({ chat_id: 7, parse_mode: 'Markdown', text: 'tool odoo_update' }), json: true, status: 400, answer: { ok: false, error_code: 400, description: "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 9" } },
	{ what: 'Markdown balanced', path: '/bot4242:right-token/sendMessage', body: JSON.stringify({ chat_id: 7, parse_mode: 'Markdown', text: '*Approve* odoo\\_update' }), json: true, status: 200, answer: sent('*Approve* odoo\\_update', 7), recorded: '*Approve* odoo\\_update' },
	{ what: 'getMe', path: '/bot4242:right-token/getMe', status: 200, answer: { ok: true, result: { id: 4242, is_bot: true, first_name: 'Hermes Test Bot', username: 'hermes_test_bot' } } },
];

test.each(cases)('$what -> $status', async ({ path, body, json, status, answer, recorded }) => {
	const response = await fetch(`${bot.baseUrl}${path}`, {
		method: body === undefined ? 'GET' : 'POST',
		headers: json ? { 'content-type': 'application/json' } : undefined,
		body,
	});
	expect(response.status).toBe(status);
	expect(await response.json()).toEqual(answer);
	if (recorded !== undefined) {
		const message = await bot.waitForMessage((m) => m.text === recorded, 2000);
		expect(message.token).toBe('4242:right-token');
		expect(bot.messages.filter((m) => m.text === recorded)).toHaveLength(1);
	}
});

test('multipart parameters are read like the other encodings', async () => {
	const form = new FormData();
	form.set('chat_id', '10');
	form.set('text', 'multipart text');
	const response = await fetch(`${bot.baseUrl}/bot4242:right-token/sendMessage`, { method: 'POST', body: form });
	expect(await response.json()).toEqual(sent('multipart text', 10));
	expect(bot.calls.at(-1)?.contentType).toMatch(/^multipart\/form-data; boundary=/);
});

test('refused calls are recorded as calls, never as messages', () => {
	const refused = bot.calls.filter((c) => !c.accepted).map((c) => c.method);
	expect(refused).toEqual(expect.arrayContaining(['sendMessage', 'sendTelepathy']));
	expect(bot.messages.some((m) => m.text === 'wrong token' || m.text === 'unknown')).toBe(false);
});
