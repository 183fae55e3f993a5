/**
 * What each admin tool answers, from what n8n's API answered: refusals in the project's shape,
 * lists in the order they state, and every answer within ADMIN_CAPS.chars, biggest parts cut
 * first and named in `omitted`.
 *
 * Real: the answer code as the generator writes it, run by n8n-workflow's own expression engine
 * (`Expression`, n8n's `legacy` engine; the admin e2e runs it in n8n 2.41's default `vm` engine),
 * and the default tool workflow as `generate` writes it. Stand-ins: the HTTP Request node's items
 * (full response: statusCode and body, or the request's error) shaped like n8n 2.41's public API
 * answers, and a made-up execution shaped like n8n's (`data.resultData.runData`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Expression } from 'n8n-workflow';

import { answerCode, LINT_ANSWER, refusalCode } from '../../../../generator/admin/answers';
import { ADMIN_CAPS } from '../../../../generator/admin/caps';
import { ANSWER_FAILED } from '../../../../generator/admin/refusals';
import { ADMIN_TOOLS } from '../../../../generator/admin/tools';
import { safeExpression } from '../../../../generator/builders/nodeParts';
import { MARKER_RETRY, STATE_RETRY } from '../../../../generator/contracts';

type Answer = Record<string, unknown> & { success: boolean; truncated?: boolean; omitted?: string[]; hint?: string };
type Item = Record<string, unknown>;

const ADMIN = { n8nApi: 'Hermes n8n API (read-only)' };
const tool = (name: string) => ADMIN_TOOLS.find((t) => t.name === name)!;

/** Runs expression code on `$json` as n8n's Set node would, and parses the JSON it made. */
function run(code: string, json: object): Answer {
	return JSON.parse(String(new Expression('UTC').resolveSimpleParameterValue(safeExpression(`JSON.stringify(${code})`), { $json: json } as never))) as Answer;
}
const answer = (name: string, items: Item[], input: Record<string, unknown>) => run(`${answerCode(tool(name), ADMIN)}($json.items, $json.input)`, { items, input });
/** The text the agent receives: n8n's Call n8n Workflow tool returns the items as JSON indented by two, in a list. */
const received = (value: unknown) => JSON.stringify([value], null, 2).length;

const ok = (body: unknown): Item => ({ statusCode: 200, body: typeof body === 'string' ? body : JSON.stringify(body) });
const page = (body: unknown): Item => ({ statusCode: 200, body });

/** The tool workflow as generated, with what n8n 2.41 adds to it: ids, dates, the published version's copy. */
const TOOL_WORKFLOW = JSON.parse(readFileSync(join(__dirname, '../../../../workflows/hermes-mcp-tools.json'), 'utf8')) as { name: string; nodes: Array<{ name: string; parameters: object }>; connections: Record<string, unknown> };
const stored = (workflow: typeof TOOL_WORKFLOW, id = 'W1') => ({
	id,
	...workflow,
	active: true,
	isArchived: false,
	versionId: 'v2',
	activeVersionId: 'v1',
	createdAt: '2026-01-01T00:00:00.000Z',
	updatedAt: '2026-01-02T00:00:00.000Z',
	activeVersion: { versionId: 'v1', nodes: workflow.nodes, connections: workflow.connections },
	shared: [{ role: 'workflow:owner', projectId: 'P1' }],
	staticData: null,
	pinData: {},
});

/** An execution shaped like n8n's: `nodes` of [name, items, characters per item], one run each unless repeated; `stack` characters in n8n's run state. */
function execution(nodes: Array<[string, number, number]>, { id = '42', stack = 20_000 } = {}) {
	const run = (items: number, chars: number) => ({
		startTime: 1,
		executionTime: 5,
		executionStatus: 'success',
		source: [{ previousNode: 'Trigger' }],
		data: { main: [Array.from({ length: items }, (_, i) => ({ json: { i, text: 'x'.repeat(chars) }, pairedItem: { item: 0 } }))] },
	});
	const runData: Record<string, unknown[]> = {};
	for (const [name, items, chars] of nodes) (runData[name] ??= []).push(run(items, chars));
	return {
		id,
		finished: false,
		mode: 'webhook',
		retryOf: null,
		status: 'error',
		startedAt: '2026-12-01T10:00:00.000Z',
		stoppedAt: '2026-12-01T10:00:01.000Z',
		workflowId: 'W1',
		data: {
			resultData: { runData, lastNodeExecuted: nodes[nodes.length - 1][0], error: { message: 'boom', node: { name: nodes[nodes.length - 1][0] }, stack: `Error: boom\n${'    at somewhere\n'.repeat(40)}` } },
			executionData: { nodeExecutionStack: [{ node: { parameters: { big: 'y'.repeat(stack) } } }], waitingExecution: {} },
		},
	};
}

describe('refusals: what n8n answered, as a marker with its retry', () => {
	it.each<[string, string, Item[], Record<string, unknown>, Record<string, unknown>]>([
		// tool, case, the HTTP Request's items, the arguments, the answer
		['n8n_get_workflow', 'an unknown id (404)', [{ statusCode: 404, body: '{"message":"Not Found"}' }], { workflow_id: 'nope' }, { error: '__NOT_FOUND__', retry: MARKER_RETRY.__NOT_FOUND__, workflow: { id: 'nope' } }],
		['n8n_get_workflow', 'a 200 for another object', [ok({ id: 'other' })], { workflow_id: 'W1' }, { error: '__NOT_FOUND__' }],
		['n8n_get_workflow', 'no id', [ok({ data: [] })], { workflow_id: '' }, { error: '__BAD_ARGUMENT__', retry: 'change_arguments' }],
		['n8n_get_execution', 'an unknown id (404)', [{ statusCode: 404, body: '{"message":"Not Found"}' }], { execution_id: '9' }, { error: '__NOT_FOUND__', execution: { id: '9' } }],
		['n8n_get_execution', 'a key without execution:read (403)', [{ statusCode: 403, body: '{"message":"Forbidden"}' }], { execution_id: '9' }, { error: '__UNAVAILABLE__', state: 'misconfigured', retry: STATE_RETRY.misconfigured }],
		['n8n_list_executions', 'a status n8n does not take (400)', [page({ message: 'request/query/status must be equal to one of the allowed values' })].map((i) => ({ ...i, statusCode: 400 })), { status: 'failed' }, { error: '__BAD_ARGUMENT__', retry: 'change_arguments' }],
		['n8n_list_executions', 'a wrong key (401)', [{ statusCode: 401, body: { message: 'unauthorized' } }], {}, { error: '__UNAVAILABLE__', state: 'misconfigured', retry: 'never_here' }],
		['n8n_list_workflows', 'an API URL that is not the API (404)', [{ statusCode: 404, body: 'Cannot GET /api/v2/workflows' }], {}, { error: '__UNAVAILABLE__', state: 'misconfigured' }],
		['n8n_list_workflows', 'rate limited (429)', [{ statusCode: 429, body: '' }], {}, { error: '__UNAVAILABLE__', state: 'rate_limited', retry: STATE_RETRY.rate_limited }],
		['n8n_list_workflows', 'a server error (502)', [{ statusCode: 502, body: '<html>Bad Gateway</html>' }], {}, { error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' }],
		['n8n_list_workflows', 'a later page refused (403)', [page({ data: [], nextCursor: 'c' }), { statusCode: 403, body: { message: 'Forbidden' } }], {}, { error: '__UNAVAILABLE__', state: 'misconfigured' }],
		['n8n_get_workflow', 'no answer at all', [{ error: { message: 'connect ECONNREFUSED 127.0.0.1:5678' } }], { workflow_id: 'W1' }, { error: '__UNAVAILABLE__', state: 'unreachable', retry: 'later' }],
		['n8n_get_workflow', 'no answer in time', [{ error: { message: 'timeout of 30000ms exceeded' } }], { workflow_id: 'W1' }, { error: '__UNAVAILABLE__', state: 'timeout', retry: 'later' }],
		['n8n_get_workflow', "n8n's error with its status", [{ error: { message: 'Forbidden', httpCode: '403' } }], { workflow_id: 'W1' }, { error: '__UNAVAILABLE__', state: 'misconfigured' }],
	])('%s, %s', (name, _case, items, input, expected) => {
		const got = answer(name, items, input);
		expect(got).toMatchObject({ success: false, ...expected });
		expect(typeof got.hint).toBe('string');
		// The shape of every node's refusal: success, error, hint, retry, then what else it says.
		expect(Object.keys(got).slice(0, 4)).toEqual(['success', 'error', 'hint', 'retry']);
	});

	it.each<[string, Item[], Record<string, unknown>, RegExp]>([
		['n8n_get_workflow', [{ statusCode: 404, body: '{}' }], { workflow_id: 'abc' }, /no workflow with the id "abc".*n8n_list_workflows/],
		['n8n_get_execution', [{ statusCode: 403, body: '{"message":"Forbidden"}' }], { execution_id: '1' }, /403: Forbidden\): it needs the scope execution:read/],
		['n8n_list_workflows', [{ statusCode: 401, body: { message: 'unauthorized' } }], {}, /credential "Hermes n8n API \(read-only\)" is wrong, expired or deleted/],
		['n8n_list_executions', [{ statusCode: 400, body: { message: 'bad status' } }], {}, /400: bad status\)\. status must be one of canceled, crashed/],
	])('%s: the hint says what to do (%j)', (name, items, input, hint) => expect(answer(name, items, input).hint).toMatch(hint));

	it.each<[string, Item[], string, boolean]>([
		['the workflow asked for', [ok({ id: 'w1', nodes: [] })], 'w1', true],
		['404', [{ statusCode: 404, body: '{}' }], 'w1', false],
		['another workflow', [ok({ id: 'w2' })], 'w1', false],
		['an empty id (n8n lists workflows)', [ok({ data: [] })], '', false],
		['no answer', [{ error: { message: 'connect ECONNREFUSED' } }], 'w1', false],
	])('n8n_validate_workflow lints only the workflow asked for: %s', (_case, items, id, linted) => {
		const refused = run(`${refusalCode(tool('n8n_validate_workflow'), ADMIN)}($json.items, $json.input)`, { items, input: { workflow_id: id } });
		expect(refused === null).toBe(linted);
	});

	it.each<[string, object]>([
		['an error object', { error: { message: 'Out of memory' } }],
		['an error text', { error: 'Script execution timed out' }],
		['nothing said', {}],
	])('an answer the code could not make is still a marker: %s', (_case, item) => {
		expect(run(`${ANSWER_FAILED}($json)`, item)).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'misconfigured', retry: STATE_RETRY.misconfigured, hint: expect.stringMatching(/^n8n could not make this answer/) });
	});
});

describe('lists: in the order they state, at most `limit` rows', () => {
	const workflows = (count: number, from = 0) =>
		Array.from({ length: count }, (_, i) => ({ id: `id${from + i}`, name: `wf ${from + i}`, active: true, isArchived: false, updatedAt: new Date(Date.UTC(2026, 0, 1) + ((from + i) * 7919) % 100_000 * 1000).toISOString(), nodes: [{ name: 'big' }] }));

	it('n8n_list_workflows: every page read, sorted by updatedAt newest first, then cut to the limit; count is all of them', () => {
		const pages = [page({ data: workflows(250), nextCursor: 'c1' }), page({ data: workflows(30, 250), nextCursor: null })];
		const got = answer('n8n_list_workflows', pages, { limit: 5 });
		const all = [...workflows(250), ...workflows(30, 250)].map((w) => w.updatedAt).sort().reverse();
		expect(got).toMatchObject({ success: true, order: 'updatedAt, newest first', count: 280, returned: 5, truncated: true });
		expect((got.workflows as Array<{ updatedAt: string }>).map((w) => w.updatedAt)).toEqual(all.slice(0, 5));
		expect(Object.keys((got.workflows as object[])[0])).toEqual(['id', 'name', 'active', 'isArchived', 'updatedAt']);
	});

	it.each<[string, Item[], unknown, Record<string, unknown>]>([
		['all fit', [page({ data: workflows(3), nextCursor: null })], 20, { count: 3, returned: 3, truncated: false }],
		['no limit given: the default', [page({ data: workflows(30), nextCursor: null })], undefined, { count: 30, returned: ADMIN_CAPS.defaultRows, truncated: true }],
		['a limit over the cap: the cap', [page({ data: workflows(120), nextCursor: null })], 500, { count: 120, returned: ADMIN_CAPS.rows, truncated: true }],
		['the page bound reached: more exist than were read', [page({ data: workflows(3), nextCursor: 'more' })], 20, { count: 3, returned: 3, truncated: true }],
		['no workflow', [page({ data: [], nextCursor: null })], 20, { count: 0, returned: 0, truncated: false }],
	])('n8n_list_workflows, %s', (_case, items, limit, expected) => {
		const got = answer('n8n_list_workflows', items, { limit });
		expect(got).toMatchObject({ success: true, ...expected });
		expect(got.hint === undefined).toBe(!expected.truncated);
	});

	it.each<[string, string | null, boolean]>([
		['a next page: more match', 'cursor', true],
		['the last page', null, false],
	])('n8n_list_executions in n8n\'s order (newest first), %s', (_case, nextCursor, truncated) => {
		const data = Array.from({ length: 3 }, (_, i) => ({ id: String(30 - i), status: 'success', mode: 'webhook', workflowId: 'W1', startedAt: 's', stoppedAt: 't', retryOf: null, data: { big: 1 } }));
		const got = answer('n8n_list_executions', [page({ data, nextCursor })], { limit: 3 });
		expect(got).toMatchObject({ success: true, order: 'newest first (by id)', returned: 3, truncated });
		expect((got.executions as Array<{ id: string }>).map((e) => e.id)).toEqual(['30', '29', '28']);
		expect(Object.keys((got.executions as object[])[0])).toEqual(['id', 'status', 'mode', 'workflowId', 'startedAt', 'stoppedAt', 'retryOf']);
	});
});

describe(`caps: every answer within ${ADMIN_CAPS.chars} characters as the agent receives it`, () => {
	// n8n keeps names to 128 characters, so 50 rows always fit: 400 here proves the guard.
	const longName = (i: number) => `workflow ${i} ${'n'.repeat(400)}`;
	const manyNodes = { ...TOOL_WORKFLOW, nodes: Array.from({ length: 400 }, (_, i) => ({ ...TOOL_WORKFLOW.nodes[1], name: `node ${i}`, parameters: {} })) };
	const hugeNode = { ...TOOL_WORKFLOW, nodes: [{ ...TOOL_WORKFLOW.nodes[1], name: 'Code', parameters: { jsCode: 'c'.repeat(30_000), notes: 'n'.repeat(500), options: {} } }] };
	const findings = (count: number) => ({ success: true, valid: false, workflow: { id: 'W1', name: 'n' }, errors: count, warnings: 0, findings: Array.from({ length: count }, (_, i) => ({ code: 'HMT014', severity: 'error', message: 'm'.repeat(300), node: `n${i}`, hint: 'h'.repeat(200) })), truncated: false });

	const big: Array<[string, () => Answer]> = [
		['the default tool workflow with its published copy', () => answer('n8n_get_workflow', [ok(stored(TOOL_WORKFLOW))], { workflow_id: 'W1', node: '' })],
		['400 nodes without parameters: nodes cut from the end', () => answer('n8n_get_workflow', [ok(stored(manyNodes))], { workflow_id: 'W1' })],
		['one node whose parameters alone pass the cap', () => answer('n8n_get_workflow', [ok(stored(hugeNode))], { workflow_id: 'W1', node: 'Code' })],
		['an execution of 30 nodes with output', () => answer('n8n_get_execution', [ok(execution(Array.from({ length: 30 }, (_, i) => [`Node ${i}`, 5, 400 * (i + 1)])))], { execution_id: '42' })],
		['one node of an execution with 200 output items', () => answer('n8n_get_execution', [ok(execution([['Trigger', 1, 10], ['Fetch', 200, 300]]))], { execution_id: '42', node: 'Fetch' })],
		['50 workflows with names far longer than n8n allows', () => answer('n8n_list_workflows', [page({ data: Array.from({ length: 60 }, (_, i) => ({ id: `id${i}`, name: longName(i), updatedAt: `2026-01-${String(i % 28 + 1).padStart(2, '0')}` })), nextCursor: null })], { limit: 50 })],
		['50 lint findings of 500 characters', () => run(`${LINT_ANSWER}($json)`, findings(50))],
	];

	it.each(big)('%s: cut to the cap, truncated, what was left out named, with a hint', (_case, make) => {
		const got = make();
		expect(got.success).toBe(true);
		expect(received(got)).toBeLessThanOrEqual(ADMIN_CAPS.chars);
		expect(got.truncated).toBe(true);
		expect(got.omitted!.length).toBeGreaterThan(0);
		expect(got.omitted!.every((line) => /\d+ characters$/.test(line))).toBe(true);
		expect(got.hint).toMatch(/./);
	});

	it.each<[string, () => Answer]>([
		['a small workflow', () => answer('n8n_get_workflow', [ok(stored({ ...TOOL_WORKFLOW, nodes: TOOL_WORKFLOW.nodes.slice(0, 2), connections: {} }))], { workflow_id: 'W1' })],
		['a small execution', () => answer('n8n_get_execution', [ok(execution([['Trigger', 1, 10]], { stack: 100 }))], { execution_id: '42' })],
		['3 lint findings', () => run(`${LINT_ANSWER}($json)`, findings(3))],
	])('%s: whole, truncated false, nothing omitted', (_case, make) => {
		const got = make();
		expect(got).toMatchObject({ success: true, truncated: false });
		expect(got.omitted).toBeUndefined();
	});

	it("a small workflow is n8n's object as it is", () => {
		const small = stored({ ...TOOL_WORKFLOW, nodes: TOOL_WORKFLOW.nodes.slice(0, 2), connections: {} });
		expect(answer('n8n_get_workflow', [ok(small)], { workflow_id: 'W1' }).workflow).toEqual(small);
	});

	it('the tool workflow: the published copy and the biggest node parameters go first; every kept parameters block is smaller than every cut one; identity and the nodes stay', () => {
		const got = big[0][1]() as Answer & { workflow: { id: string; name: string; nodes: Array<{ name: string; parameters?: object }>; activeVersion?: unknown } };
		expect(got.workflow).toMatchObject({ id: 'W1', name: TOOL_WORKFLOW.name, versionId: 'v2', activeVersionId: 'v1' });
		expect(got.workflow.activeVersion).toBeUndefined();
		expect(got.workflow.nodes.map((n) => n.name)).toEqual(TOOL_WORKFLOW.nodes.map((n) => n.name));
		const size = (n: { parameters?: object }) => JSON.stringify(n.parameters).length;
		const kept = got.workflow.nodes.filter((n) => n.parameters);
		const cut = TOOL_WORKFLOW.nodes.filter((n) => !kept.some((k) => k.name === n.name));
		expect(cut.length).toBeGreaterThan(0);
		expect(kept.length).toBeGreaterThan(0);
		expect(Math.max(...kept.map(size))).toBeLessThanOrEqual(Math.min(...cut.map(size)));
		expect(got.omitted![0]).toMatch(/^activeVersion, \d+ characters$/);
		expect(got.omitted!.find((line) => line.startsWith('node parameters'))).toMatch(new RegExp(`^node parameters \\(${cut.length}: `));
	});

	it('an execution: node output goes first, the runs, their status and the error stay', () => {
		const got = big[3][1]() as Answer & { execution: { id: string; status: string; data: { resultData: { runData: Record<string, Array<Record<string, unknown>>>; error: { message: string } } } } };
		expect(got.execution).toMatchObject({ id: '42', status: 'error', workflowId: 'W1' });
		const runs = got.execution.data.resultData.runData;
		expect(Object.keys(runs)).toHaveLength(30);
		expect(Object.values(runs).every(([run]) => run.executionStatus === 'success')).toBe(true);
		expect(got.execution.data.resultData.error.message).toBe('boom');
		expect(got.omitted!.some((line) => line.startsWith('node output ('))).toBe(true);
	});

	it('node narrows a workflow to the node and its connections', () => {
		const got = answer('n8n_get_workflow', [ok(stored(TOOL_WORKFLOW))], { workflow_id: 'W1', node: 'vault_read' }) as Answer & { workflow: { nodes: Array<{ name: string; parameters: object }>; connections: Record<string, unknown> } };
		expect(got.workflow.nodes.map((n) => n.name)).toEqual(['vault_read']);
		expect(got.workflow.nodes[0].parameters).toEqual(TOOL_WORKFLOW.nodes.find((n) => n.name === 'vault_read')!.parameters);
		expect(got.workflow.connections).toEqual({ vault_read: TOOL_WORKFLOW.connections.vault_read });
	});

	it('node narrows an execution to that node\'s runs', () => {
		const got = answer('n8n_get_execution', [ok(execution([['Trigger', 1, 10], ['Fetch', 2, 10], ['Fetch', 1, 10]]))], { execution_id: '42', node: 'Fetch' }) as Answer & { execution: { data: { resultData: { runData: Record<string, unknown[]> } } } };
		expect(Object.keys(got.execution.data.resultData.runData)).toEqual(['Fetch']);
		expect(got.execution.data.resultData.runData.Fetch).toHaveLength(2);
	});

	// The hint names ADMIN_CAPS.names of the tool workflow's nodes and counts the rest.
	const unnamed = TOOL_WORKFLOW.nodes.length - ADMIN_CAPS.names;
	it('the tool workflow has more nodes than a hint names', () => expect(unnamed).toBeGreaterThan(0));
	it.each<[string, () => Answer, RegExp]>([
		['a workflow', () => answer('n8n_get_workflow', [ok(stored(TOOL_WORKFLOW))], { workflow_id: 'W1', node: 'Vault Read' }), new RegExp(`Workflow "Hermes MCP Tools" has no node named "Vault Read"\\. Its nodes: "vault_read", "MCP Server Trigger", .* and ${unnamed} more\\.`)],
		['an execution', () => answer('n8n_get_execution', [ok(execution([['Trigger', 1, 10]]))], { execution_id: '42', node: 'Fetch' }), /No node named "Fetch" ran in execution "42"\. The nodes that ran: "Trigger"\./],
	])('node names a node that is not there, in %s: __NOT_FOUND__ naming those that are', (_case, make, hint) => {
		expect(make()).toMatchObject({ success: false, error: '__NOT_FOUND__', retry: 'change_arguments', hint: expect.stringMatching(hint) });
	});
});
