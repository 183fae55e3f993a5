import type { IDataObject } from 'n8n-workflow';

import { pickOperation, runOperation, type ItemParameters, type OperationModule } from '../../shared/operations';
import type { RemoteCommand, RemoteResult } from '../../shared/transport/types';
import { VAULT, type VaultOperation } from '../../../core/vault/contract';
import type { VaultContext } from '../helpers/context';
import { checkVaultPath } from '../../../core/vault/validate';
import * as list from './note/list.operation';
import * as read from './note/read.operation';
import * as search from './note/search.operation';
import * as write from './note/write.operation';

/** An operation reads its own parameters; its Check Only run writes nothing. */
const OPERATIONS: Readonly<Record<VaultOperation, OperationModule<[VaultContext, ItemParameters]>>> = { search, list, read, write };

/** The vault path first: a bad setting is the operator's fault, answered whatever the agent sent. */
export async function router(run: (command: RemoteCommand) => Promise<RemoteResult>, param: ItemParameters): Promise<IDataObject> {
	const vaultPath = checkVaultPath(param(VAULT.params.vaultPath));
	if (!vaultPath.ok) return vaultPath.answer;
	const picked = pickOperation(OPERATIONS, param(VAULT.params.operation));
	if (!picked.ok) return picked.answer;
	return await runOperation(VAULT, picked.value.module, param, { vaultPath: vaultPath.value, run }, param);
}
