import { parameterReader } from '../../shared/parameterReader';
import { gatewayVersionNode } from '../../shared/versionNode';
import { contentRequest, router } from '../actions/router';
import { CONTENT, CONTENT_V1_PARAMS } from '../contract';
import { versionDescription } from './versionDescription';

/** Version 1: no operation parameter (the node has one operation). */
export class HermesContentV1 extends gatewayVersionNode(
	CONTENT,
	versionDescription,
	(ctx) => async (itemIndex) => router(contentRequest(CONTENT_V1_PARAMS, parameterReader(ctx, itemIndex))),
) {}
