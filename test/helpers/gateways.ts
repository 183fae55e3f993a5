/**
 * The gateways as the generator names what it writes for them, from GATEWAY_CONTRACTS: the tests
 * that list or count the gateways derive them here, so a new contract needs no edit there.
 */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES } from '../../core';

/** The built-in sub-workflow name of each gateway, in GATEWAY_NAMES order. */
export const GATEWAY_WORKFLOWS: readonly string[] = GATEWAY_NAMES.map((gateway) => GATEWAY_CONTRACTS[gateway].subWorkflow.name);

/** The file `generate` writes for a gateway's sub-workflow. */
export const gatewayFile = (gateway: string) => `hermes-gateway-${gateway}.json`;
