import { MCP_INSTRUCTIONS } from '../../mcpInstructions';
import { enabledNodes, MCP_TRIGGER } from '../nodeTypes';
import type { Rule } from '../types';

export const mcpInstructionsTooLong: Rule = {
	code: 'HMT020',
	name: 'mcp-instructions-too-long',
	severity: 'warning',
	summary: `An MCP Server Trigger's instructions are over ${MCP_INSTRUCTIONS.maxChars} characters.`,
	why: `Every session of the agent reads them before its first answer, on top of the tool list. ${MCP_INSTRUCTIONS.maxChars} characters are about 420 tokens; a model on a CPU reads a long first message for minutes.`,
	hint: 'Keep to what holds across tools (how to read an answer, approvals, which tools change things); what one tool needs belongs in its description. Split a large set of tools into endpoints of their own.',
	check({ workflow }) {
		// Before that version n8n sends none, so they cost nothing.
		return enabledNodes(workflow, MCP_TRIGGER).filter((node) => node.typeVersion >= MCP_INSTRUCTIONS.sinceTriggerVersion).flatMap((node) => {
			const text = node.parameters.instructions;
			if (typeof text !== 'string' || text.length <= MCP_INSTRUCTIONS.maxChars) return [];
			return [{ node: node.name, path: 'parameters.instructions', message: `MCP trigger "${node.name}" has ${text.length} characters of instructions, over ${MCP_INSTRUCTIONS.maxChars}` }];
		});
	},
};
