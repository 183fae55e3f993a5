/**
 * The few public-API calls the e2e makes itself (credentials, the stub pipeline workflow,
 * executions); deploying the Hermes workflows is left to `hermes-workflows push`.
 */
export interface N8nApi {
	baseUrl: string;
	apiKey: string;
}

export async function api<T>(n8n: N8nApi, method: string, path: string, body?: unknown): Promise<T> {
	const response = await fetch(`${n8n.baseUrl}/api/v1${path}`, {
		method,
		headers: { 'X-N8N-API-KEY': n8n.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}: ${text.slice(0, 500)}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

export async function createCredential(n8n: N8nApi, name: string, type: string, data: Record<string, unknown>): Promise<string> {
	const created = await api<{ id: string }>(n8n, 'POST', '/credentials', { name, type, data });
	return created.id;
}

/** Creates and publishes a workflow (`publish: false`: creates it only); answers its id. */
export async function createPublishedWorkflow(n8n: N8nApi, workflow: Record<string, unknown>, publish = true): Promise<string> {
	const created = await api<{ id: string }>(n8n, 'POST', '/workflows', workflow);
	if (publish) await api(n8n, 'POST', `/workflows/${created.id}/activate`);
	return created.id;
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
}

export async function listExecutions(n8n: N8nApi, query: Record<string, string> = {}): Promise<ExecutionSummary[]> {
	const params = new URLSearchParams({ limit: '250', ...query });
	const answer = await api<{ data: ExecutionSummary[] }>(n8n, 'GET', `/executions?${params.toString()}`);
	return answer.data;
}

/** One node's run in an execution's data (`data.resultData.runData[node][i]`). */
export interface NodeRun {
	startTime: number;
	/** Milliseconds n8n measured for the node itself. */
	executionTime: number;
}

export interface ExecutionDetail extends ExecutionSummary {
	startedAt: string;
	stoppedAt: string | null;
	data?: { resultData?: { runData?: Record<string, NodeRun[]> } };
}

/** An execution with its data: which nodes ran and how long each took, as n8n measured it. */
export async function getExecution(n8n: N8nApi, id: string): Promise<ExecutionDetail> {
	return await api<ExecutionDetail>(n8n, 'GET', `/executions/${id}?includeData=true`);
}

export interface WorkflowSummary {
	id: string;
	name: string;
	nodes: Array<{ name: string; type: string; parameters?: Record<string, unknown> }>;
}

/** Every workflow n8n holds (one page of up to 250: enough for a test stack). */
export async function listWorkflows(n8n: N8nApi): Promise<WorkflowSummary[]> {
	const answer = await api<{ data: WorkflowSummary[] }>(n8n, 'GET', '/workflows?limit=250');
	return answer.data;
}
