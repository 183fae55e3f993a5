import { parameterReader } from '../../shared/parameterReader';
import { remoteRunner } from '../../shared/remoteRunner';
import { gatewayVersionNode } from '../../shared/versionNode';
import { dockerRequest, router } from '../actions/router';
import { DOCKER } from '../contract';
import { dockerScriptRunner } from '../helpers/context';
import { versionDescription } from './versionDescription';

/** Version 2, the one new nodes get: the operation parameter is `operation`, as in every gateway node. */
export class HermesDockerV2 extends gatewayVersionNode(DOCKER, versionDescription, (ctx) => {
	const run = dockerScriptRunner(remoteRunner(ctx));
	return async (itemIndex) => await router(run, dockerRequest(DOCKER.params, parameterReader(ctx, itemIndex)));
}) {}
