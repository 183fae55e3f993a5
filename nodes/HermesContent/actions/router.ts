import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../shared/markers';
import type { ParameterReader } from '../../shared/parameterReader';
import { CONTENT_OPERATIONS, type ContentParam } from '../contract';
import type { ContentRequestInput } from '../helpers/validate';
import * as prepare from './request/prepare.operation';

/** One call of the node, whichever version read it: the operation, the agent's request and the operator's private-url setting. */
export interface ContentCall extends ContentRequestInput {
	operation: unknown;
}

/**
 * The request from one version's parameter names: versions differ only in what they call a
 * parameter. Version 1 has no operation parameter; its one operation is version 2's.
 */
export function contentRequest(names: Readonly<Partial<Record<ContentParam, string>>>, param: ParameterReader): ContentCall {
	const read = (name: string | undefined, fallback: string | boolean = '') => (name === undefined ? fallback : param(name, fallback)());
	return {
		operation: read(names.operation, CONTENT_OPERATIONS[0]),
		contentType: read(names.contentType),
		text: read(names.text),
		url: read(names.url),
		allowPrivateUrls: read(names.allowPrivateUrls, false),
	};
}

export function router(call: ContentCall): IDataObject {
	const operation = typeof call.operation === 'string' ? call.operation.trim().toLowerCase() : '';
	if (!(CONTENT_OPERATIONS as readonly string[]).includes(operation)) {
		return { ...errorAnswer('__BAD_ACTION__', `Unknown content operation ${JSON.stringify(call.operation)}. Use one of: ${CONTENT_OPERATIONS.join(', ')}.`) };
	}
	return prepare.execute(call);
}
