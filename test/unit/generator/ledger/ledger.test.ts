/**
 * The call ledger: the outcome class of an answer, the arguments as shown, `--since`, one call
 * read out of an execution a real n8n 2.41.1 stored (test/fixtures/n8n-2.41.1), and the reader's
 * paging, window, cap and gaps over a fake n8n API (test/unit/generator/deploy/fakeN8n.ts).
 *
 * Real: n8n 2.41.1's execution data (recorded). Stand-in: the n8n API (in memory). No server runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { callOf, type LedgerEndpoint } from '../../../../generator/ledger/call';
import { formatLedger } from '../../../../generator/ledger/format';
import { outcomeOf, type OutcomeClass } from '../../../../generator/ledger/outcome';
import { schemaMismatches } from '../../../../generator/ledger/schemaRefusal';
import { readLedger } from '../../../../generator/ledger/read';
import { redactArguments } from '../../../../generator/ledger/redact';
import { parseSince } from '../../../../generator/cli/commands/calls';
import type { LiveExecution } from '../../../../generator/n8nClient/client';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { defaultConfig } from '../../../../generator/config';
import { planTools } from '../../../../generator/plan';
import { FakeN8n } from '../deploy/fakeN8n';

const RECORDED = (JSON.parse(readFileSync(join(__dirname, '../../../fixtures/n8n-2.41.1/mcp-tool-executions.json'), 'utf8')) as { data: LiveExecution[] }).data;
const PLANS = planTools(CATALOGUE, defaultConfig());
const ENDPOINT: LedgerEndpoint = { server: 'hermes-tools', tools: new Map(PLANS.map((plan) => [plan.tool.name, plan])) };
const NO_REDACT = { fields: [] };

describe('outcomeOf', () => {
	it.each<[string, unknown, string | undefined, OutcomeClass, string | undefined]>([
		['a success', { success: true, path: 'a.md' }, undefined, 'success', undefined],
		["n8n's own Odoo node's answer (a list under response)", { response: [{ id: 2 }] }, undefined, 'success', undefined],
		["n8n's own Odoo node's empty list", { response: [] }, undefined, 'success', undefined],
		['a sub-workflow item list', [{ success: true }], undefined, 'success', undefined],
		['a marker the agent fixes by changing arguments', { success: false, error: '__BAD_PATH__', retry: 'change_arguments' }, undefined, 'refused', '__BAD_PATH__'],
		['a marker that asks for a read first', { success: false, error: '__STALE_READ__', retry: 'after_read' }, undefined, 'refused', '__STALE_READ__'],
		['a fault to wait out', { success: false, error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' }, undefined, 'failed', '__UNAVAILABLE__'],
		['a misconfigured host', { success: false, error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' }, undefined, 'failed', '__UNAVAILABLE__'],
		['a protected target (never_here, not the agent to fix)', { success: false, error: '__PROTECTED__', retry: 'never_here' }, undefined, 'failed', '__PROTECTED__'],
		['an approval request', { success: false, error: '__APPROVAL_REQUIRED__', retry: 'after_approval', approval_id: 'a1' }, undefined, 'approval', '__APPROVAL_REQUIRED__'],
		['a denial (never_here, yet a person decided it)', { success: false, error: '__APPROVAL_DENIED__', retry: 'never_here' }, undefined, 'approval', '__APPROVAL_DENIED__'],
		['a wrapped marker', [{ response: { success: false, error: '__NOT_FOUND__', retry: 'change_arguments' } }], undefined, 'refused', '__NOT_FOUND__'],
		['a failure without a marker', { success: false, error: 'it broke' }, undefined, 'failed', undefined],
		// What n8n's tool node outputs when the sub-workflow it calls fails in n8n (recorded on 2.41.1).
		["n8n's error about a sub-workflow not published: no success field", { error: 'There was an error: "Workflow is not active and cannot be executed."' }, undefined, 'failed', 'n8n_error'],
		["n8n's error as a sub-workflow's item list", [{ error: 'There was an error: "Workflow does not exist."' }], undefined, 'failed', 'n8n_error'],
		['a success field that is neither true nor false', { success: 'yes', path: 'a.md' }, undefined, 'failed', undefined],
		['a marker with success true is still a success (the item says so)', { success: true, error: '__BAD_PATH__' }, undefined, 'success', undefined],
		["n8n's own error (n8n's Odoo node's refusal)", undefined, 'Invalid field', 'failed', 'n8n_error'],
		['no answer at all', undefined, undefined, 'failed', undefined],
	])('%s is %s', (_label, answer, thrown, outcome, marker) => {
		const got = outcomeOf(answer, thrown);
		expect([got.class, got.marker]).toEqual([outcome, marker]);
	});
});

describe('redactArguments', () => {
	const long = 'x'.repeat(250);
	it.each<[string, string, Record<string, unknown>, string[], Record<string, unknown>]>([
		['short values as sent', 'vault_read', { path: 'a.md', limit: 3 }, [], { path: 'a.md', limit: 3 }],
		['a long text cut, its length named', 'crm_create_lead', { description: long }, [], { description: `${'x'.repeat(200)}... (250 chars)` }],
		['a listed tool.argument as its size', 'vault_write', { path: 'a.md', content: 'secret plan' }, ['vault_write.content'], { path: 'a.md', content: '[redacted, 11 chars]' }],
		['a listed *.argument for every tool', 'odoo_create_contact', { email: 'a@b.c' }, ['*.email'], { email: '[redacted, 5 chars]' }],
		['a listed field of another tool left alone', 'vault_read', { content: 'x' }, ['vault_write.content'], { content: 'x' }],
		['a secret-looking name whatever the list', 'any_tool', { api_key: 'k', password: 'p', token: 'tt' }, [], { api_key: '[redacted, 1 chars]', password: '[redacted, 1 chars]', token: '[redacted, 2 chars]' }],
		['a long object cut as JSON', 'any_tool', { filter: { a: long } }, [], { filter: `${JSON.stringify({ a: long }).slice(0, 200)}... (${JSON.stringify({ a: long }).length} chars as JSON)` }],
	])('%s', (_label, tool, args, fields, shown) => expect(redactArguments(tool, args, { fields })).toEqual(shown));
});

describe('parseSince', () => {
	const now = Date.parse('2026-12-02T12:00:00Z');
	it.each<[string, string]>([
		['90s', '2026-12-02T11:58:30.000Z'],
		['15m', '2026-12-02T11:45:00.000Z'],
		['2h', '2026-12-02T10:00:00.000Z'],
		['7d', '2026-11-25T12:00:00.000Z'],
		['2026-12-01T08:00:00Z', '2026-12-01T08:00:00.000Z'],
		['2026-12-01', '2026-12-01T00:00:00.000Z'],
	])('%s is %s', (given, at) => expect(parseSince(given, now).toISOString()).toBe(at));
	it.each(['yesterday', '2h30m', '-1h', '1w', '', '2026-13-45'])('%j is refused with a hint', (given) => {
		expect(() => parseSince(given, now)).toThrow(/neither a duration nor a date-time/);
	});
});

describe('callOf on executions a real n8n 2.41.1 stored', () => {
	const calls = RECORDED.map((execution) => callOf(execution, ENDPOINT, NO_REDACT));

	it('reads each call: tool, arguments, outcome, latency and both executions', () => {
		expect(calls.map((c) => [c?.tool, c?.arguments, c?.outcome.class, c?.outcome.marker, c?.executions.tool, typeof c?.executions.gateway])).toEqual([
			['vault_read', { path: '../etc/passwd' }, 'refused', '__BAD_PATH__', '7', 'string'],
			// Recorded while the Odoo tools ran n8n's own Odoo node, a tool of its own: no sub-workflow runs.
			['odoo_list_projects', { limit: 1 }, 'success', undefined, '5', 'undefined'],
			['docker_read', { action: 'list' }, 'success', undefined, '4', 'string'],
			['vault_list', { prefix: '' }, 'success', undefined, '2', 'string'],
		]);
		expect(calls[0]?.executions.gateway).toBe('6');
		expect(calls[0]?.latencyMs).toBe(Date.parse('2026-12-02T07:47:02.652Z') - Date.parse('2026-12-02T07:47:02.541Z'));
	});

	it("a tool node that threw is n8n's error, with its message", () => {
		const execution = structuredClone(RECORDED[1]);
		const run = (execution.data!.resultData!.runData as Record<string, Array<Record<string, unknown>>>).odoo_list_projects[0];
		run.executionStatus = 'error';
		run.error = { message: 'Invalid field "x" on model "project.project"' };
		delete run.data;
		const call = callOf(execution, ENDPOINT, NO_REDACT);
		expect(call?.outcome).toEqual({ class: 'failed', marker: 'n8n_error', detail: 'Invalid field "x" on model "project.project"' });
	});

	it('without the trigger item (n8n before 2.41) the tool node that ran names the call, and no arguments are claimed', () => {
		const execution = structuredClone(RECORDED[0]);
		const runData = execution.data!.resultData!.runData as Record<string, unknown>;
		delete runData['MCP Server Trigger'];
		(runData.vault_read as Array<{ inputOverride?: unknown }>)[0].inputOverride = { ai_tool: [[{ json: { query: {} } }]] };
		const call = callOf(execution, ENDPOINT, NO_REDACT);
		expect([call?.tool, call?.outcome.marker, call?.arguments]).toEqual(['vault_read', '__BAD_PATH__', undefined]);
		expect(formatLedger({ calls: [call!], truncated: false, scanned: 1, unfinished: 0, gaps: [], notices: [] }, 'text').out).toContain('(arguments not kept by this n8n)');
	});

	it('an execution without run data holds no call', () => {
		expect(callOf({ id: '9', status: 'success' }, ENDPOINT, NO_REDACT)).toBeUndefined();
	});
});

describe("n8n's schema check, before the tool node runs", () => {
	const VAULT_READ = CATALOGUE.find((t) => t.name === 'vault_read')!;
	const CRM_LIST = CATALOGUE.find((t) => t.name === 'crm_list_leads')!;
	// [case, tool, arguments, what n8n's check refuses]
	it.each<[string, typeof VAULT_READ, Record<string, unknown>, string[]]>([
		['a string where a string goes', VAULT_READ, { path: 'a.md' }, []],
		['a number where a string goes', VAULT_READ, { path: 12345 }, ['path: expected string, received number']],
		['an array where a string goes', VAULT_READ, { path: ['a.md'] }, ['path: expected string, received array']],
		['a required parameter left out', VAULT_READ, {}, ['path: required, not sent']],
		['null for a required parameter', VAULT_READ, { path: null }, ['path: required, not sent']],
		['an optional parameter left out', CRM_LIST, {}, []],
		['a string where a number goes', CRM_LIST, { limit: '5' }, ['limit: expected number, received string']],
		['a number where a number goes', CRM_LIST, { limit: 5 }, []],
		['an argument the tool does not take (the tool node refuses it, not the schema)', VAULT_READ, { path: 'a.md', extra: 1 }, []],
	])('%s', (_case, tool, args, refused) => {
		expect(schemaMismatches(tool, args)).toEqual(refused);
	});

	/** A recorded call whose tool node never ran, with these arguments in the trigger's output. */
	function unrun(args: Record<string, unknown>): LiveExecution {
		const execution = structuredClone(RECORDED[0]);
		const runData = execution.data!.resultData!.runData as Record<string, Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }>> } }>>;
		delete runData.vault_read;
		const item = runData['MCP Server Trigger'][0].data!.main![0][0].json as { mcpToolCall: { arguments: unknown } };
		item.mcpToolCall.arguments = args;
		return execution;
	}

	it("arguments the schema refuses: refused, the agent's to fix (change_arguments), with what n8n refused", () => {
		expect(callOf(unrun({ path: 12345 }), ENDPOINT, NO_REDACT)?.outcome).toEqual({ class: 'refused', marker: 'n8n_schema', retry: 'change_arguments', detail: "n8n's schema check refused the arguments (path: expected string, received number)" });
	});

	it('arguments the schema takes, yet no tool node ran: failed, n8n did not run the tool', () => {
		expect(callOf(unrun({ path: 'README.md' }), ENDPOINT, NO_REDACT)?.outcome).toEqual({ class: 'failed', marker: 'n8n_error', detail: 'no tool node ran' });
	});
});

describe('effects named by the answer', () => {
	const run = (tool: string, args: Record<string, unknown>, answer: unknown): LiveExecution => ({
		id: '1',
		status: 'success',
		startedAt: '2026-12-02T08:00:00.000Z',
		stoppedAt: '2026-12-02T08:00:00.100Z',
		data: { resultData: { runData: { [tool]: [{ data: { ai_tool: [[{ json: answer }]] } }], 'MCP Server Trigger': [{ data: { main: [[{ json: { mcpToolCall: { toolName: tool, arguments: args } } }]] } }] } } },
	});
	it.each<[string, LiveExecution, string[]]>([
		['a vault commit and its note', run('vault_write', { path: 'research/a.md', content: 'x' }, { success: true, path: 'research/a.md', commit: '0123456789abcdef0123', status: 'created' }), ['commit 0123456789ab research/a.md']],
		['an Odoo create: the new id', run('crm_create_lead', { name: 'L' }, { response: [{ id: 41 }] }), ['crm.lead 41 create']],
		['an Odoo create sent again: the first one\'s id, nothing written', run('crm_create_lead', { name: 'L' }, { success: true, id: 41, replayed: true, hint: 'x' }), ['crm.lead 41 create replayed']],
		['an Odoo update: the id the agent named', run('crm_update_lead', { lead_id: 7, field: 'phone', value: '1' }, { response: [{ id: 7 }] }), ['crm.lead 7 update']],
		['an Odoo read: nothing changed', run('crm_list_leads', { limit: 1 }, { response: [] }), []],
		['a compose action and its stack', run('docker_manage', { action: 'restart', stack: 'blog' }, { success: true, action: 'restart', stack: 'blog', output: 'done' }), ['blog restart']],
		['a docker status: nothing changed', run('docker_read', { action: 'status', stack: 'blog' }, { success: true, action: 'status', stack: 'blog', containers: [] }), []],
		['an approval request', run('crm_delete_lead', { lead_id: 2 }, { success: false, error: '__APPROVAL_REQUIRED__', retry: 'after_approval', approval_id: 'ap-1' }), ['approval ap-1 requested']],
		['the approved call that ran', run('crm_delete_lead', { lead_id: 2, approval_id: 'ap-1' }, { response: [{ id: 2 }] }), ['approval ap-1 approved, ran', 'crm.lead 2 delete']],
		['a refused write: nothing changed', run('vault_write', { path: '../x.md', content: 'x' }, { success: false, error: '__BAD_PATH__', retry: 'change_arguments' }), []],
	])('%s', (_label, execution, effects) => {
		expect(callOf(execution, ENDPOINT, NO_REDACT)?.effects.map((e) => e.text)).toEqual(effects);
	});
});

describe('readLedger over the n8n API', () => {
	const ENDPOINTS = [{ server: 'hermes-tools', workflow: 'Hermes MCP Tools', channel: 'tools' as const, tools: ['vault_read', 'vault_list'], readsOnly: true }];
	const execution = (id: number, minute: number, answer: unknown): LiveExecution => ({
		id: String(id),
		status: 'success',
		startedAt: `2026-12-02T08:${String(minute).padStart(2, '0')}:00.000Z`,
		stoppedAt: `2026-12-02T08:${String(minute).padStart(2, '0')}:00.120Z`,
		data: { resultData: { runData: { vault_read: [{ data: { ai_tool: [[{ json: answer }]] } }], 'MCP Server Trigger': [{ data: { main: [[{ json: { mcpToolCall: { toolName: 'vault_read', arguments: { path: `n${id}.md` } } } }]] } }] } } },
	});
	async function n8nWith(count: number, settings: Record<string, unknown> = {}) {
		const n8n = new FakeN8n();
		const live = await n8n.createWorkflow({ name: 'Hermes MCP Tools', nodes: [], connections: {}, settings });
		for (let i = 1; i <= count; i++) {
			n8n.executions.push({ ...execution(i, i, i % 3 === 0 ? { success: false, error: '__NOT_FOUND__', retry: 'change_arguments' } : { success: true }), workflowId: live.id });
		}
		return n8n;
	}

	it('reads every page, oldest first, and classes each call', async () => {
		const n8n = await n8nWith(12);
		const before = n8n.calls.length;
		const ledger = await readLedger(n8n.client, ENDPOINTS, PLANS, NO_REDACT, { limit: 100, pageSize: 5 });
		expect(ledger.calls.map((c) => c.executions.tool)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
		expect(ledger.calls.filter((c) => c.outcome.class === 'refused').map((c) => c.executions.tool)).toEqual(['3', '6', '9', '12']);
		expect(ledger).toMatchObject({ truncated: false, scanned: 12, unfinished: 0, gaps: [], notices: [] });
		// Reads only: the workflow lookup and three pages of executions.
		expect(n8n.calls.slice(before).filter((call) => !call.startsWith('GET '))).toEqual([]);
		expect(n8n.calls.slice(before).filter((call) => call.includes('/executions'))).toHaveLength(3);
	});

	it('stops at --since without reading older pages', async () => {
		const n8n = await n8nWith(12);
		const ledger = await readLedger(n8n.client, ENDPOINTS, PLANS, NO_REDACT, { limit: 100, pageSize: 5, since: new Date('2026-12-02T08:10:00.000Z') });
		expect(ledger.calls.map((c) => c.executions.tool)).toEqual(['10', '11', '12']);
		expect(n8n.calls.filter((c) => c.includes('/executions'))).toHaveLength(1);
	});

	it('keeps the newest calls under the cap and says it truncated', async () => {
		const ledger = await readLedger((await n8nWith(12)).client, ENDPOINTS, PLANS, NO_REDACT, { limit: 4, pageSize: 5 });
		expect(ledger.calls.map((c) => c.executions.tool)).toEqual(['9', '10', '11', '12']);
		expect(ledger.truncated).toBe(true);
		expect(formatLedger(ledger, 'text').out).toContain('truncated: only the newest 4 calls are shown');
	});

	it('filters by outcome and tool', async () => {
		const n8n = await n8nWith(12);
		const refused = await readLedger(n8n.client, ENDPOINTS, PLANS, NO_REDACT, { limit: 100, outcomes: ['refused'] });
		expect(refused.calls).toHaveLength(4);
		const none = await readLedger(n8n.client, ENDPOINTS, PLANS, NO_REDACT, { limit: 100, tools: ['vault_list'] });
		expect(none.calls).toEqual([]);
	});

	it('names each gap: a workflow not in n8n, successes not saved, executions without data, unfinished ones', async () => {
		const missing = await readLedger(new FakeN8n().client, ENDPOINTS, PLANS, NO_REDACT, { limit: 10 });
		expect(missing.gaps.map((g) => g.reason)).toEqual(['workflow "Hermes MCP Tools" is not in n8n']);
		const n8n = await n8nWith(2, { saveDataSuccessExecution: 'none' });
		n8n.executions.push({ id: '3', workflowId: n8n.byName('Hermes MCP Tools')!.id, status: 'success', startedAt: '2026-12-02T08:30:00.000Z' });
		n8n.executions.push({ id: '4', workflowId: n8n.byName('Hermes MCP Tools')!.id, status: 'running', startedAt: '2026-12-02T08:31:00.000Z' });
		const ledger = await readLedger(n8n.client, ENDPOINTS, PLANS, NO_REDACT, { limit: 10 });
		expect(ledger.gaps.map((g) => g.reason)).toEqual([expect.stringContaining('saveDataSuccessExecution: none'), expect.stringContaining('1 executions hold no tool call')]);
		expect(ledger.unfinished).toBe(1);
		expect(formatLedger(ledger, 'jsonl').notes).toEqual([expect.stringContaining('not shown: hermes-tools'), expect.stringContaining('not shown: hermes-tools'), 'not shown: 1 executions still running or waiting']);
	});
});

describe('formatLedger', () => {
	const ledger = {
		calls: [callOf(RECORDED[0], ENDPOINT, NO_REDACT)!],
		truncated: false,
		scanned: 1,
		unfinished: 0,
		gaps: [],
		notices: [] as string[],
	};
	it('csv: a header and one quoted row per call', () => {
		const [header, row] = formatLedger(ledger, 'csv').out.trim().split('\n');
		expect(header).toBe('time,endpoint,tool,outcome,marker,retry,latency_ms,tool_execution,gateway_execution,effects,arguments,detail');
		expect(row).toContain(',vault_read,refused,__BAD_PATH__,change_arguments,111,7,6,,"{""path"":""../etc/passwd""}",');
	});
	it('a notice is a note after the calls, on stderr in jsonl, and changes no call', () => {
		const noted = { ...ledger, notices: ['n8n keeps no gateway execution of a successful call'] };
		expect(formatLedger(noted, 'text').out.trim().split('\n').pop()).toBe('note: n8n keeps no gateway execution of a successful call');
		expect(formatLedger(noted, 'jsonl')).toEqual({ out: formatLedger(ledger, 'jsonl').out, notes: ['note: n8n keeps no gateway execution of a successful call'] });
	});

	it('jsonl: one parsable call per line', () => {
		const lines = formatLedger(ledger, 'jsonl').out.trim().split('\n');
		expect(lines.map((line) => (JSON.parse(line) as { tool: string }).tool)).toEqual(['vault_read']);
	});
	it('text: the call, its outcome with marker and retry, and the summary', () => {
		const out = formatLedger(ledger, 'text').out;
		expect(out).toContain('vault_read  refused __BAD_PATH__ (retry change_arguments)  111 ms  exec 7>6');
		expect(out).toContain('1 calls (1 refused) from 1 executions');
	});
});
