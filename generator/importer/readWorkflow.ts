/**
 * Checks that a file holds an n8n MCP tool workflow and finds its tools: the nodes wired with
 * `ai_tool` into the one MCP Server Trigger, in nodes[] order.
 */
import { HermesError } from '../errors';
import { isObject } from '../builders/n8nTypes';
import type { RawNode } from './mapNodes';

export const MCP_TRIGGER_TYPE = '@n8n/n8n-nodes-langchain.mcpTrigger';

/** Bad input: nothing can be imported (exit 2). */
export class ImportInputError extends HermesError {
	constructor(message: string, hint: string) {
		super(message, hint, 'input');
	}
}

export interface McpWorkflowParts {
	name: string;
	trigger: RawNode;
	/** Wired into the trigger with ai_tool, in nodes[] order. */
	tools: RawNode[];
	/** Tool-like nodes (type ending in Tool, or toolWorkflow) not wired into the trigger. */
	unwiredTools: RawNode[];
	/** Anything else (sticky notes, ...): listed, never imported. */
	otherNodes: RawNode[];
}

const EXPORT_HINT = 'Export the workflow from the n8n editor (Download) or take it from `GET /api/v1/workflows/{id}`';

function isToolType(type: string): boolean {
	return /Tool$/.test(type) || type === '@n8n/n8n-nodes-langchain.toolWorkflow';
}

export function parseWorkflowText(text: string, file: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch (error) {
		return new ImportInputError(`${file} is not JSON: ${(error as Error).message}`, EXPORT_HINT);
	}
}

export function mcpWorkflowParts(raw: unknown, file: string): McpWorkflowParts {
	if (raw instanceof ImportInputError) throw raw;
	if (!isObject(raw)) throw new ImportInputError(`${file} does not hold a JSON object`, EXPORT_HINT);
	if (!Array.isArray(raw.nodes) || !isObject(raw.connections)) {
		throw new ImportInputError(`${file} is not an n8n workflow (no nodes[] and connections{})`, EXPORT_HINT);
	}
	const nodes = raw.nodes as unknown[];
	const bad = nodes.findIndex((n) => !isObject(n) || typeof n.name !== 'string' || typeof n.type !== 'string');
	if (bad >= 0) throw new ImportInputError(`${file}: node #${bad} has no name or type`, EXPORT_HINT);
	const all = nodes as RawNode[];
	const names = all.map((n) => n.name);
	const duplicate = names.find((n, i) => names.indexOf(n) !== i);
	if (duplicate !== undefined) throw new ImportInputError(`${file}: two nodes are named "${duplicate}"`, EXPORT_HINT);
	const triggers = all.filter((n) => n.type === MCP_TRIGGER_TYPE);
	if (triggers.length !== 1) {
		throw new ImportInputError(
			triggers.length === 0
				? `${file} has no MCP Server Trigger (${MCP_TRIGGER_TYPE}): it is not an MCP tool workflow`
				: `${file} has ${triggers.length} MCP Server Triggers; the catalogue describes one tool list`,
			triggers.length === 0 ? 'Import the workflow that holds the MCP Server Trigger and its tools' : 'Split the workflow, one trigger per file',
		);
	}
	const trigger = triggers[0];
	const connections = raw.connections as Record<string, unknown>;
	const wired = (node: RawNode): boolean => {
		const outputs = connections[node.name];
		const aiTool = isObject(outputs) ? outputs.ai_tool : undefined;
		return Array.isArray(aiTool) && aiTool.flat().some((c) => isObject(c) && c.node === trigger.name);
	};
	const rest = all.filter((n) => n !== trigger);
	return {
		name: typeof raw.name === 'string' ? raw.name : '',
		trigger,
		tools: rest.filter(wired),
		unwiredTools: rest.filter((n) => !wired(n) && isToolType(n.type)),
		otherNodes: rest.filter((n) => !wired(n) && !isToolType(n.type)),
	};
}
