/**
 * Where the gates send approval requests in the e2e: a real SMTP server (email) or the Telegram
 * Bot API stand-in (telegram), with the n8n credential the config names and the link each
 * request carried.
 */
import type { N8nHandle } from '../../harness/n8n';
import { startSmtpServer, type SmtpHandle } from '../../harness/smtpServer';
import { startTelegramBotApi, type TelegramBotApiHandle } from '../../harness/telegramBotApi';
import { createCredential } from './n8nRest';

export type ChannelKind = 'email' | 'telegram';

export interface ApprovalChannel {
	kind: ChannelKind;
	/** The config's `approvals.channel`. */
	config: Record<string, unknown>;
	createCredential(n8n: N8nHandle): Promise<void>;
	/** The page link of the request `approvalId`, once its notification arrived. */
	linkFor(approvalId: string): Promise<string>;
	/** The whole notification text of a request that arrived. */
	messageFor(approvalId: string): string;
	/** Notifications received. */
	count(): number;
	stop(): Promise<void>;
}

const LINK = /https?:\/\/\S+/g;

function linkIn(text: string, approvalId: string): string {
	const link = (text.match(LINK) ?? []).find((url) => url.includes(approvalId));
	if (!link) throw new Error(`no link for ${approvalId} in:\n${text}`);
	return link;
}

function emailChannel(smtp: SmtpHandle): ApprovalChannel {
	const find = (id: string) => smtp.messages.find((m) => m.text.includes(id));
	return {
		kind: 'email',
		config: { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] },
		createCredential: async (n8n) => {
			await createCredential(n8n, 'Hermes SMTP', 'smtp', { user: smtp.user, password: smtp.password, host: smtp.host, port: smtp.port, secure: false, disableStartTls: true });
		},
		linkFor: async (id) => linkIn((await smtp.waitForMessage((m) => m.text.includes(id), 20_000)).text, id),
		messageFor: (id) => {
			const message = find(id);
			if (!message) throw new Error(`no mail for ${id}`);
			expect(message).toMatchObject({ from: 'hermes@example.com', to: ['ops@example.com'], subject: expect.stringContaining('Approve?') });
			return message.text;
		},
		count: () => smtp.messages.length,
		stop: () => smtp.close(),
	};
}

/** The text as Telegram shows it: the gate sends HTML, whose entities Telegram decodes. */
const shown = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

function telegramChannel(bot: TelegramBotApiHandle): ApprovalChannel {
	const chatId = '424242';
	return {
		kind: 'telegram',
		config: { type: 'telegram', credential: 'Hermes Telegram', chatId },
		createCredential: async (n8n) => {
			await createCredential(n8n, 'Hermes Telegram', 'telegramApi', { accessToken: bot.token, baseUrl: bot.baseUrl });
		},
		linkFor: async (id) => linkIn(shown((await bot.waitForMessage((m) => m.text.includes(id), 20_000)).text), id),
		messageFor: (id) => {
			const message = bot.messages.find((m) => m.text.includes(id));
			if (!message) throw new Error(`no Telegram message for ${id}`);
			expect({ chat: String(message.chat_id), parseMode: message.parse_mode }).toEqual({ chat: chatId, parseMode: 'HTML' });
			return shown(message.text);
		},
		count: () => bot.messages.length,
		stop: () => bot.close(),
	};
}

export async function startApprovalChannel(kind: ChannelKind): Promise<ApprovalChannel> {
	return kind === 'email' ? emailChannel(await startSmtpServer()) : telegramChannel(await startTelegramBotApi());
}
