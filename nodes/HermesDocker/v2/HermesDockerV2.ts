import { parameterReader } from '../../shared/parameterReader';
import { remoteHost } from '../../shared/remoteRunner';
import { gatewayVersionNode } from '../../shared/versionNode';
import { dockerRequest, router } from '../actions/router';
import { DOCKER } from '../contract';
import { dockerHost } from '../helpers/context';
import { versionDescription } from './versionDescription';

/** Version 2, the one new nodes get: the operation parameter is `operation`, as in every gateway node. */
export class HermesDockerV2 extends gatewayVersionNode(DOCKER, versionDescription, (ctx) => {
	const host = dockerHost(remoteHost(ctx));
	return async (itemIndex) => await router(host, dockerRequest(DOCKER.params, parameterReader(ctx, itemIndex)));
}) {}
