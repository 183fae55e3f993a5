/**
 * One tool call of the ledger, read from the execution n8n saved for it. An MCP call is one
 * execution of the endpoint's workflow: the trigger's output holds the call (n8n 2.41), the tool
 * node's run holds the answer under `ai_tool`, the query n8n built under `inputOverride`, and
 * the gateway or gate sub-workflow's execution under `metadata.subExecution`. A node that threw
 * keeps its `error` (n8n's own Odoo node's refusal): that is n8n's error, `isError` to the agent.
 */
import { mcpCallOf } from './mcpCall';
import type { EndpointSpec } from '../agentConfig/endpoints';
import type { LiveExecution } from '../n8nClient/client';
import type { ToolPlan } from '../plan';
import { effectOf, type CallEffect } from './effect';
import { outcomeOf, SCHEMA_REFUSAL, type CallOutcome } from './outcome';
import { schemaMismatches } from './schemaRefusal';
import { redactArguments, type RedactRules } from './redact';

export interface LedgerCall {
	/** When n8n started the call's execution (ISO). */
	time: string;
	/** The endpoint's MCP path. */
	endpoint: string;
	tool: string;
	/** Absent where n8n kept no arguments: its MCP trigger before 2.41 keeps only what the tool node's query held. */
	arguments?: Record<string, unknown>;
	outcome: CallOutcome;
	/** The execution's own time, start to stop. */
	latencyMs?: number;
	/** The tool workflow's execution and, where the tool ran a sub-workflow, its execution. */
	executions: { tool: string; gateway?: string };
	effects: CallEffect[];
}

interface NodeRun {
	executionStatus?: string;
	error?: { message?: unknown; description?: unknown };
	data?: { main?: Array<Array<{ json?: unknown }> | null>; ai_tool?: Array<Array<{ json?: unknown }> | null> };
	inputOverride?: { ai_tool?: Array<Array<{ json?: unknown }> | null> };
	metadata?: { subExecution?: { executionId?: unknown } };
}

const asObject = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The endpoint a call came through and what the ledger needs of its config. */
export interface LedgerEndpoint {
	server: string;
	/** Tool name -> its plan (tool node names are tool names). */
	tools: ReadonlyMap<string, ToolPlan | undefined>;
}

/** Executions in these states are over: their calls can be counted. */
export const FINISHED: ReadonlySet<string> = new Set(['success', 'error', 'crashed', 'canceled']);
/** Executions per API page: each carries its run data. */
export const PAGE_SIZE = 50;

export function ledgerEndpoint(spec: EndpointSpec, plans: readonly ToolPlan[]): LedgerEndpoint {
	return { server: spec.server, tools: new Map(spec.tools.map((name) => [name, plans.find((p) => p.tool.name === name)])) };
}

/** The call an execution served, or undefined when it holds none (no run data saved, or no tool ran). */
export function callOf(execution: LiveExecution, endpoint: LedgerEndpoint, redact: RedactRules): LedgerCall | undefined {
	const runData = (execution.data?.resultData?.runData ?? {}) as Record<string, NodeRun[] | undefined>;
	const toolName = Object.keys(runData).find((name) => endpoint.tools.has(name));
	// n8n 2.41's trigger keeps the call as sent; older triggers only the query n8n built for the tool.
	const trigger = mcpCallOf(execution, new Set(endpoint.tools.keys()));
	const called = trigger?.tool ?? toolName;
	if (called === undefined) return undefined;
	const run = toolName !== undefined ? runData[toolName]?.[0] : undefined;
	const args = trigger?.arguments ?? asObject(asObject(run?.inputOverride?.ai_tool?.[0]?.[0]?.json).query);
	const answer = run?.data?.ai_tool?.[0]?.[0]?.json;
	const thrown = run?.error ? String(run.error.message ?? run.error.description ?? 'the node failed') : run === undefined ? 'no tool node ran' : undefined;
	const plan = endpoint.tools.get(called);
	// No tool node ran and the arguments do not fit the tool's schema: n8n's own check refused them.
	const mismatches = run === undefined && trigger !== undefined && plan ? schemaMismatches(plan.tool, args) : [];
	const outcome: CallOutcome = mismatches.length > 0 ? { class: 'refused', marker: SCHEMA_REFUSAL, retry: 'change_arguments', detail: `n8n's schema check refused the arguments (${mismatches.join('; ')})` } : outcomeOf(answer, thrown);
	const started = Date.parse(execution.startedAt ?? '');
	const stopped = Date.parse(execution.stoppedAt ?? '');
	const gateway = run?.metadata?.subExecution?.executionId;
	return {
		time: execution.startedAt ?? '',
		endpoint: endpoint.server,
		tool: called,
		...(trigger !== undefined || Object.keys(args).length > 0 ? { arguments: redactArguments(called, args, redact) } : {}),
		outcome,
		...(Number.isFinite(started) && Number.isFinite(stopped) ? { latencyMs: stopped - started } : {}),
		executions: { tool: execution.id, ...(gateway !== undefined ? { gateway: String(gateway) } : {}) },
		effects: effectOf(plan, args, answer, outcome),
	};
}
