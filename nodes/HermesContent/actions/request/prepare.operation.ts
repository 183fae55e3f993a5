import type { IDataObject } from 'n8n-workflow';

import { checkContentRequest, type ContentRequestInput } from '../../helpers/validate';

/**
 * Checks and normalises the request for the content pipeline. It has no side effect; the
 * gateway workflow hands a successful answer to the pipeline.
 */
export function execute(request: ContentRequestInput): IDataObject {
	const checked = checkContentRequest(request);
	return checked.ok ? { ...checked.value } : { ...checked.answer };
}
