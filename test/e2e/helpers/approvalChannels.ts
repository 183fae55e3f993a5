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

/** Who a channel asks: the default approver, or another deployment's (its own credential, address and chat). */
export interface Approver {
	/** Suffix of the credential's name. */
	name: string;
	email: string;
	chatId: string;
}

export const DEFAULT_APPROVER: Approver = { name: '', email: 'ops@example.com', chatId: '424242' };

function emailChannel(smtp: SmtpHandle, approver: Approver): ApprovalChannel {
	const find = (id: string) => smtp.messages.find((m) => m.text.includes(id));
	const credential = `Hermes SMTP${approver.name}`;
	return {
		kind: 'email',
		config: { type: 'email', credential, from: 'hermes@example.com', to: [approver.email] },
		createCredential: async (n8n) => {
			await createCredential(n8n, credential, 'smtp', { user: smtp.user, password: smtp.password, host: smtp.host, port: smtp.port, secure: false, disableStartTls: true });
		},
		linkFor: async (id) => linkIn((await smtp.waitForMessage((m) => m.text.includes(id), 20_000)).text, id),
		messageFor: (id) => {
			const message = find(id);
			if (!message) throw new Error(`no mail for ${id}`);
			expect(message).toMatchObject({ from: 'hermes@example.com', to: [approver.email], subject: expect.stringContaining('Approve?') });
			return message.text;
		},
		count: () => smtp.messages.length,
		stop: () => smtp.close(),
	};
}

/** The text as Telegram shows it: the gate sends HTML, whose entities Telegram decodes. */
const shown = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

function telegramChannel(bot: TelegramBotApiHandle, approver: Approver): ApprovalChannel {
	const { chatId } = approver;
	const credential = `Hermes Telegram${approver.name}`;
	return {
		kind: 'telegram',
		config: { type: 'telegram', credential, chatId },
		createCredential: async (n8n) => {
			await createCredential(n8n, credential, 'telegramApi', { accessToken: bot.token, baseUrl: bot.baseUrl });
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

/** A channel of its own server (a real SMTP server, or the Bot API stand-in) for `approver`. */
export async function startApprovalChannel(kind: ChannelKind, approver: Approver = DEFAULT_APPROVER): Promise<ApprovalChannel> {
	return kind === 'email' ? emailChannel(await startSmtpServer(), approver) : telegramChannel(await startTelegramBotApi(), approver);
}
