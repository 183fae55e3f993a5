/**
 * The four gateway sub-workflows: Execute Workflow Trigger (typed inputs) -> gateway node -> answer.
 * A sub-workflow returns the output of its last executed node, which the calling toolWorkflow
 * hands to the agent.
 */
import type { GatewayName } from '../catalogue/types';
import { GATEWAY_INPUTS, GATEWAYS } from '../catalogue/types';
import type { HermesConfig } from '../config';
import { expression } from '../fromAi';
import { nodeId } from './ids';
import type { Connections, JsonObject, Workflow, WorkflowNode } from './n8nTypes';
import { NODE_TYPES } from './n8nTypes';
import { workflowByName } from './resourceLocator';

export const SUBWORKFLOW_TRIGGER_NAME = 'When called by a tool';

const GATEWAY_NODES: Record<GatewayName, { name: string; type: string; ssh: boolean }> = {
	vault: { name: 'Vault', type: 'hermesVault', ssh: true },
	docker: { name: 'Docker', type: 'hermesDocker', ssh: true },
	monitoring: { name: 'Monitoring', type: 'hermesMonitoring', ssh: true },
	content: { name: 'Content', type: 'hermesContent', ssh: false },
};

const json = (input: string) => expression(`$json.${input}`);

/** Sub-workflow inputs wired to the gateway node's parameters (CONTRACTS.md), plus its settings. */
function gatewayParameters(gateway: GatewayName, config: HermesConfig): JsonObject {
	switch (gateway) {
		case 'vault':
			return {
				operation: json('vaultAction'),
				query: json('vaultQuery'),
				content: json('vaultContent'),
				baseHash: json('vaultBaseHash'),
				vaultPath: config.vault.path,
				writePrefixes: config.vault.writePrefixes.join(','),
			};
		case 'docker':
			return {
				action: json('dockerAction'),
				stack: json('dockerStack'),
				dockerCommand: config.docker.command,
				protectedStacks: config.docker.protectedStacks.join(','),
			};
		case 'monitoring':
			return { mode: json('mode'), promql: json('promql'), prometheusUrl: config.prometheusUrl };
		case 'content':
			return { contentType: json('contentType'), text: json('text'), url: json('url') };
	}
}

function node(workflow: string, name: string, kind: { type: string; typeVersion: number }, position: [number, number], parameters: JsonObject): WorkflowNode {
	return { id: nodeId(workflow, name), name, type: kind.type, typeVersion: kind.typeVersion, position, parameters };
}

const main = (target: string) => [{ node: target, type: 'main', index: 0 }];

/** Content: only a valid request reaches the pipeline; an invalid one answers its marker. */
function contentTail(workflow: string, config: HermesConfig, nodes: WorkflowNode[], connections: Connections) {
	const check = 'Is valid content?';
	const pipeline = 'Content Pipeline';
	const invalid = 'Invalid content';
	nodes.push(
		node(workflow, check, NODE_TYPES.if, [440, 0], {
			conditions: {
				options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
				conditions: [
					{
						id: nodeId(workflow, `${check}/success`),
						leftValue: expression('$json.success === true'),
						rightValue: '',
						operator: { type: 'boolean', operation: 'true', singleValue: true },
					},
				],
				combinator: 'and',
			},
			options: {},
		}),
		node(workflow, pipeline, NODE_TYPES.executeWorkflow, [660, -100], {
			source: 'database',
			workflowId: workflowByName(config.pipelineWorkflow.name, config.pipelineWorkflow.id),
			workflowInputs: {
				mappingMode: 'defineBelow',
				value: {},
				matchingColumns: [],
				schema: [],
				attemptToConvertTypes: false,
				convertFieldsToString: true,
			},
			mode: 'once',
			options: { waitForSubWorkflow: true },
		}),
		node(workflow, invalid, NODE_TYPES.noOp, [660, 100], {}),
	);
	connections[GATEWAY_NODES.content.name] = { main: [main(check)] };
	connections[check] = { main: [main(pipeline), main(invalid)] };
}

export function gatewayWorkflowFileName(gateway: GatewayName): string {
	return `hermes-gateway-${gateway}.json`;
}

export function buildGatewayWorkflow(gateway: GatewayName, config: HermesConfig): Workflow {
	const name = config.gatewayWorkflows[gateway];
	const spec = GATEWAY_NODES[gateway];
	const trigger = node(name, SUBWORKFLOW_TRIGGER_NAME, NODE_TYPES.executeWorkflowTrigger, [0, 0], {
		inputSource: 'workflowInputs',
		workflowInputs: { values: GATEWAY_INPUTS[gateway].map((input) => ({ name: input, type: 'string' })) },
	});
	const gatewayNode: WorkflowNode = {
		...node(name, spec.name, { type: `${config.nodeTypePrefix}.${spec.type}`, typeVersion: 1 }, [220, 0], gatewayParameters(gateway, config)),
		...(spec.ssh ? { credentials: { hermesSshApi: { name: config.credentials.ssh } } } : {}),
	};
	const nodes = [trigger, gatewayNode];
	const connections: Connections = { [SUBWORKFLOW_TRIGGER_NAME]: { main: [main(spec.name)] } };
	if (gateway === 'content') contentTail(name, config, nodes, connections);
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

export function buildGatewayWorkflows(config: HermesConfig): Array<{ gateway: GatewayName; workflow: Workflow }> {
	return GATEWAYS.map((gateway) => ({ gateway, workflow: buildGatewayWorkflow(gateway, config) }));
}
