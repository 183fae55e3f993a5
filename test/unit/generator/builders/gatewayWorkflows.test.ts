/** The four gateway sub-workflows: typed inputs -> gateway node -> answer. */
import { GATEWAY_CONTRACTS, GATEWAY_NAMES, type SubWorkflowGateway } from '../../../../core';

import { SUBWORKFLOW_TRIGGER_NAME } from '../../../../generator/builders';
import type { Workflow } from '../../../../generator/builders';
import { subWorkflowInputNames } from '../../../../generator/builders/gatewayParams';
import { GATEWAY_INPUTS } from '../../../../generator/toolSpec/schema';
import { planTools } from '../../../../generator/plan';
import { defaultConfig } from '../../../../generator/config';
import { DUPLICATE_PARAM } from '../../../../generator/creates/answers';
import { onceWorkflowFileName } from '../../../../generator/creates/createTools';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { generated } from '../fixtures';

const { byName, main, files } = generated();
const workflows = files.map((f) => f.workflow as Workflow | undefined).filter((w): w is Workflow => w !== undefined);
const calling = (w: Workflow, name: string) => w.nodes.filter((n) => (n.parameters.workflowId as { cachedResultName?: string })?.cachedResultName === name);
const load = (gateway: string) => byName(`hermes-gateway-${gateway}.json`).workflow as Workflow;
const nodeOf = (w: Workflow, name: string) => w.nodes.find((n) => n.name === name)!;

describe('gateway sub-workflows', () => {
	it.each(GATEWAY_NAMES)('%s: trigger declares the typed inputs the tools send', (gateway) => {
		const wf = load(gateway);
		const trigger = nodeOf(wf, SUBWORKFLOW_TRIGGER_NAME);
		expect(trigger).toMatchObject({ type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1.1 });
		// The catalogue's inputs, then one per allow-list the node holds, then the agent's raw arguments and the tool's argument names.
		const allowLists = Object.values(GATEWAY_CONTRACTS[gateway].allowLists).map((list) => list!.input);
		expect(subWorkflowInputNames(gateway)).toEqual([...GATEWAY_INPUTS[gateway], ...allowLists, 'agent_call', 'accepted_arguments']);
		expect(trigger.parameters).toEqual({
			inputSource: 'workflowInputs',
			workflowInputs: { values: subWorkflowInputNames(gateway).map((name) => ({ name, type: 'string' })) },
		});
		// Every node calling this gateway (a tool of the MCP workflow; for a create tool, the node of its
		// create-once workflow) names it and sends exactly these inputs.
		const callers = workflows.flatMap((w) => calling(w, wf.name));
		expect(callers.length).toBeGreaterThan(0);
		for (const caller of callers) {
			expect(Object.keys((caller.parameters.workflowInputs as { value: object }).value)).toEqual(subWorkflowInputNames(gateway));
		}
		// A create tool calls its create-once workflow with these inputs and `duplicate`, which calls the gateway.
		const creating = planTools(CATALOGUE, defaultConfig()).filter((p) => p.gateway === gateway && p.createsRecords).map((p) => p.tool);
		for (const tool of creating) {
			const once = byName(onceWorkflowFileName(tool.name)).workflow as Workflow;
			expect(calling(once, wf.name).map((n) => n.name)).toEqual([tool.name]);
			const wrapper = calling(main, once.name);
			expect(wrapper.map((n) => n.name)).toEqual([tool.name]);
			expect(Object.keys((wrapper[0].parameters.workflowInputs as { value: object }).value)).toEqual([...subWorkflowInputNames(gateway), DUPLICATE_PARAM]);
		}
		expect(calling(main, wf.name).length + creating.length).toBe(CATALOGUE.filter((t) => t.target.kind === 'gateway' && t.target.gateway === gateway).length);
		expect(JSON.stringify(wf)).not.toMatch(/disabled/);
		expect(new Set(wf.nodes.map((n) => n.id)).size).toBe(wf.nodes.length);
	});

	it('vault: wires the inputs to the node parameters and passes the configured settings and SSH credential', () => {
		const wf = load('vault');
		const vault = nodeOf(wf, 'Vault');
		expect(vault).toMatchObject({ type: 'n8n-nodes-hermes.hermesVault', typeVersion: GATEWAY_CONTRACTS.vault.typeVersion, credentials: { hermesSshApi: { name: 'Hermes SSH' } } });
		// The one query input feeds the search text, the folder prefix and the note path; the operation picks one.
		expect(vault.parameters).toEqual({
			operation: '={{ $json.vaultAction }}',
			query: '={{ $json.vaultQuery }}',
			prefix: '={{ $json.vaultQuery }}',
			path: '={{ $json.vaultQuery }}',
			content: '={{ $json.vaultContent }}',
			baseHash: '={{ $json.vaultBaseHash }}',
			vaultPath: '~/vaults/vps-vault',
			writePrefixes: 'research/,inbox/',
			agentCall: '={{ $json.agent_call }}',
			acceptedArguments: '={{ $json.accepted_arguments }}',
		});
		expect(wf.connections).toEqual({ [SUBWORKFLOW_TRIGGER_NAME]: { main: [[{ node: 'Vault', type: 'main', index: 0 }]] } });
	});

	it('docker and monitoring: inputs mapped to operation/stack and operation/promql', () => {
		expect(nodeOf(load('docker'), 'Docker').parameters).toMatchObject({ operation: '={{ $json.dockerAction }}', stack: '={{ $json.dockerStack }}', dockerCommand: 'docker', protectedStacks: 'security-stack' });
		expect(nodeOf(load('monitoring'), 'Monitoring').parameters).toMatchObject({ operation: '={{ $json.mode }}', promql: '={{ $json.promql }}', prometheusUrl: 'http://127.0.0.1:9090' });
	});

	it('docker: the allow-list is the calling tool\'s literal input, never a default of every action', () => {
		const docker = nodeOf(load('docker'), 'Docker');
		expect(docker.parameters.allowedActions).toBe('={{ $json.dockerAllowedActions }}');
		for (const tool of ['docker_read', 'docker_manage']) {
			const sent = (main.nodes.find((n) => n.name === tool)!.parameters.workflowInputs as { value: Record<string, unknown> }).value.dockerAllowedActions;
			expect([tool, sent]).toEqual([tool, expect.stringMatching(/^[a-z]+(,[a-z]+)*$/)]);
		}
	});

	it.each(GATEWAY_NAMES)('%s: the node has its contract\'s name, type, credential and every setting at the node\'s default', (gateway) => {
		const contract: SubWorkflowGateway = GATEWAY_CONTRACTS[gateway];
		const gatewayNode = nodeOf(load(gateway), contract.subWorkflow.node);
		expect(gatewayNode).toMatchObject({ type: `n8n-nodes-hermes.${contract.type}`, typeVersion: contract.typeVersion });
		expect(gatewayNode.credentials).toEqual(contract.credential ? { [contract.credential.type]: { name: 'Hermes SSH' } } : undefined);
		const settings = Object.keys(contract.configSettings);
		expect(settings.map((role) => gatewayNode.parameters[contract.params[role]])).toEqual(settings.map((role) => contract.settingDefaults[role]));
	});

	it('content: only a successful validation reaches the pipeline; an invalid one answers its marker', () => {
		const wf = load('content');
		const content = nodeOf(wf, 'Content');
		expect(content.type).toBe('n8n-nodes-hermes.hermesContent');
		expect(content.credentials).toBeUndefined();
		expect(wf.connections.Content.main).toEqual([[{ node: 'Is valid content?', type: 'main', index: 0 }]]);
		expect(wf.connections['Is valid content?'].main).toEqual([
			[{ node: 'Content Pipeline', type: 'main', index: 0 }],
			[{ node: 'Invalid content', type: 'main', index: 0 }],
		]);
		const pipeline = nodeOf(wf, 'Content Pipeline');
		expect(pipeline.parameters.workflowId).toEqual({ __rl: true, mode: 'list', value: '', cachedResultName: 'Telegram Content Pipeline' });
		expect(JSON.stringify(nodeOf(wf, 'Is valid content?').parameters)).toContain('$json.success === true');
		// The invalid branch ends in a pass-through node: its item (the marker answer) is the sub-workflow's result.
		expect(nodeOf(wf, 'Invalid content').type).toBe('n8n-nodes-base.noOp');
		expect(wf.connections['Content Pipeline']).toBeUndefined();
	});
});
