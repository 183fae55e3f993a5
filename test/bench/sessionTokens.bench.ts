/**
 * What a session of the agent loads before its first call, in tokens: the endpoint's `tools/list`
 * as a client hands it to the model (name, description, parameters; the JSON Schema's `$schema`
 * dropped) and the server instructions, read through the official MCP client from a real n8n
 * (the e2e stack: real n8n, sshd, git vault, Prometheus; Odoo is the stand-in, which lists
 * nothing). Tokens by gpt-tokenizer's o200k_base, offline; the schema figure is the list with
 * every description empty, the part no catalogue prose can shrink. The ratio of the instructions
 * to the tool list is the figure to hold: what the contract costs against what the tools cost.
 * Figures only: no assertion on them.
 */
import { countTokens } from 'gpt-tokenizer';

import { MCP_INSTRUCTIONS } from '../../core';
import type { McpSession } from '../e2e/helpers/mcp';
import { startStackWithClient } from '../e2e/helpers/stack';

let mcp: McpSession;
let stopAll: (() => Promise<void>) | undefined;

beforeAll(async () => {
	({ mcp, stop: stopAll } = await startStackWithClient());
}, 420_000);

afterAll(async () => {
	await stopAll?.();
}, 120_000);

it('counts the tokens of tools/list and of the instructions the default endpoint serves', async () => {
	const { tools } = await mcp.client.listTools();
	const asLoaded = tools.map((tool) => {
		const parameters: Record<string, unknown> = { ...tool.inputSchema };
		delete parameters.$schema;
		return { name: tool.name, description: tool.description, parameters };
	});
	const toolsJson = JSON.stringify(asLoaded);
	// The same list with every description empty: what n8n writes whatever the catalogue says.
	const schemaJson = JSON.stringify(
		asLoaded.map((tool) => {
			const properties = (tool.parameters.properties ?? {}) as Record<string, Record<string, unknown>>;
			const blank = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, { ...property, ...('description' in property ? { description: '' } : {}) }]));
			return { ...tool, description: '', parameters: { ...tool.parameters, properties: blank } };
		}),
	);
	const descriptions = tools.map((tool) => tool.description ?? '').join('\n');
	const parameterDescriptions = tools
		.flatMap((tool) => Object.values((tool.inputSchema as { properties?: Record<string, { description?: string }> }).properties ?? {}))
		.map((property) => property.description ?? '')
		.join('\n');
	const instructions = mcp.client.getInstructions() ?? '';
	const figures = {
		endpoint: 'hermes-tools',
		tools: tools.length,
		toolsListChars: toolsJson.length,
		toolsListTokens: countTokens(toolsJson),
		descriptionChars: descriptions.length,
		descriptionTokens: countTokens(descriptions),
		parameterDescriptionChars: parameterDescriptions.length,
		parameterDescriptionTokens: countTokens(parameterDescriptions),
		schemaTokens: countTokens(schemaJson),
		instructionsChars: instructions.length,
		instructionsTokens: countTokens(instructions),
		instructionsBudgetChars: MCP_INSTRUCTIONS.maxChars,
	};
	const session = figures.toolsListTokens + figures.instructionsTokens;
	process.stdout.write(
		[
			`tools/list of ${figures.tools} tools: ${figures.toolsListChars} characters, ${figures.toolsListTokens} tokens (descriptions ${figures.descriptionTokens}, parameter descriptions ${figures.parameterDescriptionTokens}, schema ${figures.schemaTokens})`,
			`instructions: ${figures.instructionsChars} characters (budget ${figures.instructionsBudgetChars}), ${figures.instructionsTokens} tokens, ${(figures.instructionsTokens / figures.toolsListTokens).toFixed(3)}x the tool list`,
			`per session: ${session} tokens`,
			JSON.stringify({ bench: 'sessionTokens', ...figures, sessionTokens: session }),
		].join('\n') + '\n',
	);
	expect(tools.length).toBeGreaterThan(0);
});
