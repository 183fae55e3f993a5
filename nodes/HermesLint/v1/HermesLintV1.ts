import { parameterReader } from '../../shared/parameterReader';
import { gatewayVersionNode } from '../../shared/versionNode';
import { lintRequest, router } from '../actions/router';
import { HERMES_LINT } from '../contract';
import { versionDescription } from './versionDescription';

export class HermesLintV1 extends gatewayVersionNode(
	HERMES_LINT,
	versionDescription,
	(ctx) => async (itemIndex) => router(lintRequest(HERMES_LINT.params, parameterReader(ctx, itemIndex))),
) {}
