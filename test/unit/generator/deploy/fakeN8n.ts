/**
 * An n8n in memory with the calls push, diff and the data table code make, answering as n8n
 * 2.41's public API does (substring name filters, draft versus published version, 403 for a
 * missing scope). Every call is recorded as `METHOD path`, so a test can tell reads from writes.
 */
import { HERMES_ODOO_CREDENTIALS, SSH_CREDENTIAL } from '../../../../core';

import type { Workflow } from '../../../../generator/builders/n8nTypes';
import type { DataTableColumnType, LiveCredential, LiveDataTable, LiveExecution, LiveWorkflow, N8nApi } from '../../../../generator/n8nClient/client';
import { httpError } from '../../../../generator/n8nClient/errors';

export interface FakeN8nOptions {
	/** An n8n that accepts callerIds but does not keep it. */
	dropsCallerIds?: boolean;
	/** Scopes the key lacks, e.g. `dataTable:list`. */
	missingScopes?: string[];
	/** Deletes refused as "still being unpublished" after an unpublish, as n8n 2.41 does for a moment. */
	unpublishingDeletes?: number;
}

export const PIPELINE = 'Telegram Content Pipeline';
const CREDENTIALS: LiveCredential[] = [
	{ id: 'C-ssh', name: 'Hermes SSH', type: SSH_CREDENTIAL.type },
	{ id: 'C-odoo', name: 'Odoo', type: 'odooApi' },
	// The Hermes Odoo credential beside n8n's own Odoo credential of that name, as a deployment that ran n8n's Odoo node before has both.
	{ id: 'C-odoo-hermes', name: 'Odoo', type: HERMES_ODOO_CREDENTIALS.odooApi },
	{ id: 'C-bearer', name: 'Hermes MCP Bearer', type: 'httpBearerAuth' },
];

export class FakeN8n implements N8nApi {
	readonly root = 'http://fake/api/v1';
	readonly workflows = new Map<string, LiveWorkflow>();
	readonly tables = new Map<string, LiveDataTable>();
	readonly calls: string[] = [];
	/** Credentials n8n holds (a test deletes or retypes one). */
	readonly credentials: LiveCredential[] = structuredClone(CREDENTIALS);
	/** Executions, newest last. */
	readonly executions: LiveExecution[] = [];
	private next = 1;
	/** Deletes still to refuse per workflow, after its unpublish. */
	private readonly unpublishing = new Map<string, number>();

	constructor(private readonly options: FakeN8nOptions = {}) {
		const pipeline = this.store({ name: PIPELINE, nodes: [], connections: {}, settings: {} });
		this.publish(pipeline.id);
	}

	/** The calls that write (everything but GET). */
	get writes(): string[] {
		return this.calls.filter((call) => !call.startsWith('GET '));
	}

	/** The fake as the deployment code sees a client. */
	get client(): N8nApi {
		return this;
	}

	byName(name: string): LiveWorkflow | undefined {
		return [...this.workflows.values()].find((w) => w.name === name);
	}

	addTable(name: string, columns: Array<{ name: string; type: DataTableColumnType }>): LiveDataTable {
		const table = { id: `T${this.next++}`, name, projectId: 'P1', columns: columns.map((c, index) => ({ ...c, index })) };
		this.tables.set(table.id, table);
		return table;
	}

	private call(method: string, path: string, scope?: string): void {
		this.calls.push(`${method} ${path}`);
		if (scope && this.options.missingScopes?.includes(scope)) throw httpError(method, `${this.root}${path}`, 403, '{"message":"Forbidden"}', scope);
	}

	private settingsOf(body: Workflow): Workflow['settings'] {
		const settings = structuredClone(body.settings);
		if (this.options.dropsCallerIds) delete settings.callerIds;
		return settings;
	}

	private store(body: Workflow, id = `W${this.next++}`): LiveWorkflow {
		const previous = this.workflows.get(id);
		const workflow: LiveWorkflow = {
			id,
			name: body.name,
			active: previous?.active ?? false,
			isArchived: false,
			versionId: `v${this.next++}`,
			activeVersionId: previous?.activeVersionId ?? null,
			nodes: structuredClone(body.nodes),
			connections: structuredClone(body.connections),
			settings: this.settingsOf(body),
			activeVersion: previous?.activeVersion ?? null,
		};
		this.workflows.set(id, workflow);
		return structuredClone(workflow);
	}

	private publish(id: string): LiveWorkflow {
		const workflow = this.workflows.get(id)!;
		workflow.active = true;
		workflow.activeVersionId = workflow.versionId;
		workflow.activeVersion = { nodes: structuredClone(workflow.nodes), connections: structuredClone(workflow.connections) };
		return structuredClone(workflow);
	}

	async listWorkflows(name?: string): Promise<LiveWorkflow[]> {
		this.call('GET', `/workflows${name ? `?name=${name}` : ''}`, 'workflow:list');
		return [...this.workflows.values()].filter((w) => !name || w.name.toLowerCase().includes(name.toLowerCase())).map((w) => structuredClone(w));
	}

	async createWorkflow(body: Workflow): Promise<LiveWorkflow> {
		this.call('POST', '/workflows', 'workflow:create');
		return this.store(body);
	}

	async updateWorkflow(id: string, body: Workflow, options: { publish?: boolean } = {}): Promise<LiveWorkflow> {
		this.call('PUT', `/workflows/${id}${options.publish === false ? '?publishIfActive=false' : ''}`, 'workflow:update');
		const saved = this.store(body, id);
		return options.publish === false || !saved.active ? saved : this.publish(id);
	}

	async activateWorkflow(id: string): Promise<LiveWorkflow> {
		this.call('POST', `/workflows/${id}/activate`, 'workflow:activate');
		return this.publish(id);
	}

	async deactivateWorkflow(id: string): Promise<LiveWorkflow> {
		this.call('POST', `/workflows/${id}/deactivate`, 'workflow:deactivate');
		this.unpublishing.set(id, this.options.unpublishingDeletes ?? 0);
		const workflow = this.workflows.get(id)!;
		Object.assign(workflow, { active: false, activeVersionId: null, activeVersion: null });
		return structuredClone(workflow);
	}

	async deleteWorkflow(id: string): Promise<unknown> {
		this.call('DELETE', `/workflows/${id}`, 'workflow:delete');
		const workflow = this.workflows.get(id);
		// As n8n 2.41 answers them.
		if (workflow?.active) throw httpError('DELETE', `${this.root}/workflows/${id}`, 409, '{"message":"Cannot delete a published workflow. Unpublish it before deleting."}');
		if ((this.unpublishing.get(id) ?? 0) > 0) {
			this.unpublishing.set(id, this.unpublishing.get(id)! - 1);
			throw httpError('DELETE', `${this.root}/workflows/${id}`, 409, '{"message":"Workflow is still being unpublished. Please try again in a few moments."}');
		}
		this.workflows.delete(id);
		return structuredClone(workflow);
	}

	async listCredentials(): Promise<LiveCredential[]> {
		this.call('GET', '/credentials', 'credential:list');
		return structuredClone(this.credentials);
	}

	async recentExecutions(workflowId: string, options: { limit?: number; includeData?: boolean } = {}): Promise<LiveExecution[]> {
		return (await this.executionPage(workflowId, options)).executions;
	}

	/** Newest first, `limit` per page; the cursor is the offset of the next page, as opaque as n8n's. */
	async executionPage(workflowId: string, options: { limit?: number; includeData?: boolean; cursor?: string } = {}): Promise<{ executions: LiveExecution[]; nextCursor?: string }> {
		this.call('GET', `/executions?workflowId=${workflowId}`, 'execution:list');
		const all = this.executions.filter((e) => e.workflowId === workflowId).reverse();
		const from = Number(options.cursor ?? 0);
		const to = from + (options.limit ?? 10);
		const executions = all.slice(from, to).map(({ data, ...rest }) => structuredClone(options.includeData ? { ...rest, data } : rest));
		return { executions, ...(to < all.length ? { nextCursor: String(to) } : {}) };
	}

	async listDataTables(name?: string): Promise<LiveDataTable[]> {
		this.call('GET', `/data-tables${name ? `?name=${name}` : ''}`, 'dataTable:list');
		return [...this.tables.values()].filter((t) => !name || t.name.toLowerCase().includes(name.toLowerCase())).map((t) => structuredClone(t));
	}

	async createDataTable(table: { name: string; columns: ReadonlyArray<{ name: string; type: DataTableColumnType }> }): Promise<LiveDataTable> {
		this.call('POST', '/data-tables', 'dataTable:create');
		return structuredClone(this.addTable(table.name, [...table.columns]));
	}

	async addDataTableColumn(tableId: string, column: { name: string; type: DataTableColumnType }): Promise<unknown> {
		this.call('POST', `/data-tables/${tableId}/columns`, 'dataTableColumn:create');
		const table = this.tables.get(tableId)!;
		table.columns.push({ ...column, index: table.columns.length });
		return { ...column, dataTableId: tableId };
	}
}
