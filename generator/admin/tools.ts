/**
 * The admin channel's tools: read-only views of the n8n instance through its public API, for an
 * agent diagnosing a deployment. Each is a sub-workflow whose HTTP Request sends GET on a path
 * fixed here (n8n_list_workflows follows n8n's pages of the same path); the agent fills only an
 * id (URL-encoded into one path segment) and query values. What n8n answered becomes the
 * project's answer shape, cut to ADMIN_CAPS (admin/answers.ts); the validating tool hands the
 * workflow to the Hermes Workflow Lint node first. There is no builder for any other method, so
 * no tool of this channel can create, change, delete, run or publish anything, whatever the
 * agent sends. (n8n 2.41's own n8n node has no tool variant: a workflow wiring `n8nTool` to an
 * MCP trigger is refused on publish with "Node cannot be used as a tool".)
 */
import { ADMIN_TOOL_NAMES, type AdminConfig, type AdminToolName } from '../config/schema';
import { ADMIN_CAPS, thousands } from './caps';

/** A tool parameter as the catalogue's are written. */
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

export interface AdminTool {
	name: AdminToolName;
	description: string;
	parameters: AdminParameter[];
	/** The request's path under the API URL and its query, as the body of an n8n expression. */
	request: (param: (key: string) => string) => string;
	/** The API scope the request needs: the answer names it when n8n refuses the key. */
	scope: (typeof ADMIN_READ_SCOPES)[number];
	/**
	 * How the answer is made from n8n's: a list of rows (`workflows`, `executions`), one object
	 * cut to the cap (`workflow`, `execution`), or the lint of the fetched workflow (`lint`).
	 */
	answer: 'workflows' | 'executions' | 'workflow' | 'execution' | 'lint';
}

const limit: AdminParameter = {
	key: 'limit',
	type: 'number',
	description: `How many to list: 1 to ${ADMIN_CAPS.rows}`,
	required: false,
	default: ADMIN_CAPS.defaultRows,
};

/** Only one node of the workflow or execution, by its name, in full. */
const onlyNode = (what: string): AdminParameter => ({
	key: 'node',
	type: 'string',
	description: `Only this node (its exact name), ${what}; empty for all`,
	required: false,
	default: '',
});

/** `limit` clamped into the cap, so a wrong number lists rather than fails; the answer says when more exist. */
export const limitOf = (value: string) => `Math.min(Math.max(parseInt(${value}) || ${ADMIN_CAPS.defaultRows}, 1), ${ADMIN_CAPS.rows})`;
/** An optional filter: sent only when the agent gave a value. */
const optionalQuery = (name: string, call: string) => `(${call} ? '&${name}=' + encodeURIComponent(${call}) : '')`;
/** An id as one path segment: encoded, so no `/`, `?` or `#` reaches another path. */
const segment = (call: string) => `encodeURIComponent(${call})`;
/** n8n's largest page: n8n_list_workflows reads them all (up to ADMIN_CAPS.workflowPages) to sort by updatedAt. */
export const WORKFLOW_PAGE = 250;

const CUT = `Over ${thousands(ADMIN_CAPS.chars)} characters the biggest parts are left out, named in omitted`;

const TOOLS: { readonly [Name in AdminToolName]: Omit<AdminTool, 'name'> } = {
	n8n_list_workflows: {
		description: `List the workflows of this n8n instance, the most recently updated first: id, name, whether published (active), archived, last update; count says how many there are. At most ${ADMIN_CAPS.rows} per call, truncated when there are more. Read-only.`,
		parameters: [limit],
		// Every page, whatever the limit: n8n lists workflows by id, so only all of them sort by update.
		request: () => `'/workflows?limit=${WORKFLOW_PAGE}&excludePinnedData=true'`,
		scope: 'workflow:list',
		answer: 'workflows',
	},
	n8n_get_workflow: {
		description: `Get one workflow of this n8n instance by id: its nodes, connections and settings as n8n stores them. ${CUT} (node parameters first); pass node for one node in full. An unknown id answers __NOT_FOUND__. Read-only.`,
		parameters: [
			{ key: 'workflow_id', type: 'string', description: 'The workflow id, as n8n_list_workflows gives it', required: true },
			onlyNode('with its parameters and its connections'),
		],
		request: (param) => `'/workflows/' + ${segment(param('workflow_id'))}`,
		scope: 'workflow:read',
		answer: 'workflow',
	},
	n8n_list_executions: {
		description: `List executions of this n8n instance, newest first (by id, the order n8n created them): id, status, mode, workflow id, start and stop time, the execution it retried. At most ${ADMIN_CAPS.rows} per call, truncated when more match. Read-only.`,
		parameters: [
			limit,
			{ key: 'status', type: 'string', description: `Only executions of this status: one of ${EXECUTION_STATUSES.join(', ')}; empty for all`, required: false, default: '' },
			{ key: 'workflow_id', type: 'string', description: 'Only executions of this workflow id; empty for all', required: false, default: '' },
		],
		request: (param) => `'/executions?limit=' + ${limitOf(param('limit'))} + ${optionalQuery('status', param('status'))} + ${optionalQuery('workflowId', param('workflow_id'))}`,
		scope: 'execution:list',
		answer: 'executions',
	},
	n8n_get_execution: {
		description: `Get one execution by id with its data: status, the error if any, the last node run and what each node output. ${CUT} (node output first); pass node for one node's runs in full. An unknown id answers __NOT_FOUND__. Read-only.`,
		parameters: [
			{ key: 'execution_id', type: 'string', description: 'The execution id, as n8n_list_executions gives it', required: true },
			onlyNode('with its runs and their output'),
		],
		request: (param) => `'/executions/' + ${segment(param('execution_id'))} + '?includeData=true'`,
		scope: 'execution:read',
		answer: 'execution',
	},
	n8n_validate_workflow: {
		description:
			`Validate one workflow of this n8n instance by id with the hermes-workflows lint rules (tool names, $fromAI calls, routing, secrets, approvals): answers valid, the error and warning counts and the findings (code, severity, message, node, hint) as JSON, the list capped with a truncated flag. An unknown id answers __NOT_FOUND__. Read-only.`,
		parameters: [{ key: 'workflow_id', type: 'string', description: 'The workflow id, as n8n_list_workflows gives it', required: true }],
		request: (param) => `'/workflows/' + ${segment(param('workflow_id'))}`,
		scope: 'workflow:read',
		answer: 'lint',
	},
};

/** In the order the admin workflow lists them. */
export const ADMIN_TOOLS: readonly AdminTool[] = ADMIN_TOOL_NAMES.map((name) => ({ name, ...TOOLS[name] }));

/** The tools a config serves, in that order. */
export function adminTools(admin: Pick<AdminConfig, 'tools'>): AdminTool[] {
	return ADMIN_TOOLS.filter((tool) => admin.tools.includes(tool.name));
}
