import type { IDataObject } from 'n8n-workflow';

import { pickOperation, type ItemParameters, type OperationModule } from '../../shared/operations';
import { CONTENT, type ContentOperation } from '../../../core/content/contract';
import * as prepare from './request/prepare.operation';

/** An operation reads its own parameters; none has a side effect. */
const OPERATIONS: Readonly<Record<ContentOperation, OperationModule<[ItemParameters]>>> = { prepare };

export function router(param: ItemParameters): IDataObject | Promise<IDataObject> {
	const picked = pickOperation(OPERATIONS, param(CONTENT.params.operation));
	return picked.ok ? picked.value.module.execute(param) : picked.answer;
}
