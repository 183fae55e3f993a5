/**
 * Which gateway tools run their node straight from the MCP trigger and which go through a
 * gateway sub-workflow, per the config's `gatewayMode`.
 *
 * In `direct` mode every gateway whose node answers the agent by itself is used as its tool
 * variant. Content is the exception: its node only validates the request, and the hand-off to
 * the pipeline is another workflow, which only a workflow can call (Execute Workflow). A tool
 * node's output goes back to the agent, never on to another node, so content_generate keeps its
 * sub-workflow (validate, then call the pipeline) in both modes.
 */
import { HAND_OFF_GATEWAYS, type GatewayName } from '../contracts';

import type { HermesConfig } from '../config';
import { GATEWAYS } from '../toolSpec/schema';

/** Whether tools of this gateway are the node's own tool variant wired to the trigger. */
export function isDirectGateway(gateway: GatewayName, config: Pick<HermesConfig, 'gatewayMode'>): boolean {
	return config.gatewayMode === 'direct' && !HAND_OFF_GATEWAYS.includes(gateway);
}

/** The gateways that get a sub-workflow in this config, in catalogue order. */
export function subWorkflowGateways(config: Pick<HermesConfig, 'gatewayMode'>): GatewayName[] {
	return GATEWAYS.filter((gateway) => !isDirectGateway(gateway, config));
}
