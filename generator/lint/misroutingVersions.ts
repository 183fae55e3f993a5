import { MCP_TRIGGER } from './nodeTypes';
import type { LintedNode } from './types';

/**
 * Where the index shift of `getConnectedTools` runs the wrong node, as measured: n8n before
 * 2.21.5 of the langchain nodes (n8n 2.20.12 and every 1.x); the MCP trigger only in queue
 * mode (a worker runs the tool by its recorded node name, regular mode looks it up by tool
 * name); the AI Agent runs tools by that recorded name in every mode.
 */
export function misroutingScope(consumer: LintedNode): string {
	return consumer.type === MCP_TRIGGER ? 'on n8n < 2.21.5 in queue mode' : 'on n8n < 2.21.5';
}
