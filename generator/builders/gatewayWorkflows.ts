/**
 * The gateway sub-workflows: Execute Workflow Trigger (typed inputs) -> gateway node -> answer.
 * A sub-workflow returns the output of its last executed node, which the calling toolWorkflow
 * hands to the agent. Which gateways get one is the plan's (plan/planTools.ts).
 */
import type { GatewayName } from '../contracts';

import type { HermesConfig } from '../config';
import { nodeCredentials, settingParameters } from '../config/nodeSettings';
import { expression } from '../fromAi';
import { gatewayWorkflowPlans } from '../plan';
import { agentArgumentsFromInputs } from './agentArguments';
import { allowListsOf, contractOf, inputOfRole, nodeKind, subWorkflowInputNames } from './gatewayParams';
import type { Connections, JsonObject, Workflow, WorkflowNode, WorkflowSettings } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { AT, laidOut } from './layout';
import { ifNode, main, mapper, node, subWorkflowTrigger, SUBWORKFLOW_TRIGGER_NAME, workflowByName } from './nodeParts';

/**
 * Each sub-workflow input feeds the node parameters its contract names, then the settings
 * follow; an allow-list setting reads the list the calling tool passed (no list: the node
 * answers misconfigured, it never falls back to every value).
 */
function gatewayParameters(gateway: GatewayName, config: HermesConfig): JsonObject {
	const contract = contractOf(gateway);
	const fed = Object.keys(contract.params).flatMap((role) => {
		const input = inputOfRole(contract, role);
		return input ? [[contract.params[role], expression(`$json.${input}`)]] : [];
	});
	const lists = allowListsOf(gateway).map(([, list]) => [contract.params[list.setting], expression(`$json.${list.input}`)]);
	return { ...Object.fromEntries(fed), ...settingParameters(contract, config), ...Object.fromEntries(lists), ...agentArgumentsFromInputs() };
}

/** A hand-off: only a valid request reaches the pipeline; an invalid one answers its marker. */
function handOffTail(workflow: string, gatewayNode: string, config: HermesConfig, nodes: WorkflowNode[], connections: Connections) {
	const check = 'Is valid content?';
	const pipeline = 'Content Pipeline';
	const invalid = 'Invalid content';
	nodes.push(
		ifNode(workflow, check, AT, '$json.success === true', 'success'),
		node(workflow, pipeline, NODE_TYPES.executeWorkflow, AT, {
			source: 'database',
			workflowId: workflowByName(config.pipelineWorkflow.name, config.pipelineWorkflow.id),
			workflowInputs: mapper({}, [], true),
			mode: 'once',
			options: { waitForSubWorkflow: true },
		}),
		node(workflow, invalid, NODE_TYPES.noOp, AT, {}),
	);
	connections[gatewayNode] = { main: [main(check)] };
	connections[check] = { main: [main(pipeline), main(invalid)] };
}

export function gatewayWorkflowFileName(gateway: GatewayName): string {
	return `hermes-gateway-${gateway}.json`;
}

export function buildGatewayWorkflow(gateway: GatewayName, handsOff: boolean, config: HermesConfig): Workflow {
	const name = config.gatewayWorkflows[gateway];
	const contract = contractOf(gateway);
	const nodeName = contract.subWorkflow.node;
	const trigger = subWorkflowTrigger(name, subWorkflowInputNames(gateway).map((input) => ({ name: input, type: 'string' })));
	const gatewayNode: WorkflowNode = {
		...node(name, nodeName, nodeKind(contract, config.nodeTypePrefix), AT, gatewayParameters(gateway, config)),
		...nodeCredentials(contract, config),
	};
	const nodes = [trigger, gatewayNode];
	const connections: Connections = { [SUBWORKFLOW_TRIGGER_NAME]: { main: [main(nodeName)] } };
	if (handsOff) handOffTail(name, nodeName, config, nodes, connections);
	return laidOut({ name, nodes, connections, settings: subWorkflowSettings(config) }, SUBWORKFLOW_TRIGGER_NAME);
}

/**
 * With `subWorkflowExecutions: 'failures'` n8n keeps no data of a successful gateway run (the
 * calling tool workflow's execution still records every call) and always keeps a failed one,
 * whatever the instance's own defaults say. Only the workflows that call a gateway may run it
 * (`workflowsFromAList`): push fills in their ids, so no other workflow reaches the gateway nodes.
 */
export function subWorkflowSettings(config: Pick<HermesConfig, 'subWorkflowExecutions'>): WorkflowSettings {
	if (config.subWorkflowExecutions === 'all') return { executionOrder: 'v1', callerPolicy: 'workflowsFromAList' };
	return {
		executionOrder: 'v1',
		callerPolicy: 'workflowsFromAList',
		saveDataSuccessExecution: 'none',
		saveDataErrorExecution: 'all',
		saveExecutionProgress: false,
		saveManualExecutions: false,
	};
}

/** The sub-workflows this config needs. */
export function buildGatewayWorkflows(config: HermesConfig): Array<{ gateway: GatewayName; workflow: Workflow }> {
	return gatewayWorkflowPlans(config).map(({ gateway, handsOff }) => ({ gateway, workflow: buildGatewayWorkflow(gateway, handsOff, config) }));
}
