import type { IDataObject } from 'n8n-workflow';

import { checkContentRequest } from '../validate';

/** One call of the node: the agent's request and the operator's private-url setting. */
export interface ContentRequestInput {
	contentType: unknown;
	text: unknown;
	url: unknown;
	allowPrivateUrls: unknown;
}

/**
 * The node's one operation: validate and normalise the request for the content pipeline. It
 * has no side effect; the gateway workflow hands a successful answer to the pipeline.
 */
export function runContentOperation(request: ContentRequestInput): IDataObject {
	return { ...checkContentRequest(request) };
}
