import type { IDataObject } from 'n8n-workflow';

import { pickOperation, type ItemParameters, type OperationModule } from '../../shared/operations';
import { HERMES_LINT, type LintOperation } from '../../../core/lint/contract';
import * as lint from './workflow/lint.operation';

/** An operation reads its own parameters; none changes anything. */
const OPERATIONS: Readonly<Record<LintOperation, OperationModule<[ItemParameters]>>> = { lint };

export function router(param: ItemParameters): IDataObject | Promise<IDataObject> {
	const picked = pickOperation(OPERATIONS, param(HERMES_LINT.params.operation));
	return picked.ok ? picked.value.module.execute(param) : picked.answer;
}
