/**
 * One MCP tool call as n8n keeps it in the execution it ran in. n8n 2.41's MCP Server Trigger
 * outputs the call it received (`mcpToolCall`: tool name, arguments, `sourceNodeName`), the
 * JSON-RPC id of the request (`mcpMessageId`) and the request's headers (the `mcp-session-id`);
 * the tool node that ran has its own entry in the run data. The session and the request id tell
 * one call from every other, whatever order n8n saves executions in.
 */
import type { LiveExecution } from '../n8nClient/client';

export interface McpCallRecord {
	/** The tool the client asked for. */
	tool: string;
	arguments: Record<string, unknown>;
	/** The JSON-RPC id of the tools/call request, as n8n keeps it (text). */
	messageId?: string;
	sessionId?: string;
	/** The tool nodes of `toolNodes` that ran in the execution. */
	nodesRan: string[];
}

interface TriggerItem {
	mcpToolCall?: { toolName?: unknown; arguments?: unknown };
	mcpMessageId?: unknown;
	headers?: Record<string, unknown>;
}

type NodeRuns = Array<{ data?: { main?: Array<Array<{ json?: unknown }> | null> } }>;

/** The call an MCP trigger execution served; undefined when the execution holds none (another n8n, or no data saved). */
export function mcpCallOf(execution: LiveExecution, toolNodes: ReadonlySet<string>): McpCallRecord | undefined {
	const runData = execution.data?.resultData?.runData ?? {};
	for (const runs of Object.values(runData) as NodeRuns[]) {
		const item = (runs?.[0]?.data?.main?.[0]?.[0]?.json ?? {}) as TriggerItem;
		const call = item.mcpToolCall;
		if (!call || typeof call.toolName !== 'string') continue;
		const session = item.headers?.['mcp-session-id'];
		return {
			tool: call.toolName,
			arguments: typeof call.arguments === 'object' && call.arguments !== null ? (call.arguments as Record<string, unknown>) : {},
			...(item.mcpMessageId !== undefined ? { messageId: String(item.mcpMessageId) } : {}),
			...(typeof session === 'string' ? { sessionId: session } : {}),
			nodesRan: Object.keys(runData).filter((name) => toolNodes.has(name)),
		};
	}
	return undefined;
}

/** Whether an execution served the request `requestId` of session `sessionId`. */
export function servedRequest(call: McpCallRecord | undefined, sessionId: string | undefined, requestId: number | undefined): boolean {
	return call !== undefined && requestId !== undefined && call.messageId === String(requestId) && (sessionId === undefined || call.sessionId === sessionId);
}
