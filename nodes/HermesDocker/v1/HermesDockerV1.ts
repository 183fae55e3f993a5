import { parameterReader } from '../../shared/parameterReader';
import { remoteHost } from '../../shared/remoteRunner';
import { gatewayVersionNode } from '../../shared/versionNode';
import { dockerRequest, router } from '../actions/router';
import { DOCKER, DOCKER_V1_PARAMS } from '../contract';
import { dockerHost } from '../helpers/context';
import { versionDescription } from './versionDescription';

/** Version 1: the operation parameter is named `action`. */
export class HermesDockerV1 extends gatewayVersionNode(DOCKER, versionDescription, (ctx) => {
	const host = dockerHost(remoteHost(ctx));
	return async (itemIndex) => await router(host, dockerRequest(DOCKER_V1_PARAMS, parameterReader(ctx, itemIndex)));
}) {}
