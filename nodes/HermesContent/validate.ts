import type { IDataObject } from 'n8n-workflow';

import { errorAnswer, type ErrorAnswer } from '../shared/markers';
import { CONTENT_CAPS, CONTENT_TYPES, type ContentType } from './contract';
import { isPrivateHost } from './privateAddress';

/**
 * Validation and normalisation of a content request before it is handed to the content
 * pipeline workflow. Pure: nothing here touches the network or the host.
 */

export { CONTENT_CAPS, CONTENT_TYPES, type ContentType } from './contract';

export interface ContentRequest extends IDataObject {
	success: true;
	contentType: ContentType;
	text: string;
	url: string;
}

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);

/** '' for absent values; numbers and booleans from expressions are taken as their text. */
function asText(raw: unknown): string | undefined {
	if (raw === undefined || raw === null) return '';
	if (typeof raw === 'string') return raw.trim();
	if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
	return undefined;
}

export function checkContentType(raw: unknown): ContentType | ErrorAnswer {
	const value = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
	if ((CONTENT_TYPES as readonly string[]).includes(value)) return value as ContentType;
	return errorAnswer('__BAD_ACTION__', `Unknown contentType ${JSON.stringify(raw)}. Use one of: ${CONTENT_TYPES.join(', ')}.`);
}

/**
 * A bad URL is `__BAD_ACTION__` (the request cannot be carried out as sent), not `__BAD_PATH__`,
 * which is about vault paths and would point the agent at the wrong fix. The pipeline may fetch
 * the url, so unless the operator allows it, a host on the n8n host's own network is refused.
 */
export function checkUrl(raw: string, allowPrivateUrls = false): string | ErrorAnswer {
	if (raw.length > CONTENT_CAPS.urlChars) {
		return errorAnswer('__TOO_LARGE__', `The url is ${raw.length} characters; the cap is ${CONTENT_CAPS.urlChars}. Send the canonical link without tracking parameters.`);
	}
	const bad = (why: string) => errorAnswer('__BAD_ACTION__', `The url is not usable: ${why}. Send an absolute http:// or https:// link, e.g. https://example.com/page.`);
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
		return errorAnswer(
			'__BAD_ACTION__',
			'The url points at a private, loopback or link-local address (or localhost); such addresses are not accepted. Send a public link, e.g. https://example.com/page.',
		);
	}
	if (url.href.length > CONTENT_CAPS.urlChars) {
		return errorAnswer('__TOO_LARGE__', `The url is ${url.href.length} characters once normalised; the cap is ${CONTENT_CAPS.urlChars}.`);
	}
	return url.href;
}

export function checkContentRequest(input: {
	contentType: unknown;
	text: unknown;
	url: unknown;
	/** The operator's setting; only `true` allows private network urls. */
	allowPrivateUrls?: unknown;
}): ContentRequest | ErrorAnswer {
	const contentType = checkContentType(input.contentType);
	if (typeof contentType !== 'string') return contentType;

	const text = asText(input.text);
	if (text === undefined) return errorAnswer('__BAD_ACTION__', 'text must be a string.');
	const rawUrl = asText(input.url);
	if (rawUrl === undefined) return errorAnswer('__BAD_ACTION__', 'url must be a string.');
	if (!text && !rawUrl) {
		return errorAnswer('__EMPTY_QUERY__', 'Send text (the idea or draft), a url (the source), or both.');
	}

	const textChars = [...text].length;
	if (textChars > CONTENT_CAPS.textChars) {
		return errorAnswer(
			'__TOO_LARGE__',
			`The text is ${textChars} characters; the cap is ${CONTENT_CAPS.textChars} characters. Send a summary or the key passages, or a url instead.`,
		);
	}

	let url = '';
	if (rawUrl) {
		const checked = checkUrl(rawUrl, input.allowPrivateUrls === true);
		if (typeof checked !== 'string') return checked;
		url = checked;
	}
	return { success: true, contentType, text, url };
}
