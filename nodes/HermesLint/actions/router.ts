import type { IDataObject } from 'n8n-workflow';

import { errorAnswer } from '../../shared/markers';
import type { ParameterReader } from '../../shared/parameterReader';
import { LINT_OPERATIONS, type LintParam } from '../contract';
import * as lint from './workflow/lint.operation';

/** One call of the node, whichever version read it; the workflow is read only by the operation that lints it. */
export interface LintRequest {
	operation: unknown;
	workflow: () => unknown;
}

export function lintRequest(names: Readonly<Record<LintParam, string>>, param: ParameterReader): LintRequest {
	return { operation: param(names.operation)(), workflow: param(names.workflow) };
}

/** Operations are matched trimmed and case-insensitively; an unknown one (e.g. from an expression) is __BAD_ACTION__. */
export function router(request: LintRequest): IDataObject {
	const operation = typeof request.operation === 'string' ? request.operation.trim().toLowerCase() : '';
	if (!(LINT_OPERATIONS as readonly string[]).includes(operation)) {
		return { ...errorAnswer('__BAD_ACTION__', `Unknown lint operation ${JSON.stringify(request.operation)}. Use one of: ${LINT_OPERATIONS.join(', ')}.`) };
	}
	return lint.execute(request.workflow());
}
