/** The node that sends a person the approval request, on the configured channel. */
import type { ApprovalsConfig } from '../config';
import type { JsonObject, WorkflowNode } from '../builders/n8nTypes';
import { NODE_TYPES } from '../builders/n8nTypes';
import { node, safeExpression, webhookId } from '../builders/nodeParts';

export interface RequestText {
	/** Expression body of a one-line subject. */
	subject: string;
	/** Expression body of what the call is (plain text): what a channel's limit may cut. */
	body: string;
	/** Expression body of what must reach the person whole, after the body: the deadline and the link. */
	ending: string;
}

/** Telegram refuses a message over 4,096 characters (after its HTML entities are read). */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** Said where a message was cut to fit its channel. */
export const CUT_NOTICE = '\n\n[The message was cut here to fit the channel: the approval page shows everything.]';

/**
 * The message in at most `limit` characters: the body cut so the notice and the ending fit (never
 * inside a surrogate pair), the ending whole.
 */
export function fitted(request: RequestText, limit: number): string {
	return `((body, ending) => body.length + ending.length <= ${limit} ? body + ending : ((cut) => (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut) + ${JSON.stringify(CUT_NOTICE)} + ending)(body.slice(0, ${limit} - ${CUT_NOTICE.length} - ending.length)))(${request.body}, ${request.ending})`;
}

/** The person a channel reaches, as the store's `recipient` column names them: one cap counts every request sent there. */
export function recipientOf(channel: ApprovalsConfig['channel']): string {
	return channel.type === 'email' ? `email:${[...channel.to].map((to) => to.toLowerCase()).sort().join(',')}` : `telegram:${channel.chatId}`;
}

function channelParameters(approvals: ApprovalsConfig, request: RequestText): { kind: { type: string; typeVersion: number }; parameters: JsonObject; credentials: Record<string, { name: string }> } {
	const channel = approvals.channel;
	if (channel.type === 'email') {
		return {
			kind: NODE_TYPES.emailSend,
			parameters: {
				fromEmail: channel.from,
				toEmail: channel.to.join(', '),
				subject: safeExpression(request.subject),
				emailFormat: 'text',
				text: safeExpression(`(${request.body}) + (${request.ending})`),
				options: { appendAttribution: false },
			},
			credentials: { smtp: { name: channel.credential } },
		};
	}
	return {
		kind: NODE_TYPES.telegram,
		parameters: {
			resource: 'message',
			operation: 'sendMessage',
			chatId: channel.chatId,
			// n8n always sends a parse mode (legacy Markdown when none is set), where an odd `_` in a
			// tool name makes Telegram refuse the message: HTML, with the text escaped, parses always.
			text: safeExpression(`(${fitted(request, TELEGRAM_TEXT_LIMIT)}).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')`),
			replyMarkup: 'none',
			// No link preview: Telegram would fetch the page itself (a GET decides nothing, but it need not).
			additionalFields: { appendAttribution: false, parse_mode: 'HTML', disable_web_page_preview: true },
		},
		credentials: { telegramApi: { name: channel.credential } },
	};
}

/**
 * A failure to send goes out of the node's second output, so the gate can answer that nothing
 * was executed instead of failing the tool call with n8n's error text.
 */
export function notifyNode(workflow: string, name: string, position: [number, number], approvals: ApprovalsConfig, request: RequestText): WorkflowNode {
	const { kind, parameters, credentials } = channelParameters(approvals, request);
	// Both nodes also offer send-and-wait, so n8n gives them a webhook id when it saves them: a
	// stable one here keeps a second push from seeing a difference.
	// Once, whatever came in (the clean-up before it outputs a row per request it deleted).
	return { ...node(workflow, name, kind, position, parameters), webhookId: webhookId(workflow, name), credentials, executeOnce: true, onError: 'continueErrorOutput' };
}
