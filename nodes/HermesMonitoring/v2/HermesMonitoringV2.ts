import { parameterReader } from '../../shared/parameterReader';
import { remoteRunner } from '../../shared/remoteRunner';
import { gatewayVersionNode } from '../../shared/versionNode';
import { monitoringRequest, router } from '../actions/router';
import { MONITORING } from '../contract';
import { versionDescription } from './versionDescription';

/** Version 2, the one new nodes get: the operation parameter is `operation`, as in every gateway node. */
export class HermesMonitoringV2 extends gatewayVersionNode(MONITORING, versionDescription, (ctx) => {
	const run = remoteRunner(ctx);
	return async (itemIndex) => await router(run, monitoringRequest(MONITORING.params, parameterReader(ctx, itemIndex)));
}) {}
