/** The subset of n8n's workflow JSON the generator emits: only keys the public API accepts. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: JsonObject;
	credentials?: Record<string, { name: string }>;
	webhookId?: string;
	/** Emit one empty item when the node outputs none, so the branch after it still runs. */
	alwaysOutputData?: boolean;
	/** Run for the first input item only. */
	executeOnce?: boolean;
	/** `continueErrorOutput`: a failure goes out of a second output instead of stopping the workflow. */
	onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';
}

export interface ConnectionTarget {
	node: string;
	type: string;
	index: number;
}

export type Connections = Record<string, Record<string, ConnectionTarget[][]>>;

/** Workflow settings the generator writes (all accepted by the public API). */
export interface WorkflowSettings {
	executionOrder: 'v1';
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
}

export interface Workflow {
	name: string;
	nodes: WorkflowNode[];
	connections: Connections;
	settings: WorkflowSettings;
}

/** n8n node type names the generator emits. */
export const NODE_TYPES = {
	mcpTrigger: { type: '@n8n/n8n-nodes-langchain.mcpTrigger', typeVersion: 2.1 },
	odooTool: { type: 'n8n-nodes-base.odooTool', typeVersion: 2 },
	toolWorkflow: { type: '@n8n/n8n-nodes-langchain.toolWorkflow', typeVersion: 2.2 },
	executeWorkflowTrigger: { type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1.1 },
	executeWorkflow: { type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1.2 },
	if: { type: 'n8n-nodes-base.if', typeVersion: 2.2 },
	noOp: { type: 'n8n-nodes-base.noOp', typeVersion: 1 },
	set: { type: 'n8n-nodes-base.set', typeVersion: 3.4 },
	crypto: { type: 'n8n-nodes-base.crypto', typeVersion: 2 },
	dataTable: { type: 'n8n-nodes-base.dataTable', typeVersion: 1.1 },
	odoo: { type: 'n8n-nodes-base.odoo', typeVersion: 2 },
	emailSend: { type: 'n8n-nodes-base.emailSend', typeVersion: 2.1 },
	telegram: { type: 'n8n-nodes-base.telegram', typeVersion: 1.2 },
	webhook: { type: 'n8n-nodes-base.webhook', typeVersion: 2.1 },
	respondToWebhook: { type: 'n8n-nodes-base.respondToWebhook', typeVersion: 1.5 },
} as const;
