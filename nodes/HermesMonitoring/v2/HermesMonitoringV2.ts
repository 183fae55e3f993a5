import { parameterReader } from '../../shared/parameterReader';
import { remoteHost } from '../../shared/remoteRunner';
import { gatewayVersionNode } from '../../shared/versionNode';
import { monitoringRequest, router } from '../actions/router';
import { MONITORING } from '../contract';
import { versionDescription } from './versionDescription';

/** Version 2, the one new nodes get: the operation parameter is `operation`, as in every gateway node. */
export class HermesMonitoringV2 extends gatewayVersionNode(MONITORING, versionDescription, (ctx) => {
	const host = remoteHost(ctx);
	return async (itemIndex) => await router(host, monitoringRequest(MONITORING.params, parameterReader(ctx, itemIndex)));
}) {}
