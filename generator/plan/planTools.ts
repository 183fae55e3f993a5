/**
 * Each catalogue tool's plan for a config, decided once; every stage reads the plans. In
 * `gatewayMode: 'direct'` a gateway's tools are its node's tool variant, but a hand-off's
 * (content: its node only validates, and only a workflow can call the pipeline after it): a tool
 * node's output goes back to the agent, never on to another node, so it keeps its sub-workflow.
 */
import { HAND_OFF_GATEWAYS, type GatewayName } from '../contracts';

import type { HermesConfig } from '../config';
import { ConfigError } from '../config';
import { APPROVAL_ID_PARAM } from '../lint/core';
import { GATEWAYS, toolOperations, type ParameterSpec, type ToolSpec } from '../toolSpec/schema';
import type { ToolPlan, ToolWiring } from './toolPlan';

/** The parameter a create-once tool adds: `true` creates again on purpose. */
export const DUPLICATE_PARAM = 'duplicate';

export type PlanConfig = Pick<HermesConfig, 'approvals' | 'gatewayMode' | 'employeeId'>;

/** The most a call of the tool may take in its node (its contract's operationSeconds); undefined where nothing bounds it. */
export function toolSeconds(target: ToolSpec['target']): number | undefined {
	const { contract, operations } = toolOperations(target);
	const each = operations.map((operation) => contract.operationSeconds[operation]);
	return each.some((s) => s === undefined) ? undefined : Math.max(...(each as number[]));
}

/** Whether tools of this gateway are the node's own tool variant wired to the trigger. */
function isDirectGateway(gateway: GatewayName, config: Pick<HermesConfig, 'gatewayMode'>): boolean {
	return config.gatewayMode === 'direct' && !HAND_OFF_GATEWAYS.includes(gateway);
}

/** The gateways that get a sub-workflow in this config, in catalogue order: every one in `subworkflow` mode, only hand-offs in `direct`. */
export function subWorkflowGateways(config: Pick<HermesConfig, 'gatewayMode'>): GatewayName[] {
	return GATEWAYS.filter((gateway) => !isDirectGateway(gateway, config));
}

/** The gateway sub-workflows this config needs, each with whether it hands the request on (its workflow then calls the pipeline). */
export function gatewayWorkflowPlans(config: Pick<HermesConfig, 'gatewayMode'>): Array<{ gateway: GatewayName; handsOff: boolean }> {
	return subWorkflowGateways(config).map((gateway) => ({ gateway, handsOff: HAND_OFF_GATEWAYS.includes(gateway) }));
}

/** Whether every gateway runs in its sub-workflow (`gatewayMode: 'subworkflow'`). */
export function everyGatewayInSubWorkflow(config: Pick<HermesConfig, 'gatewayMode'>): boolean {
	return subWorkflowGateways(config).length === GATEWAYS.length;
}

/** The tools `approvals` gates: those it lists, else every tool the catalogue marks sensitive. */
function gatedNames(catalogue: readonly ToolSpec[], config: Pick<HermesConfig, 'approvals'>): string[] {
	if (!config.approvals) return [];
	const names = config.approvals.tools ?? catalogue.filter((t) => t.sensitive).map((t) => t.name);
	const targetOf = (name: string) => catalogue.find((t) => t.name === name)?.target;
	const unknown = names.filter((name) => !targetOf(name));
	if (unknown.length > 0) throw new ConfigError('approvals.tools names tools that are not in the catalogue:', unknown);
	const handOff = names.filter((name) => {
		const target = targetOf(name);
		return target?.kind === 'gateway' && HAND_OFF_GATEWAYS.includes(target.gateway);
	});
	if (handOff.length > 0) throw new ConfigError('These tools hand their request to another workflow and cannot be gated (the gate would approve the hand-off, not what the other workflow does):', handOff);
	const clashing = names.filter((name) => catalogue.find((t) => t.name === name)?.parameters.some((p) => p.key === APPROVAL_ID_PARAM));
	if (clashing.length > 0) throw new ConfigError(`These tools already have a parameter "${APPROVAL_ID_PARAM}", which a gated tool adds:`, clashing);
	return names;
}

/**
 * A tool creates once when it creates records, is not gated (its approval runs once) and runs
 * inside a workflow that can keep the record: the Hermes Odoo node, or a gateway's sub-workflow.
 */
function plan(tool: ToolSpec, config: PlanConfig, gated: boolean): ToolPlan {
	const target = tool.target;
	const gateway = target.kind === 'gateway' ? target.gateway : undefined;
	const { contract, operations } = toolOperations(target);
	const inSubWorkflow = gateway !== undefined && !isDirectGateway(gateway, config);
	const creates = operations.some((operation) => contract.createOperations.includes(operation));
	const createsOnce = creates && !gated && (gateway === undefined || inSubWorkflow);
	const wiring: ToolWiring = gated ? 'gate' : createsOnce ? 'once' : inSubWorkflow ? 'gateway' : 'node';
	return {
		tool,
		contract,
		odoo: target.kind === 'odoo' ? target : undefined,
		gateway,
		wiring,
		checksArguments: contract.agentArguments,
		createsRecords: creates,
		gated,
		createsOnce,
		seconds: toolSeconds(target),
		readOnly: tool.readOnly,
		lookup: (key: string): ParameterSpec => {
			const spec = tool.parameters.find((p) => p.key === key);
			if (!spec) throw new Error(`${tool.name}: unknown parameter ${key}`);
			return key === 'employee_id' && !spec.required ? { ...spec, default: config.employeeId } : spec;
		},
	};
}

/** Every catalogue tool's plan, in catalogue order. Throws a ConfigError where the config cannot gate or wrap a tool. */
export function planTools(catalogue: readonly ToolSpec[], config: PlanConfig): ToolPlan[] {
	const gated = gatedNames(catalogue, config);
	const plans = catalogue.map((tool) => plan(tool, config, gated.includes(tool.name)));
	const clashing = plans.filter((p) => p.createsOnce && p.tool.parameters.some((param) => param.key === DUPLICATE_PARAM));
	if (clashing.length > 0) throw new ConfigError(`These tools create records and already have a parameter "${DUPLICATE_PARAM}", which a create tool adds:`, clashing.map((p) => p.tool.name));
	return plans;
}
