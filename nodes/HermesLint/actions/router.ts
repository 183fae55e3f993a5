import type { IDataObject } from 'n8n-workflow';

import { pickOperation, type ItemParameters } from '../../shared/operations';
import { HERMES_LINT, type LintOperation } from '../../../core/lint/contract';
import * as lint from './workflow/lint.operation';

/** An operation reads its own parameters; none changes anything. */
export interface LintOperationModule {
	execute(param: ItemParameters): IDataObject;
}

const OPERATIONS: Readonly<Record<LintOperation, LintOperationModule>> = { lint };

export function router(param: ItemParameters): IDataObject {
	const picked = pickOperation(OPERATIONS, param(HERMES_LINT.params.operation));
	return picked.ok ? picked.value.module.execute(param) : { ...picked.answer };
}
