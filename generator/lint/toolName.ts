// n8n's own function, from its module rather than the package index: loading all of
// n8n-workflow costs ~0.3 s of start-up, a third of the CLI's one-second budget.
import { nodeNameToToolName } from 'n8n-workflow/dist/cjs/tool-helpers.js';

import type { WorkflowNode } from './types';

/** What an MCP client or model sees as the tool's name, and where n8n took it from. */
export interface ToolName {
	/** The name n8n sends. */
	name: string;
	/** The text it was made from (node name or legacy name parameter). */
	raw: string;
	source: 'node name' | 'parameter "name"';
}

export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Older tool node versions named the tool from a `name` parameter, used as is; current ones
 * use the node name through n8n's own `nodeNameToToolName` (runs of other characters -> `_`,
 * cut to 64). Versions from n8n's tool-name resolution.
 */
const LEGACY_NAME_PARAMETER: Record<string, number> = {
	'@n8n/n8n-nodes-langchain.toolWorkflow': 2.1,
	'@n8n/n8n-nodes-langchain.toolCode': 1.1,
	'@n8n/n8n-nodes-langchain.toolVectorStore': 1,
};

export function toolNameOf(node: WorkflowNode): ToolName {
	const lastLegacyVersion = LEGACY_NAME_PARAMETER[node.type];
	const parameter = node.parameters.name;
	if (
		lastLegacyVersion !== undefined &&
		node.typeVersion <= lastLegacyVersion &&
		typeof parameter === 'string' &&
		!parameter.startsWith('=')
	) {
		return { name: parameter, raw: parameter, source: 'parameter "name"' };
	}
	return { name: nodeNameToToolName(node.name), raw: node.name, source: 'node name' };
}
