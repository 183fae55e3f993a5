import { parameterReader } from '../../shared/parameterReader';
import { remoteRunner } from '../../shared/remoteRunner';
import { gatewayVersionNode } from '../../shared/versionNode';
import { dockerRequest, router } from '../actions/router';
import { DOCKER, DOCKER_V1_PARAMS } from '../contract';
import { dockerScriptRunner } from '../helpers/context';
import { versionDescription } from './versionDescription';

/** Version 1: the operation parameter is named `action`. */
export class HermesDockerV1 extends gatewayVersionNode(DOCKER, versionDescription, (ctx) => {
	const run = dockerScriptRunner(remoteRunner(ctx));
	return async (itemIndex) => await router(run, dockerRequest(DOCKER_V1_PARAMS, parameterReader(ctx, itemIndex)));
}) {}
