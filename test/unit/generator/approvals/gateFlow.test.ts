/**
 * A gate's check and limits as generated: the tool's own node checks every call before anything
 * is stored or sent, the call is taken on as the node normalised it, and identical, too many or
 * too large requests reach nobody. The gate's expressions are evaluated here as n8n would, on
 * answers of the shape each node gives (the nodes' own answers are tested with the nodes).
 */

import { recordNotFoundHint } from '../../../../core';

import type { Workflow, WorkflowNode } from '../../../../generator/builders';
import { GATE_NODES } from '../../../../generator/approvals/gate';
import { CUT_NOTICE, fitted, TELEGRAM_TEXT_LIMIT } from '../../../../generator/approvals/notify';
import { CLAIM_TRIES, CLAIMED, claimWaitSeconds, DECIDING } from '../../../../generator/dataTables/claim';
import { defaultConfig, parseConfig, type HermesConfig } from '../../../../generator/config';
import { CATALOGUE } from '../../../helpers/defaultCatalogue';
import { generated } from '../fixtures';
import { withN8nStringHash } from '../../../helpers/n8nStringHash';

const EMAIL = { type: 'email', credential: 'Hermes SMTP', from: 'hermes@example.com', to: ['ops@example.com'] };

function gates(approvals: Record<string, unknown> = {}, more: Partial<HermesConfig> = {}) {
	const config = parseConfig({ ...defaultConfig(), ...more, approvals: { channel: EMAIL, publicUrl: 'https://n8n.example.com', ...approvals } });
	const files = generated(CATALOGUE, config);
	return (tool: string) => files.byName(`hermes-approval-${tool.replace(/_/g, '-')}.json`).workflow as Workflow;
}

const nodeOf = (workflow: Workflow, name: string): WorkflowNode => {
	const found = workflow.nodes.find((n) => n.name === name);
	if (!found) throw new Error(`no node ${name} in ${workflow.name}`);
	return found;
};

/** Node outputs an expression reads with `$('<node>')`: items of json. */
type Outputs = Record<string, Array<Record<string, unknown>>>;

/** Evaluates an n8n expression (`={{ body }}`) on `$json` and other nodes' outputs, as n8n would. */
function evaluate(expression: unknown, json: Record<string, unknown>, outputs: Outputs = {}, run: { executionId?: string; runIndex?: number } = {}): unknown {
	const text = String(expression);
	expect(text.startsWith('={{ ') && text.endsWith(' }}')).toBe(true);
	const $ = (name: string) => {
		const items = (outputs[name] ?? [{}]).map((j) => ({ json: j }));
		return { first: () => items[0], all: () => items };
	};
	const now = { toMillis: () => 1_000_000 };
	const $execution = { id: run.executionId ?? '41' };
	return new Function('$json', '$', '$now', '$execution', '$runIndex', `return (${text.slice(4, -3)})`)(json, $, now, $execution, run.runIndex ?? 0) as unknown;
}

/** n8n's `.hash()` on strings, for the args_hash expression. */
withN8nStringHash();

const condition = (workflow: Workflow, name: string) =>
	(nodeOf(workflow, name).parameters.conditions as { conditions: Array<{ leftValue: string }> }).conditions[0].leftValue;
const fields = (workflow: Workflow, name: string) =>
	Object.fromEntries((nodeOf(workflow, name).parameters.assignments as { assignments: Array<{ name: string; value: unknown }> }).assignments.map((a) => [a.name, a.value]));

/** Evaluates every field of a Set node. */
function setOutput(workflow: Workflow, name: string, json: Record<string, unknown>, outputs: Outputs): Record<string, unknown> {
	return Object.fromEntries(Object.entries(fields(workflow, name)).map(([key, value]) => [key, typeof value === 'string' && value.startsWith('=') ? evaluate(value, json, outputs) : value]));
}

const TRIGGER = GATE_NODES.trigger;

describe('the check: the tool\'s own node, before anything is stored or sent', () => {
	const hermes = gates({});

	it.each([
		['docker_manage', hermes, 'n8n-nodes-hermes.hermesDocker', { checkOnly: true, allowedActions: 'start,stop,restart,update' }],
		['crm_delete_lead', hermes, 'n8n-nodes-hermes.hermesOdoo', { operation: 'delete', checkOnly: true, model: 'crm.lead', fieldsList: 'name,partner_id,stage_id,expected_revenue' }],
		['timesheet_delete', hermes, 'n8n-nodes-hermes.hermesOdoo', { operation: 'delete', checkOnly: true, model: 'account.analytic.line', fieldsList: 'date,project_id,unit_amount,name' }],
	])('%s: the check is the %#th node kind %s, run once on the raw input', (tool, gate, type, parameters) => {
		const check = nodeOf(gate(tool), GATE_NODES.check);
		expect(check).toMatchObject({ type, executeOnce: true, parameters });
		expect(JSON.stringify(check.parameters)).toContain(`$('${TRIGGER}').first().json.`);
	});

	it('the Docker check has the action node\'s own settings and allow-list, only Check Only and the raw call added', () => {
		const gate = hermes('docker_manage');
		const { checkOnly, agentCall, acceptedArguments, ...rest } = nodeOf(gate, GATE_NODES.check).parameters;
		const action = nodeOf(gate, 'docker_manage').parameters;
		expect(checkOnly).toBe(true);
		// The check refuses an argument the tool does not take; the action after approval runs what the check passed.
		expect([agentCall, acceptedArguments]).toEqual([`={{ $('${TRIGGER}').first().json.agent_call }}`, `={{ $('${TRIGGER}').first().json.accepted_arguments }}`]);
		expect(action).not.toHaveProperty('agentCall');
		expect(Object.keys(rest).sort()).toEqual(Object.keys(action).sort());
		expect(rest.allowedActions).toBe(action.allowedActions);
		expect(rest.protectedStacks).toBe(action.protectedStacks);
	});

	it('a gated Odoo update is checked by its own node with Check Only: the same allowed fields and values, and the record read', () => {
		const gate = gates({ tools: ['crm_update_lead', 'odoo_create_task', 'crm_list_leads'] });
		const { checkOnly, fieldsList, agentCall, acceptedArguments, ...rest } = nodeOf(gate('crm_update_lead'), GATE_NODES.check).parameters;
		const action = nodeOf(gate('crm_update_lead'), 'crm_update_lead').parameters;
		expect([checkOnly, fieldsList]).toEqual([true, 'name,partner_id,stage_id,expected_revenue']);
		expect([agentCall, acceptedArguments]).toEqual([`={{ $('${TRIGGER}').first().json.agent_call }}`, `={{ $('${TRIGGER}').first().json.accepted_arguments }}`]);
		expect(rest).toMatchObject({ operation: 'update', allowedFields: action.allowedFields });
		expect(Object.keys(rest).sort()).toEqual(Object.keys(action).sort());
		// A create is checked too (its values), with no record to show; a read has no check.
		expect(nodeOf(gate('odoo_create_task'), GATE_NODES.check).parameters).toMatchObject({ operation: 'create', checkOnly: true });
		expect(nodeOf(gate('odoo_create_task'), GATE_NODES.check).parameters).not.toHaveProperty('fieldsList');
		expect(gate('crm_list_leads').nodes.map((n) => n.name)).not.toContain(GATE_NODES.check);
	});

	it.each<[string, (t: string) => Workflow, Record<string, unknown>, boolean]>([
		['docker_manage', hermes, { success: true, checked: true, normalised: { operation: 'restart', stack: 'blog' } }, true],
		['docker_manage', hermes, { success: false, error: '__BAD_ACTION__' }, false],
		// A node without Check Only would have run the action: that is no check.
		['docker_manage', hermes, { success: true, action: 'restart', stack: 'blog' }, false],
		['crm_delete_lead', hermes, { success: true, checked: true, record: { id: 7 } }, true],
		// A node without Check Only would have deleted: that is no check.
		['crm_delete_lead', hermes, { success: true, id: 7, deleted: true }, false],
		['crm_delete_lead', hermes, { success: false, error: '__NOT_FOUND__' }, false],
	])('%s: can it run on %j? %s', (tool, gate, answer, runs) => {
		expect(evaluate(condition(gate(tool), GATE_NODES.runnable), {}, { [GATE_NODES.check]: [answer] })).toBe(runs);
	});

	it('nothing follows a refused check: the answer is the tool\'s own, or for a second call its approval\'s refusal', () => {
		const gate = hermes('docker_manage');
		expect(gate.connections[GATE_NODES.runnable].main[1]).toEqual([{ node: GATE_NODES.refusedSecondCall, type: 'main', index: 0 }]);
		expect(gate.connections[GATE_NODES.refusedSecondCall].main).toEqual([[{ node: GATE_NODES.lookUpRefused, type: 'main', index: 0 }], [{ node: GATE_NODES.notRunnable, type: 'main', index: 0 }]]);
		expect(gate.connections[GATE_NODES.approvalRefuses].main).toEqual([[{ node: GATE_NODES.why, type: 'main', index: 0 }], [{ node: GATE_NODES.notRunnable, type: 'main', index: 0 }]]);
		expect(gate.connections[GATE_NODES.notRunnable]).toBeUndefined();
	});

	const CALL = { tool: 'crm_delete_lead', args_hash: 'H', now: 1_000_000 };
	it.each<[string, Record<string, unknown>, boolean]>([
		['no such approval (one empty item)', {}, true],
		['used (a replay after the record was deleted)', { approval_id: 'a', tool: 'crm_delete_lead', args_hash: 'H', status: 'used', expires_at: 2_000_000 }, true],
		['denied', { approval_id: 'a', tool: 'crm_delete_lead', args_hash: 'H', status: 'denied', expires_at: 2_000_000 }, true],
		['expired', { approval_id: 'a', tool: 'crm_delete_lead', args_hash: 'H', status: 'approved', expires_at: 1_000_000 }, true],
		['for other arguments', { approval_id: 'a', tool: 'crm_delete_lead', args_hash: 'X', status: 'approved', expires_at: 2_000_000 }, true],
		['for another tool', { approval_id: 'a', tool: 'timesheet_delete', args_hash: 'H', status: 'approved', expires_at: 2_000_000 }, true],
		['usable for this call: the tool\'s refusal answers (its record went meanwhile)', { approval_id: 'a', tool: 'crm_delete_lead', args_hash: 'H', status: 'approved', expires_at: 2_000_000 }, false],
	])('a refused second call whose approval is %s: the approval answers: %s', (_case, row, approvalAnswers) => {
		expect(evaluate(condition(hermes('crm_delete_lead'), GATE_NODES.approvalRefuses), row, { [GATE_NODES.call]: [CALL] })).toBe(approvalAnswers);
	});

	it.each<[string, (t: string) => Workflow, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]>([
		[
			'docker_manage',
			hermes,
			{ success: false, error: '__PROTECTED__', hint: 'protected', retry: 'never_here' },
			{ action: 'restart', stack: 'security-stack' },
			{ success: false, error: '__PROTECTED__', hint: 'protected', retry: 'never_here' },
		],
		[
			'docker_manage',
			hermes,
			{ success: false, error: '__UNAVAILABLE__', hint: 'down', retry: 'later', state: 'unreachable' },
			{ action: 'restart', stack: 'blog' },
			{ success: false, error: '__UNAVAILABLE__', hint: 'down', retry: 'later', state: 'unreachable' },
		],
		[
			'timesheet_delete',
			hermes,
			{ success: false, error: '__NOT_FOUND__', hint: recordNotFoundHint('account.analytic.line', 999), retry: 'change_arguments' },
			{ line_id: 999 },
			{ success: false, error: '__NOT_FOUND__', hint: recordNotFoundHint('account.analytic.line', 999), retry: 'change_arguments' },
		],
	])('%s refused: %j answers as the tool would', (tool, gate, answer, input, expected) => {
		const refused = nodeOf(gate(tool), GATE_NODES.notRunnable);
		expect(refused.parameters).toMatchObject({ mode: 'raw', includeOtherFields: false });
		expect(JSON.parse(String(evaluate(refused.parameters.jsonOutput, {}, { [TRIGGER]: [input], [GATE_NODES.check]: [answer] })))).toEqual(expected);
	});
});

describe('the call as the tool normalised it, and its target as read', () => {
	const hermes = gates({});
	const call = (gate: Workflow, input: Record<string, unknown>, checked: Record<string, unknown>) =>
		setOutput(gate, GATE_NODES.call, {}, { [TRIGGER]: [{ approval_id: '', ...input }], [GATE_NODES.check]: [checked] });

	const BLOG = { stack: 'blog', containers: [{ name: 'blog-ghost-1', state: 'exited' }] };
	const restart = { success: true, checked: true, normalised: { operation: 'restart', stack: 'blog' }, target: BLOG };

	it.each([
		['restart + 190 spaces', `restart${' '.repeat(190)}`],
		['RESTART', 'RESTART'],
		['restart', 'restart'],
	])('docker_manage %s: stored, hashed and shown as {"action":"restart","stack":"blog"}', (_case, action) => {
		const out = call(hermes('docker_manage'), { action, stack: 'blog' }, restart);
		expect(out.args_json).toBe('{"action":"restart","stack":"blog"}');
		expect(JSON.parse(String(out.target_json))).toEqual(BLOG);
		expect(out.summary).toBe('docker_manage(action="restart", stack="blog")');
		expect(out.args_hash).toBe(call(hermes('docker_manage'), { action: 'restart', stack: 'blog' }, restart).args_hash);
	});

	it('another normalised call has another hash', () => {
		const gate = hermes('docker_manage');
		const stop = { ...restart, normalised: { operation: 'stop', stack: 'blog' } };
		expect(call(gate, { action: 'stop', stack: 'blog' }, stop).args_hash).not.toBe(call(gate, { action: 'restart', stack: 'blog' }, restart).args_hash);
	});

	it.each<[string, (t: string) => Workflow, Record<string, unknown>, Record<string, unknown>, string]>([
		[
			'crm_delete_lead',
			hermes,
			{ success: true, checked: true, record: { id: 7, name: 'Big Deal ACME 1M', partner_id: [2, 'ACME'], stage_id: [1, 'New'], expected_revenue: 1_000_000 } },
			{ name: 'Big Deal ACME 1M', partner: 'ACME', stage: 'New', expected_revenue: 1_000_000 },
			'{"lead_id":7}',
		],
		[
			'crm_delete_lead',
			hermes,
			{ success: true, checked: true, record: { id: 7, name: 'Big Deal', partner_id: false, stage_id: [1, 'New'], expected_revenue: 0 } },
			{ name: 'Big Deal', partner: null, stage: 'New', expected_revenue: 0 },
			'{"lead_id":7}',
		],
		[
			'timesheet_delete',
			hermes,
			{ success: true, checked: true, record: { id: 4, date: '2026-01-07', project_id: [1, 'Website'], unit_amount: 1.5, name: 'Review' } },
			{ date: '2026-01-07', project: 'Website', hours: 1.5, description: 'Review' },
			'{"line_id":4}',
		],
	])('%s: the record read is the target; the id is the one Odoo returned', (tool, gate, read, target, args) => {
		const idKey = tool === 'crm_delete_lead' ? 'lead_id' : 'line_id';
		const out = call(gate(tool), { [idKey]: '7' }, read);
		expect(JSON.parse(String(out.target_json))).toEqual(target);
		expect(out.args_json).toBe(args);
	});

	it.each<[string, Record<string, unknown>, unknown]>([
		['a check that says what will change: carried as it said', { success: true, checked: true, normalised: { operation: 'restart', stack: 'blog' }, target: BLOG, changes: [{ op: '+', text: 'x' }] }, [{ op: '+', text: 'x' }]],
		['a check that says nothing of it', restart, null],
		['a refused check: nothing', { success: false, error: '__BAD_ACTION__', changes: [{ op: '+', text: 'x' }] }, null],
	])('what will change: %s', (_what, checked, expected) => {
		expect(JSON.parse(String(call(hermes('docker_manage'), { action: 'restart', stack: 'blog' }, checked).changes_json))).toEqual(expected);
	});

	it('the notification shows the arguments and the target', () => {
		const text = String(nodeOf(hermes('docker_manage'), GATE_NODES.notify).parameters.text);
		expect(text).toContain("$('New secret').first().json.args_json");
		expect(text).toContain("$('New secret').first().json.target_json");
	});

	it('the request carries every field of the call to the store and the notification', () => {
		const gate = hermes('crm_delete_lead');
		const stored = (nodeOf(gate, GATE_NODES.store).parameters.columns as { value: Record<string, string> }).value;
		expect(stored).toMatchObject({ args_json: '={{ $json.args_json }}', target_json: '={{ $json.target_json }}', requested_at: '={{ $json.now }}' });
		expect(Object.keys(fields(gate, GATE_NODES.request))).toEqual(Object.keys(fields(gate, GATE_NODES.call)));
	});

	it('a call the tool refused keeps its arguments as sent, and no target', () => {
		const out = call(hermes('crm_delete_lead'), { lead_id: 999 }, { success: false, error: '__NOT_FOUND__' });
		expect([out.args_json, out.target_json]).toEqual(['{"lead_id":999}', 'null']);
	});

	it('a gateway tool whose node cannot check a call is gated without a check (its raw arguments)', () => {
		const gate = gates({ tools: ['monitoring_query'] })('monitoring_query');
		expect(gate.nodes.map((n) => n.name)).not.toContain(GATE_NODES.check);
		expect(gate.connections[GATE_NODES.forgetArguments].main).toEqual([[{ node: GATE_NODES.call, type: 'main', index: 0 }]]);
		expect(setOutput(gate, GATE_NODES.call, {}, { [TRIGGER]: [{ approval_id: '', query: 'up' }] }).target_json).toBe('null');
	});

	it('vault_write: checked by the vault node (Check Only), stored as the node normalised it, the note as it is now as target', () => {
		const gate = gates({ tools: ['vault_write'] })('vault_write');
		expect(nodeOf(gate, GATE_NODES.check)).toMatchObject({ type: 'n8n-nodes-hermes.hermesVault', executeOnce: true, parameters: { checkOnly: true, operation: 'write' } });
		const target = { path: 'research/a.md', exists: true, contentHash: 'abcdefabcdef', bytes: 12 };
		const checked = { success: true, checked: true, normalised: { operation: 'write', query: 'research/a.md', content: 'x', baseHash: 'abcdefabcdef' }, target };
		const out = call(gate, { path: 'research/a.md', content: 'x', base_hash: 'ABCDEFABCDEF' }, checked);
		expect(out.args_json).toBe('{"path":"research/a.md","content":"x","base_hash":"abcdefabcdef"}');
		expect(JSON.parse(String(out.target_json))).toEqual(target);
	});
});

describe('limits', () => {
	const gate = gates({ requestsPerWindow: 3, windowMinutes: 30, maxArgsChars: 120 })('docker_manage');
	const CALL = { tool: 'docker_manage', args_hash: 'H', now: 1_000_000 };
	const row = (id: number, args_hash: string, status: string) => ({ id, approval_id: `a${id}`, args_hash, status, summary: `s${id}`, expires_at: 2_000_000 });

	it.each<[string, Array<Record<string, unknown>>, boolean]>([
		['no request yet (the read outputs one empty item)', [{}], true],
		['2 other requests', [row(1, 'A', 'pending'), row(2, 'B', 'denied')], true],
		['3 other requests: the cap', [row(1, 'A', 'pending'), row(2, 'B', 'denied'), row(3, 'C', 'used')], false],
		['3 of this call racing, still pending: one request', [row(1, 'H', 'pending'), row(2, 'H', 'pending'), row(3, 'H', 'pending')], true],
		['3 earlier requests of this call, decided: each counts', [row(1, 'H', 'denied'), row(2, 'H', 'denied'), row(3, 'H', 'used')], false],
	])('under the cap of 3 with %s: %s', (_case, recent, under) => {
		expect(evaluate(condition(gate, GATE_NODES.underCap), {}, { [GATE_NODES.call]: [CALL], [GATE_NODES.recent]: recent })).toBe(under);
	});

	// The person's cap, over all tools: 2 here, beside the tool's 3.
	const personal = gates({ requestsPerWindow: 3, requestsPerPerson: 2, windowMinutes: 30 })('docker_manage');
	it.each<[string, Array<Record<string, unknown>>, Array<Record<string, unknown>>, boolean]>([
		['nothing sent yet', [{}], [{}], true],
		['1 to the person (another tool)', [{}], [row(1, 'A', 'pending')], true],
		['2 to the person over two tools: the person\'s cap', [row(1, 'A', 'denied')], [row(1, 'A', 'denied'), row(2, 'B', 'used')], false],
		['identical pending ones count once for the person too', [row(1, 'H', 'pending')], [row(1, 'H', 'pending'), row(2, 'H', 'pending')], true],
	])('under the caps (tool 3, person 2) with %s: %s', (_case, tool, person, under) => {
		expect(evaluate(condition(personal, GATE_NODES.underCap), {}, { [GATE_NODES.call]: [CALL], [GATE_NODES.recent]: tool, [GATE_NODES.recentToPerson]: person })).toBe(under);
	});

	it('the person\'s requests are read by recipient, whatever the tool, and each request stores its recipient', () => {
		const read = nodeOf(personal, GATE_NODES.recentToPerson).parameters as { filters: { conditions: Array<{ keyName: string; condition: string; keyValue: string }> } };
		expect(read.filters.conditions.map((c) => [c.keyName, c.condition, c.keyValue.startsWith('=') ? evaluate(c.keyValue, {}, { [GATE_NODES.call]: [CALL] }) : c.keyValue])).toEqual([
			['recipient', 'eq', 'email:ops@example.com'],
			['requested_at', 'gt', 1_000_000 - 30 * 60_000],
		]);
		expect((nodeOf(personal, GATE_NODES.store).parameters as { columns: { value: Record<string, unknown> } }).columns.value.recipient).toBe('email:ops@example.com');
		const over = { [GATE_NODES.call]: [CALL], [GATE_NODES.recent]: [{}], [GATE_NODES.recentToPerson]: [row(1, 'A', 'used'), row(2, 'B', 'used')] };
		expect(setOutput(personal, GATE_NODES.overCap, {}, over)).toMatchObject({ error: '__UNAVAILABLE__', state: 'rate_limited', retry: 'later', hint: expect.stringContaining('the person who approves was already asked 2 times in the last 30 minutes, over all tools') });
	});

	it('counts the requests of this tool made within the window', () => {
		const recent = nodeOf(gate, GATE_NODES.recent);
		expect(recent).toMatchObject({ alwaysOutputData: true, parameters: { operation: 'get', returnAll: true } });
		const conditions = (recent.parameters.filters as { conditions: Array<{ keyName: string; condition: string; keyValue: string }> }).conditions;
		expect(conditions.map((c) => [c.keyName, c.condition, c.keyValue.startsWith('=') ? evaluate(c.keyValue, {}, { [GATE_NODES.call]: [CALL] }) : c.keyValue])).toEqual([
			['deployment', 'eq', 'hermes-tools'],
			['tool', 'eq', 'docker_manage'],
			['requested_at', 'gt', 1_000_000 - 30 * 60_000],
		]);
		expect(nodeOf(gate, GATE_NODES.underCap).executeOnce).toBe(true);
	});

	it.each([
		[120, true],
		[121, false],
	])('arguments of %s characters under a cap of 120: %s', (length, fits) => {
		expect(evaluate(condition(gate, GATE_NODES.smallEnough), { args_json: 'x'.repeat(length) })).toBe(fits);
	});

	it('over a cap, nobody is asked: __UNAVAILABLE__ rate_limited (retry later), __TOO_LARGE__ (change the arguments)', () => {
		expect(fields(gate, GATE_NODES.overCap)).toEqual({ success: false, error: '__UNAVAILABLE__', state: 'rate_limited', hint: expect.stringContaining('3 times in the last 30 minutes'), retry: 'later' });
		expect(fields(gate, GATE_NODES.tooLarge)).toEqual({ success: false, error: '__TOO_LARGE__', hint: expect.stringContaining('120 characters'), retry: 'change_arguments' });
		for (const refused of [GATE_NODES.overCap, GATE_NODES.tooLarge]) expect(gate.connections[refused]).toBeUndefined();
	});

	/** What a Set node in raw mode outputs for these node outputs. */
	const rawOutput = (name: string, outputs: Outputs) => JSON.parse(String(evaluate(nodeOf(gate, name).parameters.jsonOutput, {}, outputs))) as Record<string, unknown>;
	const decided = (id: number, status: string, decidedAt: number, expiresAt = 2_000_000) => ({ ...row(id, 'H', status), expires_at: expiresAt, decided_at: decidedAt });

	it('reads the requests of this exact call made within the window', () => {
		const find = nodeOf(gate, GATE_NODES.findPending);
		const conditions = (find.parameters.filters as { conditions: Array<{ keyName: string; condition: string; keyValue: string }> }).conditions;
		expect(conditions.map((c) => [c.keyName, c.condition, c.keyValue.startsWith('=') ? evaluate(c.keyValue, {}, { [GATE_NODES.call]: [CALL] }) : c.keyValue])).toEqual([
			['deployment', 'eq', 'hermes-tools'],
			['tool', 'eq', 'docker_manage'],
			['args_hash', 'eq', 'H'],
			['requested_at', 'gt', 1_000_000 - 30 * 60_000],
		]);
		expect(find.parameters.returnAll).toBe(true);
		// The claim's reads are of the same rows.
		for (const again of [GATE_NODES.readClaims, GATE_NODES.readDecided, GATE_NODES.lookAgain]) expect(nodeOf(gate, again).parameters).toEqual(find.parameters);
	});

	// The identical requests the read found -> whether one stands, and what the call then answers; nobody is notified.
	it.each<[string, Array<Record<string, unknown>>, Record<string, unknown> | undefined]>([
		['none (the read outputs one empty item)', [{}], undefined],
		['pending', [row(4, 'H', 'pending')], { error: '__APPROVAL_REQUIRED__', approval_id: 'a4', summary: 's4', retry: 'after_approval', hint: expect.stringContaining('No one has decided yet') }],
		['approved, not yet used', [decided(5, 'approved', 900_000)], { error: '__APPROVAL_REQUIRED__', approval_id: 'a5', retry: 'after_approval', hint: expect.stringContaining('already approved this exact call') }],
		['approved, expired unused', [decided(5, 'approved', 900_000, 999_000)], undefined],
		['used: the next identical call is a new request', [decided(6, 'used', 900_000)], undefined],
		['pending, expired', [{ ...row(7, 'H', 'pending'), expires_at: 999_000 }], undefined],
		['denied within the window', [decided(8, 'denied', 900_000)], { error: '__APPROVAL_DENIED__', approval_id: 'a8', retry: 'never_here', hint: expect.stringContaining(`denied this exact call at ${new Date(900_000).toISOString()}`) }],
		['denied before the window', [decided(8, 'denied', 1_000_000 - 30 * 60_000 - 1)], undefined],
		['denied, then asked again and pending: the pending one', [decided(8, 'denied', 900_000), row(9, 'H', 'pending')], { error: '__APPROVAL_REQUIRED__', approval_id: 'a9' }],
	])('an identical call finding %s', (_case, found, answer) => {
		const outputs = { [GATE_NODES.call]: [CALL], [GATE_NODES.findPending]: found, [GATE_NODES.lookAgain]: found };
		expect(evaluate(condition(gate, GATE_NODES.pending), {}, outputs)).toBe(answer !== undefined);
		expect(evaluate(condition(gate, GATE_NODES.standing), {}, outputs)).toBe(answer !== undefined);
		if (answer === undefined) return;
		expect(rawOutput(GATE_NODES.alreadyRequested, outputs)).toMatchObject({ success: false, ...answer });
		expect(rawOutput(GATE_NODES.requestedMeanwhile, outputs)).toMatchObject({ success: false, ...answer });
	});

	it('a standing request answers at once, storing nothing; one found by the claim answers after this call withdrew its own', () => {
		expect(gate.connections[GATE_NODES.pending].main[0]).toEqual([{ node: GATE_NODES.alreadyRequested, type: 'main', index: 0 }]);
		expect(gate.connections[GATE_NODES.alreadyRequested]).toBeUndefined();
		expect(gate.connections[GATE_NODES.pending].main[1]).toEqual([{ node: GATE_NODES.request, type: 'main', index: 0 }]);
		expect(gate.connections[GATE_NODES.withdraw].main[0]).toEqual([{ node: GATE_NODES.lookAgain, type: 'main', index: 0 }]);
		expect(gate.connections[GATE_NODES.standing].main[0]).toEqual([{ node: GATE_NODES.requestedMeanwhile, type: 'main', index: 0 }]);
	});
});

describe('the claim: of identical first calls, one files a request (dataTables/claim.ts; its races are run in claim.test.ts)', () => {
	const gate = gates()('docker_manage');
	const params = (name: string) => nodeOf(gate, name).parameters as { dataTableId: { value: string }; operation: string; filters?: { conditions: Array<{ keyName: string; condition: string; keyValue: unknown }> }; columns?: { value: Record<string, unknown> } };
	const REQUEST = { approval_id: 'mine' };
	const at = (name: string) => {
		const p = params(name);
		const value = (v: unknown) => (typeof v === 'string' && v.startsWith('=') ? evaluate(v, {}, { [GATE_NODES.newSecret]: [REQUEST] }) : v);
		return {
			table: p.dataTableId.value,
			operation: p.operation,
			where: (p.filters?.conditions ?? []).map((c) => [c.keyName, c.condition, value(c.keyValue)]),
			set: Object.fromEntries(Object.entries(p.columns?.value ?? {}).map(([k, v]) => [k, value(v)])),
		};
	};
	const next = (name: string, output = 0) => gate.connections[name].main[output][0].node;
	const mine = [['deployment', 'eq', 'hermes-tools'], ['approval_id', 'eq', 'mine']];

	it('the request is stored as a claim, answers nobody until it is final, and is final only once its call stood alone and under the caps', () => {
		expect(params(GATE_NODES.store).columns?.value.status).toBe(CLAIMED);
		expect(next(GATE_NODES.store)).toBe(GATE_NODES.readClaims);
		expect(at(GATE_NODES.decide)).toMatchObject({ operation: 'update', where: [...mine, ['status', 'eq', CLAIMED]], set: { status: DECIDING } });
		expect(next(GATE_NODES.alone)).toBe(GATE_NODES.recent);
		expect(next(GATE_NODES.underCap)).toBe(GATE_NODES.file);
		expect(at(GATE_NODES.file)).toMatchObject({ table: 'hermes_approvals', operation: 'update', where: [...mine, ['status', 'eq', DECIDING]], set: { status: 'pending' } });
		expect(next(GATE_NODES.file)).toBe(GATE_NODES.notify);
	});

	it.each([GATE_NODES.withdraw, GATE_NODES.withdrawOverCap, GATE_NODES.forgetUnsent])('%s deletes this call\'s own request only', (name) => {
		expect(at(name)).toEqual({ table: 'hermes_approvals', operation: 'deleteRows', where: mine, set: {} });
	});

	it.each<[number, boolean]>([
		[0, true],
		[CLAIM_TRIES - 2, true],
		[CLAIM_TRIES - 1, false],
	])(`withdrawn with nothing standing: try %s waits and starts again: %s (${CLAIM_TRIES} tries in all)`, (runIndex, again) => {
		expect(evaluate(condition(gate, GATE_NODES.tryAgain), {}, {}, { runIndex })).toBe(again);
	});

	it.each<[number, number]>([
		[0, 0.1],
		[1, 0.15],
		[4, 0.50625],
		[6, 1],
		[CLAIM_TRIES - 2, 1],
	])('the wait after try %s is %s s (without its random part, up to as much again), in the process; it leads back to the look for a standing request', (runIndex, base) => {
		expect(claimWaitSeconds(runIndex)).toBeCloseTo(base, 6);
		const wait = nodeOf(gate, GATE_NODES.wait);
		expect(wait.type).toBe('n8n-nodes-base.wait');
		expect(wait.parameters.unit).toBe('seconds');
		for (let i = 0; i < 50; i++) {
			const seconds = evaluate(wait.parameters.amount, {}, {}, { runIndex }) as number;
			expect(seconds).toBeGreaterThanOrEqual(base - 1e-9);
			expect(seconds).toBeLessThan(2 * base);
		}
		expect(next(GATE_NODES.tryAgain)).toBe(GATE_NODES.wait);
		expect(next(GATE_NODES.wait)).toBe(GATE_NODES.findPending);
	});

	it('every try meeting another call: __UNAVAILABLE__ timeout, retry later, nobody asked', () => {
		expect(next(GATE_NODES.tryAgain, 1)).toBe(GATE_NODES.busy);
		expect(fields(gate, GATE_NODES.busy)).toMatchObject({ success: false, error: '__UNAVAILABLE__', state: 'timeout', retry: 'later', hint: expect.stringContaining('nobody was asked') });
		expect(gate.connections[GATE_NODES.busy]).toBeUndefined();
	});
});

describe('what reaches the store and the person', () => {
	/** Every path of (node, output) steps from the trigger to `target`. */
	function paths(workflow: Workflow, target: string): string[][] {
		const found: string[][] = [];
		const walk = (at: string, path: string[]) => {
			if (at === target) return void found.push(path);
			(workflow.connections[at]?.main ?? []).forEach((targets, output) => {
				for (const next of targets) if (!path.some((step) => step.startsWith(`${next.node}#`))) walk(next.node, [...path, `${at}#${output}`]);
			});
		};
		walk(GATE_NODES.trigger, []);
		return found;
	}

	it.each([
		['crm_delete_lead', gates()],
		['timesheet_delete', gates()],
		['docker_manage', gates()],
	])('%s: a request is stored and sent only for a first call that can run, is small enough, new and under the cap', (tool, gate) => {
		const workflow = gate(tool);
		for (const target of [GATE_NODES.store, GATE_NODES.notify]) {
			const found = paths(workflow, target);
			expect(found.length).toBe(1);
			expect(found[0]).toEqual(
				expect.arrayContaining([`${GATE_NODES.runnable}#0`, `${GATE_NODES.isSecondCall}#1`, `${GATE_NODES.smallEnough}#0`, `${GATE_NODES.pending}#1`]),
			);
		}
		expect(paths(workflow, GATE_NODES.notify)[0]).toEqual(expect.arrayContaining([`${GATE_NODES.first}#0`, `${GATE_NODES.alone}#0`, `${GATE_NODES.underCap}#0`, `${GATE_NODES.file}#0`]));
		// The action runs only on the claimed branch of a second call the tool could run.
		expect(paths(workflow, tool)).toEqual([expect.arrayContaining([`${GATE_NODES.runnable}#0`, `${GATE_NODES.isSecondCall}#0`, `${GATE_NODES.claimed}#0`])]);
	});
});

describe('after the approved call ran: its outcome, for the page', () => {
	const gate = gates()('docker_manage');
	const CALL = { tool: 'docker_manage', approval_id: 'a1', args_hash: 'H', now: 1_000_000 };
	const outcomeOf = (answer: Record<string, unknown>) => {
		const record = nodeOf(gate, GATE_NODES.recordOutcome).parameters as { filters: { conditions: Array<{ keyName: string; keyValue: string }> }; columns: { value: { outcome: string } } };
		const outputs = { [GATE_NODES.call]: [CALL], docker_manage: [answer] };
		expect(record.filters.conditions.map((c) => [c.keyName, c.keyValue.startsWith('=') ? evaluate(c.keyValue, {}, outputs) : c.keyValue])).toEqual([['deployment', 'hermes-tools'], ['approval_id', 'a1']]);
		return evaluate(record.columns.value.outcome, {}, outputs);
	};

	it.each<[string, Record<string, unknown>, string]>([
		['a success', { success: true, action: 'restart' }, 'succeeded'],
		['a marker', { success: false, error: '__PROTECTED__', retry: 'never_here' }, '__PROTECTED__'],
		['an error without a marker', { error: 'boom', success: 'maybe' }, 'n8n_error'],
		["n8n's own error item (no success field)", { error: 'boom' }, 'n8n_error'],
	])('%s is recorded as %s', (_case, answer, outcome) => {
		expect(outcomeOf(answer)).toBe(outcome);
	});

	it("the tool's node -> the record -> the tool's own answer; a failed record still answers", () => {
		expect(gate.connections.docker_manage.main[0]).toEqual([{ node: GATE_NODES.recordOutcome, type: 'main', index: 0 }]);
		expect(gate.connections[GATE_NODES.recordOutcome].main[0]).toEqual([{ node: GATE_NODES.answer, type: 'main', index: 0 }]);
		expect(nodeOf(gate, GATE_NODES.recordOutcome).onError).toBe('continueRegularOutput');
		const answer = { success: true, action: 'restart', stack: 'blog' };
		expect(JSON.parse(String(evaluate(nodeOf(gate, GATE_NODES.answer).parameters.jsonOutput, {}, { docker_manage: [answer] })))).toEqual(answer);
	});
});

describe("the message within its channel's limit", () => {
	const TELEGRAM = { type: 'telegram', credential: 'Hermes Telegram', chatId: '4242' };
	const request = (name: string) => ({
		approval_id: 'a1',
		secret: 'S3CRET',
		expires_at: 2_000_000,
		summary: 'crm_delete_lead(lead_id=7)',
		args_json: '{"lead_id":7}',
		target_json: JSON.stringify({ name, partner: 'ACME & Co', stage: 'New', expected_revenue: 1 }),
	});
	const message = (approvals: Record<string, unknown>, name: string) =>
		String(evaluate(nodeOf(gates(approvals)('crm_delete_lead'), GATE_NODES.notify).parameters.text, {}, { [GATE_NODES.newSecret]: [request(name)] }));
	/** What Telegram counts: the text once its HTML entities are read. */
	const unescaped = (html: string) => html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

	it.each([
		['a short name', 'Big Deal'],
		['a name renamed to 4,000 characters', 'N'.repeat(4000)],
		['4,000 ampersands (each one entity)', '&'.repeat(4000)],
		['4,000 emoji (two UTF-16 units each)', '\u{1F600}'.repeat(4000)],
	])('Telegram, %s: within 4,096 characters, the link whole at the end', (_what, name) => {
		const text = unescaped(message({ channel: TELEGRAM }, name));
		expect(text.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
		expect(text).toContain('https://n8n.example.com/webhook/hermes-approval?id=a1#s=S3CRET');
		expect(text.endsWith('the link is the approval.')).toBe(true);
	});

	const fit = (body: string, ending: string, limit: number) => String(new Function(`return (${fitted({ subject: "''", body: JSON.stringify(body), ending: JSON.stringify(ending) }, limit)})`)());
	it.each<[string, string, boolean]>([
		['a body that fits', 'x'.repeat(50), false],
		['a body one character over', 'x'.repeat(100 + CUT_NOTICE.length - 10 + 1), true],
		['a body of emoji cut inside a pair', '\u{1F600}'.repeat(200), true],
	])('a message over its limit keeps its ending whole and says it was cut: %s', (_what, body, cut) => {
		const limit = 100 + CUT_NOTICE.length;
		const text = fit(body, '0123456789', limit);
		expect(text.length).toBeLessThanOrEqual(limit);
		expect(text.endsWith('0123456789')).toBe(true);
		expect(text.includes(CUT_NOTICE)).toBe(cut);
		expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(text)).toBe(false);
	});

	it('a target field is capped in the message, with the page named; email is not cut as a whole', () => {
		const text = message({}, 'N'.repeat(4000));
		expect(text).not.toContain('N'.repeat(301));
		expect(text).toContain('the approval page shows this field in full');
		expect(text).not.toContain(CUT_NOTICE);
	});
});
