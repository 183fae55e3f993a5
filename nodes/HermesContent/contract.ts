import type { GatewayContract } from '../shared/gatewayContract';

export const CONTENT_TYPES = ['note', 'article', 'research'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_CAPS = {
	/** Characters (Unicode code points) of text. */
	textChars: 20_000,
	/** Characters of the URL as sent (browsers and most servers stop near 2,000). */
	urlChars: 2_048,
} as const;

export type ContentParam = 'operation' | 'contentType' | 'text' | 'url' | 'allowPrivateUrls';

/** The node's one operation: check and normalise a request for the content pipeline. */
export const CONTENT_OPERATIONS = ['prepare'] as const;

const V2_PARAMS = { operation: 'operation', contentType: 'contentType', text: 'text', url: 'url', allowPrivateUrls: 'allowPrivateUrls' } as const;

/** Version 1 had no operation parameter (it had, and has, one operation). */
export const CONTENT_V1_PARAMS = { contentType: 'contentType', text: 'text', url: 'url', allowPrivateUrls: 'allowPrivateUrls' } as const;

export const CONTENT: GatewayContract<ContentParam> = {
	type: 'hermesContent',
	displayName: 'Hermes Content',
	ssh: false,
	versions: [1, 2],
	agentArgumentsSince: 2,
	typeVersion: 2,
	params: V2_PARAMS,
	paramsByVersion: { 1: CONTENT_V1_PARAMS, 2: V2_PARAMS },
	operations: CONTENT_OPERATIONS,
	shownFor: {},
	subWorkflowInputs: { contentType: ['contentType'], text: ['text'], url: ['url'] },
	allowLists: {},
	settingDefaults: { allowPrivateUrls: false },
};
