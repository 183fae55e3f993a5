/**
 * A STAND-IN for Telegram's Bot API (the real one is on the internet, which this machine cannot
 * reach, and it needs a real bot and chat). It speaks the Bot API's HTTP shape so n8n's Telegram
 * node, pointed at it by the `telegramApi` credential's `baseUrl`, cannot tell the difference for
 * what the approvals send:
 * - `POST|GET /bot<token>/<method>`, parameters as JSON (what n8n's node sends), urlencoded,
 *   multipart or the query string, merged as the Bot API does;
 * - `sendMessage` answers `{ok: true, result: {message_id, date, chat: {id, type}, text}}`;
 *   no chat_id or no text -> 400 as Telegram words it; `getMe` answers the bot;
 * - `parse_mode` HTML or Markdown text that Telegram could not parse (a bare `&` or `<`, an
 *   unclosed `*`/`_`) -> 400 `can't parse entities`, as Telegram refuses it (a subset of its rules);
 * - a text over 4,096 characters once its entities are read -> 400 `message is too long`;
 * - a wrong token -> 401 `Unauthorized`, an unknown method -> 404 `Not Found`, both in the Bot
 *   API's `{ok: false, error_code, description}` shape.
 * Every call is recorded (a wrong token and an unknown method too, with `accepted: false`).
 * 127.0.0.1 only, free port.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Recorder } from './recorder';

export interface TelegramCall {
	token: string;
	method: string;
	/** The merged parameters (query string, then body). */
	params: Record<string, unknown>;
	/** What the request's Content-Type said (`application/json`, ...). */
	contentType: string;
	/** Whether the stand-in answered `ok: true`. */
	accepted: boolean;
}

/** A `sendMessage` that was answered `ok: true`. */
export interface TelegramMessage {
	token: string;
	chat_id: string;
	text: string;
	parse_mode?: string;
	message_id: number;
	params: Record<string, unknown>;
}

export interface TelegramBotApiHandle {
	/** What the `telegramApi` credential's `baseUrl` gets: `http://127.0.0.1:<port>`. */
	baseUrl: string;
	token: string;
	readonly calls: readonly TelegramCall[];
	readonly messages: readonly TelegramMessage[];
	waitForMessage(predicate?: (message: TelegramMessage) => boolean, timeoutMs?: number): Promise<TelegramMessage>;
	close(): Promise<void>;
}

type BotAnswer = { status: number; body: Record<string, unknown> };

const MAX_BODY = 1024 * 1024;

function failure(status: number, description: string): BotAnswer {
	return { status, body: { ok: false, error_code: status, description } };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY) throw new Error('body too large');
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

/** Bot API parameters from any of the encodings Telegram accepts. */
async function parseParams(request: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
	const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
	const body = await readBody(request);
	if (body.length === 0) return params;
	const contentType = request.headers['content-type'] ?? '';
	if (contentType.startsWith('application/json')) {
		return { ...params, ...(JSON.parse(body.toString('utf8')) as Record<string, unknown>) };
	}
	// Node's fetch Response decodes urlencoded and multipart bodies alike.
	const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
	for (const [key, value] of form) params[key] = typeof value === 'string' ? value : `<file ${value.name}>`;
	return params;
}

/** Tags Telegram's HTML parse mode accepts. */
const HTML_TAG = /^<\/?(b|strong|i|em|u|ins|s|strike|del|span|tg-spoiler|a|code|pre|blockquote|tg-emoji)(\s[^<>]*)?>/;
const HTML_ENTITY = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);/;

/** Telegram's limit on a message's text, counted once its entities are read. */
const MESSAGE_LIMIT = 4096;

/** The text's length as the person sees it: HTML's tags dropped and its entities read as one character. */
function shownLength(text: string, parseMode: string | undefined): number {
	if (parseMode !== 'HTML') return text.length;
	return text.replace(/<[^>]*>/g, '').replace(/&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/gi, '_').length;
}

/** Why Telegram would refuse to parse `text` in `parseMode`, or undefined when it parses. */
function entityError(text: string, parseMode: string | undefined): string | undefined {
	if (parseMode === 'HTML') {
		for (let i = 0; i < text.length; i++) {
			const rest = text.slice(i);
			// Telegram counts UTF-8 bytes, not characters.
			const offset = Buffer.byteLength(text.slice(0, i));
			if (text[i] === '&' && !HTML_ENTITY.test(rest)) return `Can't find end of the entity starting at byte offset ${offset}`;
			if (text[i] === '<' && !HTML_TAG.test(rest)) return `Unsupported start tag at byte offset ${offset}`;
		}
	}
	if (parseMode === 'Markdown') {
		// Legacy Markdown: *bold*, _italic_, `code` must be closed; a backslash escapes.
		for (const mark of ['*', '_', '`']) {
			const unescaped = text.split('').filter((c, i) => c === mark && text[i - 1] !== '\\').length;
			if (unescaped % 2 === 1) {
				return `Can't find end of the entity starting at byte offset ${Buffer.byteLength(text.slice(0, text.lastIndexOf(mark)))}`;
			}
		}
	}
	return undefined;
}

export async function startTelegramBotApi(options: { token?: string } = {}): Promise<TelegramBotApiHandle> {
	const token = options.token ?? '123456789:hermes-test-bot-token';
	const calls: TelegramCall[] = [];
	const messages = new Recorder<TelegramMessage>('Telegram stand-in');
	let nextMessageId = 1;

	function sendMessage(callToken: string, params: Record<string, unknown>): BotAnswer {
		const chatId = params.chat_id;
		const text = params.text;
		if (chatId === undefined || chatId === '') return failure(400, 'Bad Request: chat_id is empty');
		if (typeof text !== 'string' || text.trim() === '') return failure(400, 'Bad Request: message text is empty');
		const parse_mode = typeof params.parse_mode === 'string' ? params.parse_mode : undefined;
		const unparsable = entityError(text, parse_mode);
		if (unparsable) return failure(400, `Bad Request: can't parse entities: ${unparsable}`);
		if (shownLength(text, parse_mode) > MESSAGE_LIMIT) return failure(400, 'Bad Request: message is too long');
		const message_id = nextMessageId++;
		messages.add({ token: callToken, chat_id: String(chatId), text, parse_mode, message_id, params });
		const numericId = Number(chatId);
		const chat = Number.isInteger(numericId)
			? { id: numericId, type: numericId < 0 ? 'group' : 'private' }
			: { id: -100_000_000_001, type: 'channel', username: String(chatId).replace(/^@/, '') };
		return { status: 200, body: { ok: true, result: { message_id, date: Math.floor(Date.now() / 1000), chat, text } } };
	}

	const botUser = { id: Number(token.split(':')[0]) || 1, is_bot: true, first_name: 'Hermes Test Bot', username: 'hermes_test_bot' };

	async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
		let result: BotAnswer;
		if (!match) {
			result = failure(404, 'Not Found');
		} else {
			const [, callToken, method] = match;
			const params = await parseParams(request, url);
			// Telegram checks the token before the method.
			if (callToken !== token) result = failure(401, 'Unauthorized');
			else if (method === 'sendMessage') result = sendMessage(callToken, params);
			else if (method === 'getMe') result = { status: 200, body: { ok: true, result: botUser } };
			else result = failure(404, 'Not Found');
			calls.push({ token: callToken, method, params, contentType: request.headers['content-type'] ?? '', accepted: result.status === 200 });
		}
		response.writeHead(result.status, { 'content-type': 'application/json' });
		response.end(JSON.stringify(result.body));
	}

	const server = createServer((request, response) => {
		answer(request, response).catch((error: unknown) => {
			const reason = error instanceof Error ? error.message : String(error);
			response.writeHead(400, { 'content-type': 'application/json' });
			response.end(JSON.stringify(failure(400, `Bad Request: ${reason}`).body));
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	const { port } = server.address() as AddressInfo;

	let closed: Promise<void> | undefined;
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		token,
		calls,
		messages: messages.items,
		waitForMessage: (predicate, timeoutMs) => messages.waitFor(predicate, timeoutMs),
		close() {
			closed ??= new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			});
			return closed;
		},
	};
}
