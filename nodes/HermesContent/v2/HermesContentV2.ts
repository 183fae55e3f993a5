import { parameterReader } from '../../shared/parameterReader';
import { gatewayVersionNode } from '../../shared/versionNode';
import { contentRequest, router } from '../actions/router';
import { CONTENT } from '../contract';
import { versionDescription } from './versionDescription';

/** Version 2, the one new nodes get: an `operation` parameter, as in every gateway node. */
export class HermesContentV2 extends gatewayVersionNode(
	CONTENT,
	versionDescription,
	(ctx) => async (itemIndex) => router(contentRequest(CONTENT.params, parameterReader(ctx, itemIndex))),
) {}
