import type { SubWorkflowGateway } from '../gatewayContract';

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
export type ContentOperation = (typeof CONTENT_OPERATIONS)[number];

const PARAMS = { operation: 'operation', contentType: 'contentType', text: 'text', url: 'url', allowPrivateUrls: 'allowPrivateUrls' } as const;

export const CONTENT: SubWorkflowGateway<ContentParam> = {
	type: 'hermesContent',
	displayName: 'Hermes Content',
	ssh: false,
	typeVersion: 2,
	params: PARAMS,
	operations: CONTENT_OPERATIONS,
	// It starts the content pipeline.
	readOperations: [],
	createOperations: ['prepare'],
	// The hand-off waits for the user's pipeline workflow, which nothing here bounds.
	operationSeconds: {},
	shownFor: {},
	subWorkflowInputs: { contentType: ['contentType'], text: ['text'], url: ['url'] },
	allowLists: {},
	settingDefaults: { allowPrivateUrls: false },
	agentArguments: true,
	subWorkflow: { node: 'Content', name: 'Hermes Gateway - Content' },
	configSettings: {},
};
