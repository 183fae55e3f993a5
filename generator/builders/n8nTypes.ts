/**
 * An n8n workflow as the public API takes it: what the builders make, what push sends and
 * compares, and what lint reads. Only keys the API accepts are here (body.ts allow-lists exactly
 * these); what n8n answers on top (ids of versions, publication state) is LiveWorkflow's.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export { isObject } from '../contracts';

/** Byte-stable JSON: 2-space indent, trailing newline; key order is the builders' literal order. */
export function toJson(value: unknown): string {
	return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * A credential as a node names it: the generator names it only (n8n has the ids); push adds the
 * live id, or `null` for n8n to resolve the name when it saves the workflow.
 */
export interface NodeCredential {
	id?: string | null;
	name: string;
}

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: JsonObject;
	credentials?: Record<string, NodeCredential>;
	webhookId?: string;
	/** Never written by the generator (a disabled tool misroutes on older n8n); read in live workflows. */
	disabled?: boolean;
	notes?: string;
	notesInFlow?: boolean;
	retryOnFail?: boolean;
	maxTries?: number;
	waitBetweenTries?: number;
	continueOnFail?: boolean;
	customTelemetryTags?: JsonValue;
	/** Emit one empty item when the node outputs none, so the branch after it still runs. */
	alwaysOutputData?: boolean;
	/** Run for the first input item only. */
	executeOnce?: boolean;
	/** `continueErrorOutput`: a failure goes out of a second output instead of stopping the workflow. */
	onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';
}

// The lint core reads connections of this shape in any workflow.
import type { ConnectionTarget } from '../lint/core';
export type { ConnectionTarget };

export type Connections = Record<string, Record<string, ConnectionTarget[][]>>;

/** Workflow settings the public API accepts; the generator writes those down to callerIds. */
export interface WorkflowSettings {
	/** Always `v1` in generated workflows; a workflow made in an old n8n may still say `v0`. */
	executionOrder?: 'v0' | 'v1';
	saveDataSuccessExecution?: 'all' | 'none';
	saveDataErrorExecution?: 'all' | 'none';
	saveExecutionProgress?: boolean;
	saveManualExecutions?: boolean;
	/**
	 * Which workflows may call this one. Generated sub-workflows say `workflowsFromAList`; push
	 * fills `callerIds` with the ids of the workflows that call them, once n8n has given them ids.
	 */
	callerPolicy?: 'any' | 'none' | 'workflowsFromSameOwner' | 'workflowsFromAList';
	callerIds?: string;
	errorWorkflow?: string;
	timezone?: string;
	executionTimeout?: number;
	availableInMCP?: boolean;
	timeSavedMode?: JsonValue;
	timeSavedPerExecution?: JsonValue;
	redactionPolicy?: JsonValue;
	customTelemetryTags?: JsonValue;
}

export interface Workflow {
	name: string;
	nodes: WorkflowNode[];
	connections: Connections;
	settings: WorkflowSettings;
}

/** An n8n node type and the version of it the generator writes. */
const n8nNode = <T extends string, V extends number>(type: T, typeVersion: V) => ({ type, typeVersion }) as const;

/** n8n's own node types the generator emits (our gateway nodes' versions come from their contracts). */
export const NODE_TYPES = {
	// 2.1: the server instructions parameter, and the tools get `{ body, headers }` as their input item (builders/agentArguments.ts).
	mcpTrigger: n8nNode('@n8n/n8n-nodes-langchain.mcpTrigger', 2.1),
	toolWorkflow: n8nNode('@n8n/n8n-nodes-langchain.toolWorkflow', 2.2),
	httpRequestTool: n8nNode('n8n-nodes-base.httpRequestTool', 4.2),
	httpRequest: n8nNode('n8n-nodes-base.httpRequest', 4.2),
	executeWorkflowTrigger: n8nNode('n8n-nodes-base.executeWorkflowTrigger', 1.1),
	executeWorkflow: n8nNode('n8n-nodes-base.executeWorkflow', 1.2),
	if: n8nNode('n8n-nodes-base.if', 2.2),
	noOp: n8nNode('n8n-nodes-base.noOp', 1),
	set: n8nNode('n8n-nodes-base.set', 3.4),
	crypto: n8nNode('n8n-nodes-base.crypto', 2),
	dataTable: n8nNode('n8n-nodes-base.dataTable', 1.1),
	emailSend: n8nNode('n8n-nodes-base.emailSend', 2.1),
	telegram: n8nNode('n8n-nodes-base.telegram', 1.2),
	webhook: n8nNode('n8n-nodes-base.webhook', 2.1),
	respondToWebhook: n8nNode('n8n-nodes-base.respondToWebhook', 1.5),
	wait: n8nNode('n8n-nodes-base.wait', 1.1),
} as const;
