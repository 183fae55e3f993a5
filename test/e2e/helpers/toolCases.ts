/**
 * One valid call per catalogue tool, and what proves that the tool's OWN node answered it:
 * the Odoo stand-in saw exactly the model and method of that tool's target (and the store
 * changed as asked), the vault note is on disk and in the bare remote, Prometheus executed the
 * query, the docker stand-in got the argv, the pipeline recorder got the payload. A tool routed
 * to a neighbour's node (the disabled-node misrouting) fails these checks.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Retry } from '../../../core';
import type { OdooOperation } from '../../../generator/toolSpec/schema';
import { CATALOGUE } from '../../helpers/defaultCatalogue';
import type { OdooCallRecord } from '../../harness/odoo';
import { FIRING_ALERT } from '../../harness/prometheus';
import { callTool, type McpSession, type ToolAnswer } from './mcp';
import type { HermesStack } from './stack';
import { VAULT_NOTES } from './stack';

/** What changed around one tool call. */
export interface CallEvidence {
	stack: HermesStack;
	answer: ToolAnswer;
	odooCalls: OdooCallRecord[];
	dockerCalls: string[][];
	pipelinePayloads: unknown[];
	promQueries: string[];
}

/** Calls one tool and records what each backend of the stack saw during the call. */
export async function callWithEvidence(stack: HermesStack, mcp: McpSession, tool: string, args: Record<string, unknown>): Promise<CallEvidence> {
	const odooMark = stack.odoo.calls.length;
	const dockerMark = stack.docker.calls().length;
	const pipelineMark = stack.pipeline.received.length;
	const promMark = (await stack.prometheus.loggedQueries()).length;
	const answer = await callTool(mcp, tool, args);
	return {
		stack,
		answer,
		odooCalls: stack.odoo.calls.slice(odooMark),
		dockerCalls: stack.docker.calls().slice(dockerMark),
		pipelinePayloads: stack.pipeline.received.slice(pipelineMark),
		promQueries: (await stack.prometheus.loggedQueries()).slice(promMark),
	};
}

export interface ToolCase {
	tool: string;
	args: Record<string, unknown>;
	/** Throws (jest expect) unless the evidence proves the tool's own node ran. */
	verify(evidence: CallEvidence): void;
}

/** The ORM method the Hermes Odoo node calls for each operation. */
export const ODOO_METHOD: Record<OdooOperation, string> = {
	create: 'create',
	get: 'read',
	getAll: 'search_read',
	update: 'write',
	delete: 'unlink',
};

/** A gateway answer as the tool returns it: the sub-workflow's last item. */
export function gatewayAnswer(answer: ToolAnswer): Record<string, unknown> {
	let value = answer.value;
	if (Array.isArray(value)) value = value[0];
	if (value && typeof value === 'object' && 'response' in value && Object.keys(value).length === 1) {
		value = (value as { response: unknown }).response;
	}
	if (typeof value !== 'object' || value === null) {
		throw new Error(`not a gateway answer: ${answer.text.slice(0, 500)}`);
	}
	return value as Record<string, unknown>;
}

/** The records an Odoo tool answered: the Hermes Odoo node answers one item, `{ success: true, records | record | id }`. */
export function odooRowsOf(answer: ToolAnswer): Array<Record<string, unknown>> {
	const odoo = gatewayAnswer(answer);
	// The hint rides along so a failure shows why the node refused.
	expect({ success: odoo.success, error: odoo.error, hint: odoo.hint }).toEqual({ success: true, error: undefined, hint: undefined });
	if (Array.isArray(odoo.records)) return odoo.records as Array<Record<string, unknown>>;
	if (odoo.record !== undefined) return [odoo.record as Record<string, unknown>];
	return [{ id: odoo.id }];
}

function odooRows(answer: ToolAnswer): Array<Record<string, unknown>> {
	expect(answer.isError).toBe(false);
	return odooRowsOf(answer);
}

const names = (rows: Array<Record<string, unknown>>) => rows.map((r) => r.name);

function expectOdooCall(e: CallEvidence, tool: string): void {
	const spec = CATALOGUE.find((t) => t.name === tool);
	if (!spec || spec.target.kind !== 'odoo') throw new Error(`${tool} is not an Odoo tool`);
	// The Hermes Odoo node reads a model's field types (fields_get) once before its first write: not the tool's own call.
	const seen = e.odooCalls.filter((c) => c.service === 'object' && c.modelMethod !== 'fields_get').map((c) => ({ model: c.model, method: c.modelMethod, error: c.error }));
	expect({ tool, seen }).toEqual({ tool, seen: [{ model: spec.target.model, method: ODOO_METHOD[spec.target.operation], error: undefined }] });
}

/** An Odoo case: the call check plus what the answer and the store must show. */
function odoo(tool: string, args: Record<string, unknown>, check: (rows: Array<Record<string, unknown>>, e: CallEvidence) => void): ToolCase {
	return {
		tool,
		args,
		verify: (e) => {
			expectOdooCall(e, tool);
			check(odooRows(e.answer), e);
		},
	};
}

function gateway(tool: string, args: Record<string, unknown>, check: (answer: Record<string, unknown>, e: CallEvidence) => void): ToolCase {
	return {
		tool,
		args,
		verify: (e) => {
			expect(e.answer.isError).toBe(false);
			const answer = gatewayAnswer(e.answer);
			// The hint rides along so a failure shows why the gateway refused.
			expect({ tool, success: answer.success, error: answer.error, hint: answer.hint }).toEqual({ tool, success: true, error: undefined, hint: undefined });
			expect(e.odooCalls).toEqual([]);
			check(answer, e);
		},
	};
}

const record = (e: CallEvidence, model: string, id: number) => e.stack.odoo.store.get(model, id);
/** Today in n8n's timezone, which `$today` uses (en-CA formats as YYYY-MM-DD). */
const today = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
const hash12 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

export const WRITTEN_NOTE = { path: 'inbox/e2e-from-n8n.md', content: '# Written through n8n\n\nMCP -> toolWorkflow -> gateway -> SSH -> git.\n' };

export const TOOL_CASES: ToolCase[] = [
	// In Odoo's order: projects by sequence, name, id; tasks by priority desc, sequence,
	// deadline, id desc; leads by priority desc, id desc.
	odoo('odoo_list_projects', { limit: 10 }, (rows) => expect(names(rows)).toEqual(['Internal Tools', 'Website Redesign'])),
	odoo('odoo_create_project', { name: 'E2E Project', description: '<p>made by the e2e</p>' }, (rows, e) =>
		expect(record(e, 'project.project', rows[0].id as number)).toMatchObject({ name: 'E2E Project', description: '<p>made by the e2e</p>', active: true }),
	),
	odoo('odoo_update_project', { project_id: 2, field: 'name', value: 'Internal Tools v2' }, (_rows, e) =>
		expect(record(e, 'project.project', 2)).toMatchObject({ name: 'Internal Tools v2', partner_id: 2 }),
	),
	odoo('odoo_archive_project', { project_id: 3 }, (_rows, e) => expect(record(e, 'project.project', 3)?.active).toBe(false)),
	odoo('odoo_list_task_stages', { project_id: 1 }, (rows) => expect(names(rows)).toEqual(['New', 'In Progress', 'Done'])),
	odoo('odoo_move_task_stage', { task_id: 1, stage_id: 3 }, (_rows, e) => expect(record(e, 'project.task', 1)?.stage_id).toBe(3)),
	odoo('odoo_list_tasks', { project_id: 1 }, (rows) => expect(names(rows)).toEqual(['Pick a CMS', 'Draft the sitemap'])),
	odoo('odoo_get_task', { task_id: 1 }, (rows) =>
		expect(rows).toEqual([expect.objectContaining({ id: 1, description: '<p>Pages and menus</p>', project_id: [1, 'Website Redesign'], tag_ids: [1] })]),
	),
	odoo('odoo_create_task', { name: 'E2E task', project_id: 2, date_deadline: '2026-12-31' }, (rows, e) =>
		expect(record(e, 'project.task', rows[0].id as number)).toMatchObject({ name: 'E2E task', project_id: 2, date_deadline: '2026-12-31 00:00:00' }),
	),
	odoo('odoo_update_task', { task_id: 2, field: 'date_deadline', value: '2027-01-15' }, (_rows, e) =>
		expect(record(e, 'project.task', 2)).toMatchObject({ name: 'Pick a CMS', date_deadline: '2027-01-15 00:00:00' }),
	),
	odoo('odoo_search_contacts', { name: 'azure' }, (rows) =>
		expect(rows).toEqual([expect.objectContaining({ id: 2, name: 'Azure Interior', city: 'Lyon', country_id: [1, 'France'] })]),
	),
	odoo('odoo_create_contact', { name: 'E2E Contact', is_company: true, email: 'e2e@example.com', city: 'Ghent' }, (rows, e) =>
		expect(record(e, 'res.partner', rows[0].id as number)).toMatchObject({ name: 'E2E Contact', is_company: true, email: 'e2e@example.com', city: 'Ghent' }),
	),
	odoo('odoo_update_contact', { contact_id: 3, field: 'city', value: 'Namur' }, (_rows, e) =>
		expect(record(e, 'res.partner', 3)).toMatchObject({ name: 'Brandon Freeman', city: 'Namur' }),
	),
	odoo('crm_list_stages', {}, (rows) => expect(rows.map((r) => [r.name, r.is_won])).toEqual([['New', false], ['Qualified', false], ['Won', true]])),
	odoo('crm_list_leads', {}, (rows) => expect(names(rows)).toEqual(['Website quote', 'Office chairs'])),
	odoo('crm_create_lead', { name: 'E2E lead', partner_name: 'ACME', expected_revenue: 5000 }, (rows, e) =>
		expect(record(e, 'crm.lead', rows[0].id as number)).toMatchObject({ name: 'E2E lead', type: 'opportunity', partner_name: 'ACME', expected_revenue: 5000 }),
	),
	odoo('crm_update_lead', { lead_id: 2, field: 'probability', value: '60' }, (_rows, e) =>
		expect(record(e, 'crm.lead', 2)).toMatchObject({ name: 'Website quote', probability: 60 }),
	),
	odoo('crm_move_stage', { lead_id: 2, stage_id: 3 }, (_rows, e) => expect(record(e, 'crm.lead', 2)?.stage_id).toBe(3)),
	odoo('crm_delete_lead', { lead_id: 1 }, (_rows, e) => expect(record(e, 'crm.lead', 1)).toBeUndefined()),
	odoo('timesheet_report', { date_from: '2026-01-06' }, (rows) => expect(names(rows)).toEqual(['CMS comparison'])),
	odoo('timesheet_log_hours', { project_id: 1, description: 'E2E hours', hours: 1.25 }, (rows, e) =>
		expect(record(e, 'account.analytic.line', rows[0].id as number)).toMatchObject({
			name: 'E2E hours',
			unit_amount: 1.25,
			project_id: 1,
			task_id: false,
			employee_id: 1,
			date: today(e.stack.timezone),
		}),
	),
	odoo('timesheet_update', { line_id: 1, field: 'unit_amount', value: '3' }, (_rows, e) =>
		expect(record(e, 'account.analytic.line', 1)).toMatchObject({ name: 'Sitemap workshop', unit_amount: 3 }),
	),
	odoo('timesheet_delete', { line_id: 2 }, (_rows, e) => expect(record(e, 'account.analytic.line', 2)).toBeUndefined()),

	gateway('vault_search', { query: 'POOLED SSH' }, (answer) => expect(JSON.stringify(answer)).toContain('research/hermes-latency.md')),
	gateway('vault_list', { prefix: 'research/' }, (answer) => {
		const text = JSON.stringify(answer);
		expect(text).toContain('research/seed.md');
		expect(text).toContain('research/hermes-latency.md');
		expect(text).not.toContain('projects/website.md');
	}),
	gateway('vault_read', { path: 'projects/website.md' }, (answer) =>
		expect(answer).toMatchObject({ content: VAULT_NOTES['projects/website.md'], contentHash: hash12(VAULT_NOTES['projects/website.md']) }),
	),
	gateway('vault_write', WRITTEN_NOTE, (_answer, e) => {
		expect(readFileSync(join(e.stack.vault.root, WRITTEN_NOTE.path), 'utf8')).toBe(WRITTEN_NOTE.content);
		const remote = execFileSync('git', ['--git-dir', e.stack.vault.bare, 'show', `main:${WRITTEN_NOTE.path}`], { encoding: 'utf8' });
		expect(remote).toBe(WRITTEN_NOTE.content);
	}),
	gateway('docker_read', { action: 'status', stack: 'web' }, (answer, e) => {
		expect(e.dockerCalls).toContainEqual(expect.arrayContaining(['compose', '--project-name', 'web', 'ps']));
		expect(JSON.stringify(answer)).toContain('web-app-1');
	}),
	gateway('docker_manage', { action: 'restart', stack: 'blog' }, (_answer, e) =>
		expect(e.dockerCalls).toContainEqual(expect.arrayContaining(['compose', '--project-name', 'blog', 'restart'])),
	),
	gateway('monitoring_alerts', {}, (answer) => expect(JSON.stringify(answer)).toContain(FIRING_ALERT)),
	gateway('monitoring_query', { promql: 'count(up)' }, (answer, e) => {
		expect(e.promQueries).toContain('count(up)');
		expect(JSON.stringify(answer)).toContain('"1"');
	}),
	gateway('content_generate', { content_type: 'note', text: 'Draft: why MCP tools need typed gateways' }, (answer, e) => {
		expect(e.pipelinePayloads).toEqual([expect.objectContaining({ contentType: 'note', text: 'Draft: why MCP tools need typed gateways' })]);
		// The pipeline's own answer came back through the gateway.
		expect(answer).toMatchObject({ pipeline: 'stub', sequence: e.stack.pipeline.received.length });
	}),
];

/** Invalid inputs: each must answer a structured marker, change nothing, and fail no execution. */
export interface InvalidCase {
	tool: string;
	args: Record<string, unknown>;
	marker: string;
	/** What the answer tells the agent may help (`retry`), so it never has to read the hint. */
	retry: Retry;
	/** Words the hint must hold, where the answer is about more than its marker. */
	hint?: RegExp;
}

export const INVALID_CASES: InvalidCase[] = [
	{ tool: 'vault_write', args: { path: '../escape.md', content: 'x' }, marker: '__BAD_PATH__', retry: 'change_arguments' },
	{ tool: 'vault_write', args: { path: 'projects/website.md', content: 'x' }, marker: '__BAD_PATH__', retry: 'change_arguments' },
	{ tool: 'vault_write', args: { path: 'research/seed.md', content: 'overwrite without reading' }, marker: '__EXISTS__', retry: 'after_read' },
	{
		tool: 'vault_write',
		args: { path: 'research/seed.md', content: 'x', base_hash: 'latest' },
		marker: '__BAD_ARGUMENT__',
		retry: 'change_arguments',
		hint: /base_hash is malformed/,
	},
	{ tool: 'vault_read', args: { path: 'research/missing.md' }, marker: '__NOT_FOUND__', retry: 'change_arguments' },
	{ tool: 'vault_search', args: { query: '' }, marker: '__EMPTY_QUERY__', retry: 'change_arguments' },
	{ tool: 'docker_manage', args: { action: 'stop', stack: 'security-stack' }, marker: '__PROTECTED__', retry: 'never_here' },
	{
		tool: 'docker_read',
		args: { action: 'restart', stack: 'web' },
		marker: '__BAD_ACTION__',
		retry: 'change_arguments',
		// Only the tool's own actions: not start, stop, restart or update.
		hint: /Allowed here: status, logs, list\.$/,
	},
	{ tool: 'monitoring_query', args: { promql: '' }, marker: '__EMPTY_QUERY__', retry: 'change_arguments' },
	{ tool: 'content_generate', args: { content_type: 'poem', text: 'x' }, marker: '__BAD_ACTION__', retry: 'change_arguments' },
	// The Odoo tools: the Hermes Odoo node's own checks, and Odoo's refusals as markers.
	{ tool: 'odoo_get_task', args: { task_id: 999999 }, marker: '__NOT_FOUND__', retry: 'change_arguments', hint: /project\.task record has the id 999999/ },
	{ tool: 'odoo_update_task', args: { task_id: 2, field: 'date_deadline', value: '31/12/2026' }, marker: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: /not a value for date_deadline/ },
	{ tool: 'odoo_update_task', args: { task_id: 3, field: 'stage_id', value: '2' }, marker: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: /"stage_id" is not one this tool writes\. Allowed here: / },
	{ tool: 'crm_update_lead', args: { lead_id: 2, field: 'probability', value: 'lots' }, marker: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: /not a value for probability/ },
	// Odoo's own rule (crm.lead's CHECK constraint), with its sentence, as a real Odoo 18 and 19 answer it.
	{ tool: 'crm_update_lead', args: { lead_id: 2, field: 'probability', value: '150' }, marker: '__BAD_ARGUMENT__', retry: 'change_arguments', hint: /^Odoo refused the change: .*between 0% and 100%/ },
	{ tool: 'odoo_update_contact', args: { contact_id: 999999, field: 'city', value: 'Nowhere' }, marker: '__NOT_FOUND__', retry: 'change_arguments', hint: /res\.partner 999999/ },
];

/** The answer an invalid case must give through MCP: its marker, its retry policy, and its hint words. */
export function expectedInvalidAnswer(invalid: InvalidCase): Record<string, unknown> {
	return { success: false, error: invalid.marker, retry: invalid.retry, hint: invalid.hint ? expect.stringMatching(invalid.hint) : expect.any(String) };
}
