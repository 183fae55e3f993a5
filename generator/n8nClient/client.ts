/**
 * A small client of n8n's public REST API (`/api/v1`, header `X-N8N-API-KEY`): the calls push,
 * pull, diff and lint --live need, with errors that name the URL and the fix.
 */
import type { Workflow, WorkflowSettings } from '../builders/n8nTypes';
import { httpError, N8nApiError, networkError } from './errors';

/**
 * What GET /workflows and GET /workflows/{id} return: a Workflow with the read-only fields n8n
 * adds (its id, publication state and versions; settings may be missing). Its nodes may hold
 * keys the API does not take back: workflowBody() projects it to what can be sent.
 */
export type LiveWorkflow = Omit<Workflow, 'settings'> & {
	id: string;
	active: boolean;
	isArchived?: boolean;
	versionId?: string;
	/** Published version; equal to versionId when the draft is what runs. */
	activeVersionId?: string | null;
	updatedAt?: string;
	settings?: WorkflowSettings | null;
	/** The published version (n8n 2.x); it differs from nodes/connections while a draft waits. */
	activeVersion?: Pick<Workflow, 'nodes' | 'connections'> | null;
};

/**
 * The version n8n runs and serves to MCP clients: the published one when n8n lists it (2.x),
 * else the saved workflow. They differ while a draft waits (a UI save, a push that stopped
 * before publishing), and what runs is what misroutes or changes the tools.
 */
export function runningVersion(live: LiveWorkflow): LiveWorkflow {
	if (!live.active || !live.activeVersion) return live;
	return { ...live, nodes: live.activeVersion.nodes, connections: live.activeVersion.connections };
}

export interface LiveCredential {
	id: string;
	name: string;
	type: string;
}

/** What GET /executions lists (the fields doctor reads); `data` only with includeData. */
export interface LiveExecution {
	id: string;
	workflowId?: string;
	status?: string;
	startedAt?: string;
	stoppedAt?: string;
	data?: { resultData?: { runData?: Record<string, unknown> } };
}

/** Column types of an n8n Data Table (2.41: `string number boolean date`). */
export type DataTableColumnType = 'string' | 'number' | 'boolean' | 'date';

/** What GET /data-tables lists and POST /data-tables answers (the fields we read). */
export interface LiveDataTable {
	id: string;
	name: string;
	projectId?: string;
	columns: Array<{ id?: string; name: string; type: DataTableColumnType; index?: number }>;
}

/** One finished HTTP exchange, for progress output and for tests that count writes. */
export interface RequestEvent {
	method: string;
	path: string;
	status: number | undefined;
}

export interface N8nApiClientOptions {
	/** n8n base URL (`http://host:5678`) or the API root (`.../api/v1`). */
	url: string;
	apiKey: string;
	timeoutMs?: number;
	/** Items per page of list calls (n8n's maximum, 250, by default). */
	pageSize?: number;
	onRequest?: (event: RequestEvent) => void;
}

/** `http://h:5678`, `http://h:5678/`, `http://h:5678/api/v1/` -> `http://h:5678/api/v1`. */
export function apiRoot(url: string): string {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		throw new N8nApiError(`not a URL: ${JSON.stringify(url)}`, undefined, 'GET', url, 'give the n8n base URL, e.g. http://127.0.0.1:5678');
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
		throw new N8nApiError(`not an http(s) URL: ${url}`, undefined, 'GET', url, 'give the n8n base URL, e.g. http://127.0.0.1:5678');
	}
	const path = parsed.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
	return `${parsed.origin}${path}/api/v1`;
}

/** Scope each call needs, named in 403 hints. */
const SCOPES: Array<{ method: string; path: RegExp; scope: string }> = [
	{ method: 'POST', path: /^\/workflows\/[^/]+\/activate$/, scope: 'workflow:activate' },
	{ method: 'POST', path: /^\/workflows$/, scope: 'workflow:create' },
	{ method: 'PUT', path: /^\/workflows\//, scope: 'workflow:update (and workflow:activate for a published workflow)' },
	{ method: 'GET', path: /^\/workflows/, scope: 'workflow:list and workflow:read' },
	{ method: 'GET', path: /^\/credentials/, scope: 'credential:list' },
	{ method: 'GET', path: /^\/executions/, scope: 'execution:list and execution:read' },
	{ method: 'POST', path: /^\/data-tables\/[^/]+\/columns$/, scope: 'dataTableColumn:create' },
	{ method: 'POST', path: /^\/data-tables$/, scope: 'dataTable:create' },
	{ method: 'GET', path: /^\/data-tables$/, scope: 'dataTable:list' },
];

function scopeFor(method: string, path: string): string | undefined {
	const bare = path.split('?')[0];
	return SCOPES.find((s) => s.method === method && s.path.test(bare))?.scope;
}

const PAGE_LIMIT = 250; // the API's maximum
/** n8n 2.x's switch to save a published workflow as a draft. */
const PUBLISH_IF_ACTIVE = 'publishIfActive';

/**
 * The calls of n8n's public API that push, pull, diff and lint --live make: what the deployment
 * code depends on, so tests give it an n8n in memory that implements the same calls.
 */
export interface N8nApi {
	/** The API root, `http://host:5678/api/v1`, named in messages. */
	readonly root: string;
	/** Workflows whose name CONTAINS `name` (n8n's filter is a case-insensitive substring match). */
	listWorkflows(name?: string): Promise<LiveWorkflow[]>;
	createWorkflow(body: Workflow): Promise<LiveWorkflow>;
	updateWorkflow(id: string, body: Workflow, options?: { publish?: boolean }): Promise<LiveWorkflow>;
	activateWorkflow(id: string): Promise<LiveWorkflow>;
	/** Unpublishes: the workflow stays, its triggers stop. */
	deactivateWorkflow(id: string): Promise<LiveWorkflow>;
	deleteWorkflow(id: string): Promise<unknown>;
	listDataTables(name?: string): Promise<LiveDataTable[]>;
	createDataTable(table: { name: string; columns: ReadonlyArray<{ name: string; type: DataTableColumnType }> }): Promise<LiveDataTable>;
	addDataTableColumn(tableId: string, column: { name: string; type: DataTableColumnType }): Promise<unknown>;
	listCredentials(): Promise<LiveCredential[]>;
	/** The newest executions of one workflow (one page), with their run data when asked. */
	recentExecutions(workflowId: string, options?: { limit?: number; includeData?: boolean }): Promise<LiveExecution[]>;
	executionPage(workflowId: string, options?: { limit?: number; includeData?: boolean; cursor?: string }): Promise<{ executions: LiveExecution[]; nextCursor?: string }>;
}

export class N8nApiClient implements N8nApi {
	readonly root: string;
	private readonly timeoutMs: number;

	constructor(private readonly options: N8nApiClientOptions) {
		this.root = apiRoot(options.url);
		this.timeoutMs = options.timeoutMs ?? 30_000;
		if (!options.apiKey) {
			throw new N8nApiError('no API key', undefined, 'GET', this.root, 'pass --api-key or set N8N_API_KEY (n8n: Settings > n8n API)');
		}
	}

	async request<T>(method: string, path: string, body?: unknown): Promise<T> {
		const url = `${this.root}${path}`;
		const headers: Record<string, string> = { 'X-N8N-API-KEY': this.options.apiKey, accept: 'application/json' };
		if (body !== undefined) headers['content-type'] = 'application/json';
		let response: Response;
		try {
			response = await fetch(url, {
				method,
				headers,
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(this.timeoutMs),
			});
		} catch (error) {
			this.options.onRequest?.({ method, path, status: undefined });
			throw networkError(method, url, error, this.timeoutMs);
		}
		let text: string;
		try {
			// the timeout also covers the body: a stall after the headers rejects here
			text = await response.text();
		} catch (error) {
			this.options.onRequest?.({ method, path, status: response.status });
			throw networkError(method, url, error, this.timeoutMs);
		}
		this.options.onRequest?.({ method, path, status: response.status });
		if (!response.ok) throw httpError(method, url, response.status, text, scopeFor(method, path));
		try {
			return (text ? JSON.parse(text) : undefined) as T;
		} catch {
			throw new N8nApiError(
				`${method} ${url} answered ${response.status} with non-JSON (${text.slice(0, 80)})`,
				response.status,
				method,
				url,
				'check --url points at n8n itself, not at a proxy or login page',
			);
		}
	}

	/** Every page of a cursor-paginated list. */
	private async listAll<T>(path: string, query: Record<string, string>): Promise<T[]> {
		const items: T[] = [];
		let cursor: string | undefined;
		do {
			const limit = String(this.options.pageSize ?? PAGE_LIMIT);
			const params = new URLSearchParams({ ...query, limit, ...(cursor ? { cursor } : {}) });
			const page = await this.request<{ data?: unknown; nextCursor?: string | null } | undefined>('GET', `${path}?${params}`);
			if (!Array.isArray(page?.data)) {
				throw new N8nApiError(
					`GET ${this.root}${path} answered 200 without a list (${JSON.stringify(page).slice(0, 80)})`,
					200,
					'GET',
					`${this.root}${path}`,
					'check --url points at n8n itself (its public API, /api/v1), not at a proxy or another service',
				);
			}
			items.push(...(page.data as T[]));
			cursor = page.nextCursor ?? undefined;
		} while (cursor);
		return items;
	}

	/** Workflows whose name CONTAINS `name` (n8n's filter is a case-insensitive substring match). */
	listWorkflows(name?: string): Promise<LiveWorkflow[]> {
		return this.listAll<LiveWorkflow>('/workflows', { excludePinnedData: 'true', ...(name ? { name } : {}) });
	}

	getWorkflow(id: string): Promise<LiveWorkflow> {
		return this.request<LiveWorkflow>('GET', `/workflows/${encodeURIComponent(id)}?excludePinnedData=true`);
	}

	createWorkflow(body: Workflow): Promise<LiveWorkflow> {
		return this.request<LiveWorkflow>('POST', '/workflows', body);
	}

	/**
	 * Saves a new version. By default n8n also re-publishes a published workflow; with
	 * `publish: false` (`?publishIfActive=false`) the published version stays live until activate.
	 * An n8n without that parameter (2.20.12) refuses it ("Unknown query parameter"): there the
	 * save is sent without it, and a published workflow runs the saved version at once.
	 */
	async updateWorkflow(id: string, body: Workflow, options: { publish?: boolean } = {}): Promise<LiveWorkflow> {
		const path = `/workflows/${encodeURIComponent(id)}`;
		if (options.publish !== false) return await this.request<LiveWorkflow>('PUT', path, body);
		const draft = await this.request<LiveWorkflow>('PUT', `${path}?${PUBLISH_IF_ACTIVE}=false`, body).catch((error: unknown) => {
			if (error instanceof N8nApiError && error.status === 400 && error.message.includes(`Unknown query parameter '${PUBLISH_IF_ACTIVE}'`)) return undefined;
			throw error;
		});
		return draft ?? (await this.request<LiveWorkflow>('PUT', path, body));
	}

	/** Publishes the current version (`/activate`; n8n 2.x also calls it `/publish`). */
	activateWorkflow(id: string): Promise<LiveWorkflow> {
		return this.request<LiveWorkflow>('POST', `/workflows/${encodeURIComponent(id)}/activate`);
	}

	deactivateWorkflow(id: string): Promise<LiveWorkflow> {
		return this.request<LiveWorkflow>('POST', `/workflows/${encodeURIComponent(id)}/deactivate`);
	}

	deleteWorkflow(id: string): Promise<unknown> {
		return this.request<unknown>('DELETE', `/workflows/${encodeURIComponent(id)}`);
	}

	/**
	 * Data tables whose name CONTAINS `name` (n8n's filter is a case-insensitive LIKE), with their
	 * columns, in every project the key's user can see. Scope dataTable:list.
	 */
	listDataTables(name?: string): Promise<LiveDataTable[]> {
		return this.listAll<LiveDataTable>('/data-tables', name ? { filter: JSON.stringify({ name }) } : {});
	}

	/** Creates a table in the key user's personal project (as push's workflows). Scope dataTable:create. */
	createDataTable(table: { name: string; columns: ReadonlyArray<{ name: string; type: DataTableColumnType }> }): Promise<LiveDataTable> {
		return this.request<LiveDataTable>('POST', '/data-tables', { name: table.name, columns: table.columns });
	}

	/** Appends a column; existing columns and rows are untouched. Scope dataTableColumn:create. */
	addDataTableColumn(tableId: string, column: { name: string; type: DataTableColumnType }): Promise<unknown> {
		return this.request('POST', `/data-tables/${encodeURIComponent(tableId)}/columns`, { name: column.name, type: column.type });
	}

	async recentExecutions(workflowId: string, options: { limit?: number; includeData?: boolean } = {}): Promise<LiveExecution[]> {
		return (await this.executionPage(workflowId, options)).executions;
	}

	/** One page of a workflow's executions, newest first, and the cursor of the next. */
	async executionPage(workflowId: string, options: { limit?: number; includeData?: boolean; cursor?: string } = {}): Promise<{ executions: LiveExecution[]; nextCursor?: string }> {
		const params = new URLSearchParams({ workflowId, limit: String(options.limit ?? 10), includeData: String(options.includeData === true), ...(options.cursor ? { cursor: options.cursor } : {}) });
		const page = await this.request<{ data?: LiveExecution[]; nextCursor?: string | null } | undefined>('GET', `/executions?${params}`);
		return { executions: Array.isArray(page?.data) ? page.data : [], ...(page?.nextCursor ? { nextCursor: page.nextCursor } : {}) };
	}

	/** Owner/admin keys with credential:list only; secrets are never included. */
	listCredentials(): Promise<LiveCredential[]> {
		return this.listAll<LiveCredential>('/credentials', {});
	}
}
