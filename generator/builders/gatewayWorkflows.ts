/**
 * The gateway sub-workflows: Execute Workflow Trigger (typed inputs) -> gateway node -> answer.
 * A sub-workflow returns the output of its last executed node, which the calling toolWorkflow
 * hands to the agent.
 *
 * Which gateway tools run their node straight from the MCP trigger and which go through a
 * gateway sub-workflow is the config's `gatewayMode`. In `direct` mode every gateway whose node
 * answers the agent by itself is used as its tool variant. A hand-off gateway is the exception
 * (content: its node only validates the request, and the hand-off to the pipeline is another
 * workflow, which only a workflow can call). A tool node's output goes back to the agent, never
 * on to another node, so content_generate keeps its sub-workflow (validate, then call the
 * pipeline) in both modes.
 */
import { HAND_OFF_GATEWAYS, type GatewayName } from '../contracts';

import type { HermesConfig } from '../config';
import { nodeCredentials, settingParameters } from '../config/nodeSettings';
import { expression } from '../fromAi';
import { GATEWAYS } from '../toolSpec/schema';
import { agentArgumentsFromInputs } from './agentArguments';
import { allowListsOf, contractOf, inputOfRole, nodeKind, subWorkflowInputNames } from './gatewayParams';
import type { Connections, JsonObject, Workflow, WorkflowNode, WorkflowSettings } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { ifNode, main, mapper, node, subWorkflowTrigger, SUBWORKFLOW_TRIGGER_NAME, workflowByName } from './nodeParts';

/** Whether tools of this gateway are the node's own tool variant wired to the trigger. */
export function isDirectGateway(gateway: GatewayName, config: Pick<HermesConfig, 'gatewayMode'>): boolean {
	return config.gatewayMode === 'direct' && !HAND_OFF_GATEWAYS.includes(gateway);
}

/** The gateways that get a sub-workflow in this config, in catalogue order. */
export function subWorkflowGateways(config: Pick<HermesConfig, 'gatewayMode'>): GatewayName[] {
	return GATEWAYS.filter((gateway) => !isDirectGateway(gateway, config));
}

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
		ifNode(workflow, check, [440, 0], '$json.success === true', 'success'),
		node(workflow, pipeline, NODE_TYPES.executeWorkflow, [660, -100], {
			source: 'database',
			workflowId: workflowByName(config.pipelineWorkflow.name, config.pipelineWorkflow.id),
			workflowInputs: mapper({}, [], true),
			mode: 'once',
			options: { waitForSubWorkflow: true },
		}),
		node(workflow, invalid, NODE_TYPES.noOp, [660, 100], {}),
	);
	connections[gatewayNode] = { main: [main(check)] };
	connections[check] = { main: [main(pipeline), main(invalid)] };
}

export function gatewayWorkflowFileName(gateway: GatewayName): string {
	return `hermes-gateway-${gateway}.json`;
}

export function buildGatewayWorkflow(gateway: GatewayName, config: HermesConfig): Workflow {
	const name = config.gatewayWorkflows[gateway];
	const contract = contractOf(gateway);
	const nodeName = contract.subWorkflow.node;
	const trigger = subWorkflowTrigger(name, subWorkflowInputNames(gateway).map((input) => ({ name: input, type: 'string' })));
	const gatewayNode: WorkflowNode = {
		...node(name, nodeName, nodeKind(contract, config.nodeTypePrefix), [220, 0], gatewayParameters(gateway, config)),
		...nodeCredentials(contract, config),
	};
	const nodes = [trigger, gatewayNode];
	const connections: Connections = { [SUBWORKFLOW_TRIGGER_NAME]: { main: [main(nodeName)] } };
	if (HAND_OFF_GATEWAYS.includes(gateway)) handOffTail(name, nodeName, config, nodes, connections);
	return { name, nodes, connections, settings: subWorkflowSettings(config) };
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

/** The sub-workflows this config needs: every gateway in `subworkflow` mode, only hand-offs in `direct`. */
export function buildGatewayWorkflows(config: HermesConfig): Array<{ gateway: GatewayName; workflow: Workflow }> {
	return subWorkflowGateways(config).map((gateway) => ({ gateway, workflow: buildGatewayWorkflow(gateway, config) }));
}
