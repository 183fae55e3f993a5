/** Small workflow builders for rule tests: one MCP trigger with the given tools wired into it. */
export type TestNode = {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	position: [number, number];
	disabled?: boolean;
	webhookId?: string;
};

export const TRIGGER: TestNode = {
	name: 'MCP Server Trigger',
	type: '@n8n/n8n-nodes-langchain.mcpTrigger',
	typeVersion: 2,
	parameters: { authentication: 'bearerAuth', path: 'tools' },
	position: [0, 0],
	webhookId: '0b5e6f3c-2d1a-4c8e-9f7b-3a2d1c0e9f8a',
};

export function tool(name: string, parameters: Record<string, unknown> = {}, extra: Partial<TestNode> = {}): TestNode {
	return { name, type: 'n8n-nodes-base.httpRequestTool', typeVersion: 4.2, parameters, position: [0, 0], ...extra };
}

export function toolWorkflow(name: string, value: Record<string, unknown>, schema: unknown[], typeVersion = 2.2): TestNode {
	return tool(
		name,
		{ workflowInputs: { mappingMode: 'defineBelow', value, matchingColumns: [], schema } },
		{ type: '@n8n/n8n-nodes-langchain.toolWorkflow', typeVersion },
	);
}

/** The trigger plus `tools`, each wired into the trigger, in the given order. */
export function mcpWorkflow(tools: TestNode[], trigger: TestNode = TRIGGER, name = 'Test') {
	const connections: Record<string, unknown> = {};
	for (const t of tools) {
		connections[t.name] = { ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] };
	}
	return { name, nodes: [trigger, ...tools], connections };
}
