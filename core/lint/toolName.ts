import type { LintedNode } from './types';

/** What an MCP client or model sees as the tool's name, and where n8n took it from. */
interface ToolName {
	/** The name n8n sends. */
	name: string;
	/** The text it was made from (node name or legacy name parameter). */
	raw: string;
	source: 'node name' | 'parameter "name"';
}

/** The longest tool name n8n sends (it cuts node names there) and model APIs take. */
export const MAX_TOOL_NAME_LENGTH = 64;

export const TOOL_NAME_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_TOOL_NAME_LENGTH}}$`);

/**
 * n8n's `nodeNameToToolName` (n8n-workflow tool-helpers): runs of characters outside
 * [A-Za-z0-9_-] become one `_`, then the name is cut to 64 and loses a trailing `_`/`-` left by
 * the cut. Restated here because the CLI must not depend at runtime on n8n-workflow (a peer of the
 * nodes, absent where only the CLI runs) or on its internal file layout; a unit test checks it
 * against n8n-workflow's own function.
 */
export function nodeNameToToolName(nodeName: string): string {
	const name = nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');
	return name.length > MAX_TOOL_NAME_LENGTH ? name.slice(0, MAX_TOOL_NAME_LENGTH).replace(/[_-]+$/, '') : name;
}

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

export function toolNameOf(node: LintedNode): ToolName {
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
