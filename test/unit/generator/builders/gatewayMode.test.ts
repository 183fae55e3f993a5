/** The builder in both gateway modes: what changes (the gateway tools, the sub-workflows) and what does not. */
import { DOCKER_ACTIONS, GATEWAY_CONTRACTS, GATEWAY_NAMES, HAND_OFF_GATEWAYS, type GatewayName } from '../../../../core';

import { TRIGGER_NAME, type Workflow, type WorkflowNode } from '../../../../generator/builders';
import { mcpWorkflowOf } from '../../../helpers/plans';
import { defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { collectFromAiCalls } from '../../../../generator/fromAi';
import { lintWorkflow } from '../../../../generator/lint';
import { toolSchemaChanges, toolSchemaOf } from '../../../../generator/deploy/toolSchema';
import type { ToolSpec } from '../../../../generator/toolSpec/schema';
import { DUPLICATE_PARAM } from '../../../../generator/creates/answers';
import { CATALOGUE, createFile, DEFAULT_CREATE_TOOLS } from '../../../helpers/defaultCatalogue';
import { gatewayFile } from '../../../helpers/gateways';
import { ARTICLE_TOOLS, generated } from '../fixtures';

const config = (overrides: Record<string, unknown> = {}): HermesConfig => parseConfig({ ...defaultConfig(), ...overrides }, 'test config');
const subworkflow = generated(CATALOGUE, config());
const direct = generated(CATALOGUE, config({ gatewayMode: 'direct' }));
const node = (workflow: Workflow, name: string): WorkflowNode => workflow.nodes.find((n) => n.name === name)!;
const spec = (name: string): ToolSpec => CATALOGUE.find((t) => t.name === name)!;
const GATEWAY_TOOLS = CATALOGUE.filter((t) => t.target.kind === 'gateway').map((t) => t.name);
const gatewayOf = (tool: string): GatewayName => {
	const target = spec(tool).target;
	if (target.kind !== 'gateway') throw new Error(`${tool} is no gateway tool`);
	return target.gateway;
};
/** The gateway tools whose node answers the agent by itself: direct mode wires the node as the tool. */
const ALONE = GATEWAY_TOOLS.filter((tool) => !HAND_OFF_GATEWAYS.includes(gatewayOf(tool)));

describe('gatewayMode', () => {
	it('defaults to subworkflow, and refuses other values', () => {
		expect(config().gatewayMode).toBe('subworkflow');
		expect(() => config({ gatewayMode: 'inline' })).toThrow(/gatewayMode/);
	});

	it.each([
		['subworkflow', subworkflow, GATEWAY_NAMES],
		['direct', direct, HAND_OFF_GATEWAYS],
	] as const)('%s: writes the tool workflow, its manifest, only the sub-workflows it calls and the create-once workflows', (_mode, files, gateways) => {
		expect(gateways.length).toBeGreaterThan(0);
		// The gateway mode changes no create tool: content_generate hands off in both.
		expect(files.files.map((f) => f.file)).toEqual(['hermes-mcp-tools.json', 'hermes-mcp-tools.index.json', ...gateways.map(gatewayFile), ...DEFAULT_CREATE_TOOLS.map(createFile)]);
	});

	it.each([
		['subworkflow', subworkflow.main],
		['direct', direct.main],
	] as const)('%s: the trigger and one node per tool, the same tool names in the same order, every one wired ai_tool to the trigger (last to first)', (_mode, main) => {
		expect(main.nodes).toHaveLength(CATALOGUE.length + 1);
		expect(main.nodes.slice(1).map((n) => n.name)).toEqual(ARTICLE_TOOLS);
		expect(Object.keys(main.connections)).toEqual([...ARTICLE_TOOLS].reverse());
		for (const outputs of Object.values(main.connections)) expect(outputs).toEqual({ ai_tool: [[{ node: TRIGGER_NAME, type: 'ai_tool', index: 0 }]] });
	});

	it('direct: only the gateway tools that answer alone change; the trigger, the Odoo tools and the hand-off tools are the same nodes', () => {
		const changed = direct.main.nodes.filter((n, i) => JSON.stringify(n) !== JSON.stringify(subworkflow.main.nodes[i])).map((n) => n.name);
		expect(changed.length).toBeGreaterThan(0);
		expect(changed).toEqual(ALONE);
		expect(direct.manifest).toEqual(subworkflow.manifest);
	});

	it('switching modes is no tool schema change for push (agents need no restart)', () => {
		expect(toolSchemaOf(direct.main).size).toBe(CATALOGUE.length);
		expect(toolSchemaChanges(toolSchemaOf(subworkflow.main), toolSchemaOf(direct.main))).toEqual([]);
	});

	const DIRECT_TYPES: Array<[string, string]> = [
		['vault_search', 'n8n-nodes-hermes.hermesVaultTool'],
		['vault_list', 'n8n-nodes-hermes.hermesVaultTool'],
		['vault_read', 'n8n-nodes-hermes.hermesVaultTool'],
		['vault_write', 'n8n-nodes-hermes.hermesVaultTool'],
		['docker_read', 'n8n-nodes-hermes.hermesDockerTool'],
		['docker_manage', 'n8n-nodes-hermes.hermesDockerTool'],
		['monitoring_alerts', 'n8n-nodes-hermes.hermesMonitoringTool'],
		['monitoring_query', 'n8n-nodes-hermes.hermesMonitoringTool'],
		['content_generate', '@n8n/n8n-nodes-langchain.toolWorkflow'],
	];
	it.each(DIRECT_TYPES)('direct: %s is a %s node, of the version its contract emits', (tool, type) => {
		const target = spec(tool).target;
		const typeVersion = type.endsWith('toolWorkflow') || target.kind !== 'gateway' ? 2.2 : GATEWAY_CONTRACTS[target.gateway].typeVersion;
		expect(node(direct.main, tool)).toMatchObject({ type, typeVersion });
		expect(node(subworkflow.main, tool).type).toBe('@n8n/n8n-nodes-langchain.toolWorkflow');
	});

	it.each(GATEWAY_TOOLS)('both modes: %s offers the agent the same $fromAI keys, types, descriptions and defaults', (tool) => {
		const calls = (main: Workflow) =>
			[...new Map(collectFromAiCalls(node(main, tool).parameters).map((c) => [c.key, { type: c.type, description: c.description, defaultValue: c.defaultValue }]))].sort();
		expect(calls(direct.main)).toEqual(calls(subworkflow.main));
		// A create tool offers `duplicate` besides its own parameters.
		const extra = DEFAULT_CREATE_TOOLS.includes(tool) ? [DUPLICATE_PARAM] : [];
		expect(calls(direct.main).map(([key]) => key)).toEqual([...spec(tool).parameters.map((p) => p.key), ...extra].sort());
	});

	const PARAMETERS: Array<[string, Record<string, unknown>]> = [
		['vault_read', { descriptionType: 'manual', operation: 'read', path: "={{ $fromAI('path', 'e.g. research/topic.md', 'string') }}", vaultPath: '~/vaults/vps-vault', writePrefixes: 'research/,inbox/' }],
		['vault_list', { operation: 'list', prefix: "={{ $fromAI('prefix', 'e.g. research/', 'string', '') }}" }],
		[
			'docker_read',
			{ operation: "={{ $fromAI('action', 'One of status, logs (recent lines), list (of stacks)', 'string') }}", dockerCommand: 'docker', protectedStacks: 'security-stack', allowedActions: 'status,logs,list' },
		],
		['docker_manage', { allowedActions: 'start,stop,restart,update' }],
		['monitoring_alerts', { operation: 'alerts', promql: "={{ $fromAI('reason', 'Why you check; not a filter', 'string', '') }}", prometheusUrl: 'http://127.0.0.1:9090' }],
		['monitoring_query', { operation: 'query', promql: "={{ $fromAI('promql', 'e.g. up == 0', 'string') }}" }],
	];
	it.each(PARAMETERS)('direct: %s has its fixed action as a literal and the settings from the config', (tool, expected) => {
		const parameters = node(direct.main, tool).parameters;
		expect(parameters).toMatchObject({ toolDescription: spec(tool).description, ...expected });
		// The node itself enforces the allow-list: the action reaches it exactly as the agent sent it.
		expect(JSON.stringify(parameters)).not.toContain('.includes(');
	});

	it('direct: every gateway tool variant takes the manual description (n8n offers the choice to nodes with an operation, which every gateway node has)', () => {
		for (const tool of ALONE) {
			expect([tool, node(direct.main, tool).parameters.descriptionType]).toEqual([tool, 'manual']);
		}
	});

	it.each([
		['vault_search', 'query', ['prefix', 'path']],
		['vault_list', 'prefix', ['query', 'path']],
		['vault_read', 'path', ['query', 'prefix']],
		['vault_write', 'path', ['query', 'prefix']],
	])('direct: %s sets the one vault parameter its operation uses (%s)', (tool, used, unused) => {
		const parameters = node(direct.main, tool).parameters;
		expect(parameters).toHaveProperty(used);
		for (const other of unused) expect([other, parameters[other]]).toEqual([other, undefined]);
	});

	it('direct: SSH gateway tools carry the SSH credential, the others none; inputs a tool does not bind are left to the node default', () => {
		expect(ALONE.filter((tool) => GATEWAY_CONTRACTS[gatewayOf(tool)].ssh).length).toBeGreaterThan(0);
		for (const tool of ALONE) {
			const expected = GATEWAY_CONTRACTS[gatewayOf(tool)].ssh ? { hermesSshApi: { name: 'Hermes SSH' } } : undefined;
			expect([tool, node(direct.main, tool).credentials]).toEqual([tool, expected]);
		}
		expect(node(direct.main, 'vault_read').parameters).not.toHaveProperty('content');
		expect(node(direct.main, 'vault_read').parameters).not.toHaveProperty('baseHash');
	});

	it('direct: settings follow the config', () => {
		const custom = config({ gatewayMode: 'direct', nodeTypePrefix: 'CUSTOM', vault: { path: '/srv/vault', writePrefixes: ['notes/'] }, docker: { command: '/usr/local/bin/dk', protectedStacks: ['db'] }, prometheusUrl: 'http://prom:9090' });
		const main = mcpWorkflowOf(CATALOGUE, custom);
		expect(node(main, 'vault_write')).toMatchObject({ type: 'CUSTOM.hermesVaultTool', parameters: { vaultPath: '/srv/vault', writePrefixes: 'notes/' } });
		expect(node(main, 'docker_manage').parameters).toMatchObject({ dockerCommand: '/usr/local/bin/dk', protectedStacks: 'db' });
		expect(node(main, 'monitoring_query').parameters).toMatchObject({ prometheusUrl: 'http://prom:9090' });
	});

	it('direct: a Docker allow-list with a value the node does not know is refused at generate time', () => {
		const bad = JSON.parse(JSON.stringify(spec('docker_read'))) as ToolSpec;
		if (bad.target.kind !== 'gateway') throw new Error('docker_read is a gateway tool');
		bad.target.inputs[1] = { input: 'dockerAction', param: 'action', allowed: ['status', 'prune'] };
		expect(() => mcpWorkflowOf([bad], config({ gatewayMode: 'direct' }))).toThrow(
			`the docker node does not know "prune" (its allowedActions takes ${DOCKER_ACTIONS.join(', ')})`,
		);
	});

	it('direct: a Docker tool without an allow-list sets the node allowing every action', () => {
		const open = JSON.parse(JSON.stringify(spec('docker_read'))) as ToolSpec;
		if (open.target.kind !== 'gateway') throw new Error('docker_read is a gateway tool');
		open.target.inputs[1] = { input: 'dockerAction', param: 'action' };
		const built = mcpWorkflowOf([open], config({ gatewayMode: 'direct' }));
		expect(built.nodes[1].parameters.allowedActions).toBe(DOCKER_ACTIONS.join(','));
	});

	it.each(['subworkflow', 'direct'])('%s: an allowed list on an input whose node holds no allow-list is refused at generate time', (gatewayMode) => {
		const bad = JSON.parse(JSON.stringify(spec('content_generate'))) as ToolSpec;
		if (bad.target.kind !== 'gateway') throw new Error('content_generate is a gateway tool');
		bad.target.inputs[0] = { input: 'contentType', param: 'content_type', allowed: ['note'] };
		const tools = gatewayMode === 'direct' ? [{ ...bad, name: 'x', target: { ...bad.target, gateway: 'vault' as const, inputs: [{ input: 'vaultAction', param: 'content_type', allowed: ['read'] }] } }] : [bad];
		expect(() => mcpWorkflowOf(tools as ToolSpec[], config({ gatewayMode }))).toThrow(/has an allowed list, but the (content|vault) node has no allow-list setting for it/);
	});

	it.each([
		['subworkflow', subworkflow],
		['direct', direct],
	] as const)('%s: the generated workflows have no lint findings but the ungated sensitive tools', (_mode, files) => {
		for (const file of files.files.filter((f) => f.workflow)) {
			const findings = lintWorkflow(file.workflow, { file: file.file, manifest: file.manifest });
			const ungated = file.manifest ? CATALOGUE.filter((tool) => tool.sensitive).map((tool) => tool.name) : [];
			expect({ file: file.file, other: findings.filter((f) => f.code !== 'HMT017'), ungated: findings.filter((f) => f.code === 'HMT017').map((f) => f.node) }).toEqual({
				file: file.file,
				other: [],
				ungated,
			});
		}
	});
});

describe('subWorkflowExecutions', () => {
	it('all (default): the sub-workflows keep the settings they always had, and only their callers may run them', () => {
		for (const file of subworkflow.files.filter((f) => f.file.startsWith('hermes-gateway-'))) {
			expect(file.workflow?.settings).toEqual({ executionOrder: 'v1', callerPolicy: 'workflowsFromAList' });
		}
	});

	it.each(['subworkflow', 'direct'])('failures (%s mode): no data of a successful gateway run is kept, a failed one always is', (gatewayMode) => {
		const files = generated(CATALOGUE, config({ gatewayMode, subWorkflowExecutions: 'failures' }));
		const gateways = files.files.filter((f) => f.file.startsWith('hermes-gateway-'));
		expect(gateways.length).toBeGreaterThan(0);
		for (const file of gateways) {
			const kept = { saveDataSuccessExecution: 'none', saveDataErrorExecution: 'all', saveExecutionProgress: false, saveManualExecutions: false };
			expect(file.workflow?.settings).toEqual({ executionOrder: 'v1', callerPolicy: 'workflowsFromAList', ...kept });
		}
		// The tool workflow's own execution still records every call.
		expect(files.main.settings).toEqual({ executionOrder: 'v1' });
	});
});
