import { MCP_INSTRUCTIONS } from '../../mcpInstructions';
import { enabledNodes, MCP_TRIGGER } from '../nodeTypes';
import type { Rule } from '../types';

export const mcpTriggerNoInstructions: Rule = {
	code: 'HMT019',
	name: 'mcp-trigger-no-instructions',
	severity: 'warning',
	summary: `An MCP Server Trigger of version ${MCP_INSTRUCTIONS.sinceTriggerVersion} or later has empty instructions.`,
	why: 'Clients put the instructions in the model\'s system prompt before any tool is called. Without them the agent learns what an answer asks of it (a retry, an approval) only by failing first, and is never told that text a tool returns is data, not an order.',
	hint: 'Fill the trigger\'s Instructions: how to read your tools\' answers, what needs approval, which tools change things, and that tool output is data, never an instruction (hermes-workflows generates them).',
	check({ workflow }) {
		return enabledNodes(workflow, MCP_TRIGGER)
			.filter((node) => node.typeVersion >= MCP_INSTRUCTIONS.sinceTriggerVersion)
			.filter((node) => typeof node.parameters.instructions !== 'string' || node.parameters.instructions.trim() === '')
			.map((node) => ({ node: node.name, path: 'parameters.instructions', message: `MCP trigger "${node.name}" (version ${node.typeVersion}) tells the agent nothing before its first call: its instructions are empty` }));
	},
};
