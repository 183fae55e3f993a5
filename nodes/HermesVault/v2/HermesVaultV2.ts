import { parameterReader } from '../../shared/parameterReader';
import { remoteRunner } from '../../shared/remoteRunner';
import { gatewayVersionNode } from '../../shared/versionNode';
import { vaultRequest, router } from '../actions/router';
import { VAULT } from '../contract';
import { versionDescription } from './versionDescription';

/** Version 2, the one new nodes get: the search text, the folder prefix and the note path each have their parameter. */
export class HermesVaultV2 extends gatewayVersionNode(VAULT, versionDescription, (ctx) => {
	const run = remoteRunner(ctx);
	return async (itemIndex) => await router(run, vaultRequest(VAULT.params, parameterReader(ctx, itemIndex)));
}) {}
