/**
 * n8n's floor for a tool call, deployed beside the Hermes workflows: an MCP trigger with
 * - `empty_subworkflow`: a toolWorkflow calling a sub-workflow that only sets `success: true`,
 *   as a gateway tool does in sub-workflow mode, minus the gateway;
 * - `empty_subworkflow_lean`: the same, its sub-workflow saving no data of a successful run
 *   (the settings `subWorkflowExecutions: 'failures'` writes);
 * - `trivial_direct`: n8n's own Date & Time node used directly as a tool (current date), as a
 *   gateway tool is in direct mode, minus the gateway.
 * Each has one optional `$fromAI` input, like the smallest gateway tools.
 * `deployFloorInWorkflowOf` puts the same Date & Time tool into a copy of a deployed tool
 * workflow: n8n's floor for a call to a workflow of that size.
 */
import { randomUUID } from 'node:crypto';

import { subWorkflowSettings } from '../../../generator/builders';
import { mapperColumn } from '../../../generator/builders/nodeParts';
import { api, createCredential, createPublishedWorkflow, type N8nApi } from '../../e2e/helpers/n8nRest';

export const FLOOR_PATH = 'hermes-floor';
export const FLOOR_TOOLS = {
	emptySubWorkflow: 'empty_subworkflow',
	emptySubWorkflowLean: 'empty_subworkflow_lean',
	trivialDirect: 'trivial_direct',
	trivialInToolWorkflow: 'trivial_direct_in_tool_workflow',
} as const;
const INPUT = "={{ $fromAI('note', 'Anything; not used', 'string', '') }}";

function emptySubWorkflow(name: string, lean: boolean): Record<string, unknown> {
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: 'When called by a tool',
				type: 'n8n-nodes-base.executeWorkflowTrigger',
				typeVersion: 1.1,
				position: [0, 0],
				parameters: { inputSource: 'workflowInputs', workflowInputs: { values: [{ name: 'note', type: 'string' }] } },
			},
			{
				id: randomUUID(),
				name: 'Success',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: { assignments: { assignments: [{ id: randomUUID(), name: 'success', value: true, type: 'boolean' }] }, options: {} },
			},
		],
		connections: { 'When called by a tool': { main: [[{ node: 'Success', type: 'main', index: 0 }]] } },
		settings: subWorkflowSettings({ subWorkflowExecutions: lean ? 'failures' : 'all' }),
	};
}

function toolWorkflowNode(name: string, workflowId: string, position: [number, number]): Record<string, unknown> {
	return {
		id: randomUUID(),
		name,
		type: '@n8n/n8n-nodes-langchain.toolWorkflow',
		typeVersion: 2.2,
		position,
		parameters: {
			description: 'Answers success: true and does nothing else.',
			source: 'database',
			workflowId: { __rl: true, mode: 'id', value: workflowId },
			workflowInputs: { mappingMode: 'defineBelow', value: { note: INPUT }, matchingColumns: [], schema: [mapperColumn('note', 'string')], attemptToConvertTypes: false, convertFieldsToString: false },
		},
	};
}

function trivialDirectNode(name: string, position: [number, number]): Record<string, unknown> {
	return {
		id: randomUUID(),
		name,
		type: 'n8n-nodes-base.dateTimeTool',
		typeVersion: 2,
		position,
		parameters: { descriptionType: 'manual', toolDescription: 'Answers the current date and time.', operation: 'getCurrentDate', outputFieldName: "={{ $fromAI('note', 'Anything; not used', 'string', 'currentDate') }}", options: {} },
	};
}

interface DeployedWorkflow {
	id: string;
	name: string;
	nodes: Array<Record<string, unknown> & { name: string; type: string; parameters: Record<string, unknown> }>;
	connections: Record<string, unknown>;
}

/**
 * A copy of the published workflow `name` (every node, its credentials and connections) under its
 * own MCP path, with the trivial Date & Time tool added; answers that path.
 */
export async function deployFloorInWorkflowOf(n8n: N8nApi, name: string): Promise<string> {
	const listed = await api<{ data: DeployedWorkflow[] }>(n8n, 'GET', `/workflows?name=${encodeURIComponent(name)}`);
	const original = listed.data.find((workflow) => workflow.name === name);
	if (!original) throw new Error(`no workflow named ${name}`);
	const path = `${FLOOR_PATH}-${original.nodes.length}`;
	const nodes = original.nodes.map((node) =>
		node.type.endsWith('.mcpTrigger') ? { ...node, webhookId: randomUUID(), parameters: { ...node.parameters, path } } : node,
	);
	const trigger = nodes.find((node) => node.type.endsWith('.mcpTrigger'))!;
	const floor = trivialDirectNode(FLOOR_TOOLS.trivialInToolWorkflow, [0, 1200]);
	await createPublishedWorkflow(n8n, {
		name: `${name} + floor tool`,
		nodes: [...nodes, floor],
		connections: { ...original.connections, [FLOOR_TOOLS.trivialInToolWorkflow]: { ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
	return path;
}

/** Creates and publishes the floor workflows; answers the MCP path of their trigger. */
export async function deployFloorWorkflows(n8n: N8nApi, token: string): Promise<string> {
	const bearer = await createCredential(n8n, 'Floor bearer', 'httpBearerAuth', { token });
	const empty = await createPublishedWorkflow(n8n, emptySubWorkflow('Floor - empty sub-workflow', false));
	const emptyLean = await createPublishedWorkflow(n8n, emptySubWorkflow('Floor - empty sub-workflow (lean)', true));
	const trigger = 'MCP Server Trigger';
	const tools = [
		toolWorkflowNode(FLOOR_TOOLS.emptySubWorkflow, empty, [-220, 300]),
		toolWorkflowNode(FLOOR_TOOLS.emptySubWorkflowLean, emptyLean, [0, 300]),
		trivialDirectNode(FLOOR_TOOLS.trivialDirect, [220, 300]),
	];
	await createPublishedWorkflow(n8n, {
		name: 'Call cost floor',
		nodes: [
			{
				id: randomUUID(),
				name: trigger,
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2.1,
				position: [0, 0],
				parameters: { authentication: 'bearerAuth', path: FLOOR_PATH },
				credentials: { httpBearerAuth: { id: bearer, name: 'Floor bearer' } },
				webhookId: randomUUID(),
			},
			...tools,
		],
		connections: Object.fromEntries(tools.map((t) => [t.name as string, { ai_tool: [[{ node: trigger, type: 'ai_tool', index: 0 }]] }])),
		settings: { executionOrder: 'v1' },
	});
	return FLOOR_PATH;
}
