import { ok, refuse, type Checked } from '../../../core/checked';
import { errorAnswer } from '../../../core/markers';
import { CONTENT_CAPS, CONTENT_TYPES, type ContentType } from '../../../core/content/contract';
import { isPrivateHost } from './privateAddress';

/**
 * Validation and normalisation of a content request before it is handed to the content
 * pipeline workflow. Pure: nothing here touches the network or the host.
 */

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);

/** A request the content pipeline can take: checked and normalised. */
interface ContentRequest {
	success: true;
	contentType: ContentType;
	text: string;
	url: string;
}

/** '' for absent values; numbers and booleans from expressions are taken as their text. */
function asText(raw: unknown): string | undefined {
	if (raw === undefined || raw === null) return '';
	if (typeof raw === 'string') return raw.trim();
	if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
	return undefined;
}

function checkContentType(raw: unknown): Checked<ContentType> {
	const value = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
	if ((CONTENT_TYPES as readonly string[]).includes(value)) return ok(value as ContentType);
	return refuse(errorAnswer('__BAD_ACTION__', `Unknown contentType ${JSON.stringify(raw)}. Use one of: ${CONTENT_TYPES.join(', ')}.`));
}

/**
 * A bad URL is `__BAD_ARGUMENT__`, not `__BAD_PATH__`, which is about vault paths and would
 * point the agent at the wrong fix. The pipeline may fetch
 * the url, so unless the operator allows it, a host on the n8n host's own network is refused.
 */
function checkUrl(raw: string, allowPrivateUrls = false): Checked<string> {
	if (raw.length > CONTENT_CAPS.urlChars) {
		return refuse(errorAnswer('__TOO_LARGE__', `The url is ${raw.length} characters; the cap is ${CONTENT_CAPS.urlChars}. Send the canonical link without tracking parameters.`));
	}
	const bad = (why: string) =>
		refuse<string>(errorAnswer('__BAD_ARGUMENT__', `The url is not usable: ${why}. Send an absolute http:// or https:// link, e.g. https://example.com/page.`));
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		return bad('it is not an absolute URL');
	}
	if (!ALLOWED_PROTOCOLS.has(url.protocol)) return bad(`the scheme ${JSON.stringify(url.protocol)} is not allowed (http and https only)`);
	if (!url.hostname) return bad('it has no host');
	if (url.username || url.password) return bad('credentials in the URL are not allowed');
	if (!allowPrivateUrls && isPrivateHost(url.hostname)) {
		return refuse(
			errorAnswer(
				'__BAD_ARGUMENT__',
				'The url points at a private, loopback or link-local address (or localhost); such addresses are not accepted. Send a public link, e.g. https://example.com/page.',
			),
		);
	}
	if (url.href.length > CONTENT_CAPS.urlChars) {
		return refuse(errorAnswer('__TOO_LARGE__', `The url is ${url.href.length} characters once normalised; the cap is ${CONTENT_CAPS.urlChars}.`));
	}
	return ok(url.href);
}

/** The agent's request and the operator's setting, as the node read them. */
interface ContentRequestInput {
	contentType: unknown;
	text: unknown;
	url: unknown;
	/** The operator's setting; only `true` allows private network urls. */
	allowPrivateUrls?: unknown;
}

export function checkContentRequest(input: ContentRequestInput): Checked<ContentRequest> {
	const contentType = checkContentType(input.contentType);
	if (!contentType.ok) return contentType;

	const text = asText(input.text);
	if (text === undefined) return refuse(errorAnswer('__BAD_ARGUMENT__', 'text must be a string.'));
	const rawUrl = asText(input.url);
	if (rawUrl === undefined) return refuse(errorAnswer('__BAD_ARGUMENT__', 'url must be a string.'));
	if (!text && !rawUrl) return refuse(errorAnswer('__BAD_ARGUMENT__', 'Send text (the idea or draft), a url (the source), or both.'));

	const textChars = [...text].length;
	if (textChars > CONTENT_CAPS.textChars) {
		return refuse(
			errorAnswer(
				'__TOO_LARGE__',
				`The text is ${textChars} characters; the cap is ${CONTENT_CAPS.textChars} characters. Send a summary or the key passages, or a url instead.`,
			),
		);
	}

	let url = '';
	if (rawUrl) {
		const checked = checkUrl(rawUrl, input.allowPrivateUrls === true);
		if (!checked.ok) return checked;
		url = checked.value;
	}
	return ok({ success: true, contentType: contentType.value, text, url });
}
