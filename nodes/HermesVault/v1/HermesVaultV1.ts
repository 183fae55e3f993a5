import { parameterReader } from '../../shared/parameterReader';
import { remoteRunner } from '../../shared/remoteRunner';
import { gatewayVersionNode } from '../../shared/versionNode';
import { vaultRequest, router } from '../actions/router';
import { VAULT, VAULT_V1_PARAMS } from '../contract';
import { versionDescription } from './versionDescription';

/** Version 1: one `query` parameter for the search text, the folder prefix and the note path. */
export class HermesVaultV1 extends gatewayVersionNode(VAULT, versionDescription, (ctx) => {
	const run = remoteRunner(ctx);
	return async (itemIndex) => await router(run, vaultRequest(VAULT_V1_PARAMS, parameterReader(ctx, itemIndex)));
}) {}
