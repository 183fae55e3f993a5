/**
 * The n8n versions whose AI nodes run the wrong tool after a disabled one. The fix shipped in
 * @n8n/n8n-nodes-langchain 2.21.5, a version of that package, not of n8n: n8n 2.20.12 bundles
 * 2.20.7 and misroutes (measured in queue mode), n8n 2.22.0 and later are fixed, as is 2.41.1
 * (measured in both modes).
 */
import { MCP_TRIGGER } from './nodeTypes';
import type { LintedNode } from './types';

/**
 * Where the index shift of `getConnectedTools` runs the wrong node, as measured: the MCP trigger
 * only in queue mode (a worker runs the tool by its recorded node name, regular mode looks it
 * up by tool name); the AI Agent runs tools by that recorded name in every mode.
 */
export function misroutingScope(consumer: LintedNode): string {
	return consumer.type === MCP_TRIGGER ? 'on n8n 2.20 and older in queue mode' : 'on n8n 2.20 and older';
}

/** n8n versions from this one on bundle the fixed AI nodes (measured: 2.22.0 and later). */
export const FIXED_FROM_N8N = '2.22.0';
/** n8n versions up to this minor bundle the index-shifting AI nodes (measured: 2.20.12). */
const MISROUTING_UP_TO_MINOR = '2.20';

export type N8nMode = 'queue' | 'regular';

/** Does a disabled tool node wired to an MCP trigger run the wrong tool on this n8n? `unknown` for 2.21.x, never measured. */
export function mcpTriggerMisroutes(version: string, mode: N8nMode): boolean | 'unknown' {
	const [major, minor] = version.split('.').map((part) => Number.parseInt(part, 10));
	const [fixedMajor, fixedMinor] = FIXED_FROM_N8N.split('.').map(Number);
	const [lastMajor, lastMinor] = MISROUTING_UP_TO_MINOR.split('.').map(Number);
	if (!Number.isFinite(major) || !Number.isFinite(minor)) return 'unknown';
	if (major > fixedMajor || (major === fixedMajor && minor >= fixedMinor)) return false;
	if (major < lastMajor || (major === lastMajor && minor <= lastMinor)) return mode === 'queue';
	return 'unknown';
}
