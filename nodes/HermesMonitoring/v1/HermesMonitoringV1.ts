import { parameterReader } from '../../shared/parameterReader';
import { remoteHost } from '../../shared/remoteRunner';
import { gatewayVersionNode } from '../../shared/versionNode';
import { monitoringRequest, router } from '../actions/router';
import { MONITORING, MONITORING_V1_PARAMS } from '../contract';
import { versionDescription } from './versionDescription';

/** Version 1: the operation parameter is named `mode`. */
export class HermesMonitoringV1 extends gatewayVersionNode(MONITORING, versionDescription, (ctx) => {
	const host = remoteHost(ctx);
	return async (itemIndex) => await router(host, monitoringRequest(MONITORING_V1_PARAMS, parameterReader(ctx, itemIndex)));
}) {}
