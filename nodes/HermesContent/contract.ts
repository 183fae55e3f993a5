import type { GatewayContract } from '../shared/gatewayContract';

export const CONTENT_TYPES = ['note', 'article', 'research'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_CAPS = {
	/** Characters (Unicode code points) of text. */
	textChars: 20_000,
	/** Characters of the URL as sent (browsers and most servers stop near 2,000). */
	urlChars: 2_048,
} as const;

export const CONTENT: GatewayContract<'contentType' | 'text' | 'url' | 'allowPrivateUrls'> = {
	type: 'hermesContent',
	displayName: 'Hermes Content',
	ssh: false,
	params: { contentType: 'contentType', text: 'text', url: 'url', allowPrivateUrls: 'allowPrivateUrls' },
	subWorkflowInputs: { contentType: 'contentType', text: 'text', url: 'url' },
	settingDefaults: { allowPrivateUrls: false },
};
