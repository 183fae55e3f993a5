/**
 * The admin channel's tools: read-only views of the n8n instance through its public API, for an
 * agent diagnosing a deployment. Each sends one HTTP request with its method fixed to GET and
 * its path fixed here; the agent fills only an id (URL-encoded into one path segment) and query
 * values. Most are an HTTP Request tool answering what n8n answered; a validating tool is a
 * sub-workflow whose HTTP Request GETs the workflow and whose Hermes Workflow Lint node answers
 * the findings. There is no builder for any other method, so no tool of this channel can create,
 * change, delete, run or publish anything, whatever the agent sends. (n8n 2.41's own n8n node
 * has no tool variant: a workflow wiring `n8nTool` to an MCP trigger is refused on publish with
 * "Node cannot be used as a tool".)
 */

/** A tool parameter as the catalogue's are written (the config reads this file: it imports nothing of the generator). */
export interface AdminParameter {
	key: string;
	type: 'string' | 'number';
	description: string;
	required: boolean;
	default?: string | number;
}

/** The n8n API key scopes the tools need, all read-only; a key for this channel should hold no others. */
export const ADMIN_READ_SCOPES = ['workflow:list', 'workflow:read', 'execution:list', 'execution:read'] as const;

/** A scope that only reads: n8n names them `<resource>:read` and `<resource>:list`. */
export function isReadScope(scope: string): boolean {
	return /^[A-Za-z]+:(read|list)$/.test(scope);
}

/** What n8n's public API stores as an execution's status (its `status` filter takes these). */
export const EXECUTION_STATUSES = ['canceled', 'crashed', 'error', 'new', 'running', 'success', 'unknown', 'waiting'] as const;

/** Most rows a list answers (n8n's public API caps `limit` at 250). */
export const ADMIN_LIST_LIMIT = 250;
export const ADMIN_LIST_DEFAULT = 20;

export interface AdminTool {
	name: string;
	description: string;
	parameters: AdminParameter[];
	/** The request's path under the API URL and its query, as the body of an n8n expression. */
	request: (param: (key: string) => string) => string;
	/** The fields kept of each listed row (HTTP Request's response optimiser), to keep lists short. */
	listFields?: string;
	/** Answers the lint of the workflow the request fetched, not the workflow itself. */
	lintsAnswer?: true;
}

const limit: AdminParameter = {
	key: 'limit',
	type: 'number',
	description: `How many to list, newest first: 1 to ${ADMIN_LIST_LIMIT}`,
	required: false,
	default: ADMIN_LIST_DEFAULT,
};

/** `limit` clamped into what the API takes, so a wrong number lists rather than fails. */
const limitQuery = (param: (key: string) => string) => `'limit=' + Math.min(Math.max(parseInt(${param('limit')}) || ${ADMIN_LIST_DEFAULT}, 1), ${ADMIN_LIST_LIMIT})`;
/** An optional filter: sent only when the agent gave a value. */
const optionalQuery = (name: string, call: string) => `(${call} ? '&${name}=' + encodeURIComponent(${call}) : '')`;
/** An id as one path segment: encoded, so no `/`, `?` or `#` reaches another path. */
const segment = (call: string) => `encodeURIComponent(${call})`;

export const ADMIN_TOOLS = [
	{
		name: 'n8n_list_workflows',
		description: 'List the workflows of this n8n instance: id, name, whether published (active), archived, last update. Read-only.',
		parameters: [limit],
		request: (param) => `'/workflows?' + ${limitQuery(param)}`,
		listFields: 'id,name,active,isArchived,updatedAt',
	},
	{
		name: 'n8n_get_workflow',
		description: 'Get one workflow of this n8n instance by id: its nodes, connections and settings as n8n stores them. Read-only.',
		parameters: [{ key: 'workflow_id', type: 'string', description: 'The workflow id, as n8n_list_workflows gives it', required: true }],
		request: (param) => `'/workflows/' + ${segment(param('workflow_id'))}`,
	},
	{
		name: 'n8n_list_executions',
		description: 'List recent executions of this n8n instance, newest first: id, status, workflow id, start and stop time. Read-only.',
		parameters: [
			limit,
			{ key: 'status', type: 'string', description: `Only executions of this status: one of ${EXECUTION_STATUSES.join(', ')}; empty for all`, required: false, default: '' },
			{ key: 'workflow_id', type: 'string', description: 'Only executions of this workflow id; empty for all', required: false, default: '' },
		],
		request: (param) => `'/executions?' + ${limitQuery(param)} + ${optionalQuery('status', param('status'))} + ${optionalQuery('workflowId', param('workflow_id'))}`,
		listFields: 'id,status,mode,workflowId,startedAt,stoppedAt,retryOf',
	},
	{
		name: 'n8n_get_execution',
		description: 'Get one execution by id with its data: status, the error if any, the last node run and what each node output. Read-only.',
		parameters: [{ key: 'execution_id', type: 'string', description: 'The execution id, as n8n_list_executions gives it', required: true }],
		request: (param) => `'/executions/' + ${segment(param('execution_id'))} + '?includeData=true'`,
	},
	{
		name: 'n8n_validate_workflow',
		description:
			"Validate one workflow of this n8n instance by id with the hermes-workflows lint rules (tool names, $fromAI calls, routing, secrets, approvals): answers valid, the error and warning counts and the findings (code, severity, message, node, hint) as JSON, the list capped with a truncated flag. An unknown id answers __NOT_FOUND__. Read-only.",
		parameters: [{ key: 'workflow_id', type: 'string', description: 'The workflow id, as n8n_list_workflows gives it', required: true }],
		request: (param) => `'/workflows/' + ${segment(param('workflow_id'))}`,
		lintsAnswer: true,
	},
] as const satisfies readonly AdminTool[];

export type AdminToolName = (typeof ADMIN_TOOLS)[number]['name'];
export const ADMIN_TOOL_NAMES = ADMIN_TOOLS.map((tool) => tool.name) as [AdminToolName, ...AdminToolName[]];
